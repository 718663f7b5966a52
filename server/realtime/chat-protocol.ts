// The chat protocol over the socket: subscribe to a room (authorised by the chat model), its history,
// read marks, new messages, who is watching; and the re-check that takes a socket out of rooms it lost.
import { clientFrameSchema, type ClientFrame, type NewMessageFrame, type RoomFrame } from '#app/models/chat.schema'
import {
  announceParticipant,
  type ChatActor,
  type ChatRefusal,
  markRoomRead,
  openRoom,
  presenceKey,
  roomAddress,
  roomChannel,
  roomHistory,
  sendChatMessage,
} from '#app/models/chat.server'
import { CLOSE_SESSION_ENDED, NOT_SUBSCRIBED, RATE_LIMITED } from '#app/rules/chat'
import { firstAnnouncement, markAbsent, markPresent } from '#app/services/chat-presence.server'
import { freshUser, sessionStands, tenantFor } from './authorisation'
import type { Client } from './client'

/** A room's key on a socket: `chatType:orderId` or `adminToWriter:writerId` (a contributor's own when unnamed). */
function roomKey(frame: { chatType?: string; orderId?: string; writerId?: string }, ownPublicId: string): string {
  const chatType = frame.chatType === 'customerToWriter' ? 'writerToCustomer' : (frame.chatType ?? 'project')
  return `${chatType}:${chatType === 'adminToWriter' ? (frame.writerId ?? ownPublicId) : (frame.orderId ?? '')}`
}

function refusalFrame(refusal: ChatRefusal, frame: { chatType?: string; orderId?: string; writerId?: string; ref?: string }) {
  return { type: 'error', code: refusal.code, message: refusal.error, chatType: frame.chatType ?? 'project', orderId: frame.orderId, writerId: frame.writerId, ref: frame.ref }
}

export type RoomCheck = Awaited<ReturnType<typeof openRoom>>

export type ChatProtocol = ReturnType<typeof createChatProtocol>

export function createChatProtocol(io: {
  send: (c: Client, event: Record<string, unknown>) => void
  drop: (c: Client, code: number, reason: string) => void
  join: (c: Client, channel: string) => Promise<void>
  leave: (c: Client, channel: string) => void
  /** One chat message from the person's budget (false: none left). */
  takeMessage: (c: Client) => Promise<boolean>
  /** How long a read of the account stays good for a frame. */
  recheckMs: number
}) {
  const { send, drop, join, leave } = io

  /** People watching each conversation through this process's sockets: `presenceKey|userId` → sockets. */
  const watching = new Map<string, number>()
  function watch(presence: string, userId: number) {
    const k = `${presence}|${userId}`
    const n = (watching.get(k) ?? 0) + 1
    watching.set(k, n)
    if (n === 1) markPresent(presence, [userId]).catch((e) => console.error('[ws] presence', e.message))
  }
  function unwatch(presence: string, userId: number) {
    const k = `${presence}|${userId}`
    const n = (watching.get(k) ?? 0) - 1
    if (n > 0) return void watching.set(k, n)
    watching.delete(k)
    markAbsent(presence, userId).catch((e) => console.error('[ws] presence', e.message))
  }
  /** Still here: every entry of this process is refreshed before it lapses. */
  async function refreshPresence() {
    const byRoom = new Map<string, number[]>()
    for (const k of watching.keys()) {
      const at = k.lastIndexOf('|')
      const room = k.slice(0, at)
      byRoom.set(room, [...(byRoom.get(room) ?? []), Number(k.slice(at + 1))])
    }
    await Promise.all([...byRoom].map(([room, ids]) => markPresent(room, ids)))
  }

  /** Out of one room; out of its channel too unless another room of the socket shares it. */
  function forget(c: Client, key: string) {
    const sub = c.rooms.get(key)
    if (!sub) return
    c.rooms.delete(key)
    unwatch(sub.presence, c.user.id)
    if (![...c.rooms.values()].some((other) => other.channel === sub.channel)) leave(c, sub.channel)
  }

  /** Out of every room (a socket gone). */
  function forgetAll(c: Client) {
    for (const key of [...c.rooms.keys()]) forget(c, key)
  }

  async function handleFrame(c: Client, raw: string) {
    if (c.closed) return
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return send(c, { type: 'error', code: 'bad_request', message: 'Not JSON' })
    }
    const result = clientFrameSchema.safeParse(parsed)
    if (!result.success) {
      const issue = result.error.issues[0]
      const ref = parsed && typeof parsed === 'object' && typeof (parsed as { ref?: unknown }).ref === 'string' ? (parsed as { ref: string }).ref : undefined
      return send(c, { type: 'error', code: 'bad_request', message: issue ? `${issue.path.join('.') || 'frame'}: ${issue.message}` : 'Bad frame', ref })
    }
    const frame: ClientFrame = result.data
    if (frame.type === 'ping') return send(c, { type: 'pong' })
    const now = Date.now()
    if (!(await sessionStands(c, frame.type === 'new_message'))) return drop(c, CLOSE_SESSION_ENDED, 'Session ended')
    const user = await freshUser(c, now, io.recheckMs)
    if (!user) return drop(c, CLOSE_SESSION_ENDED, 'Session ended')
    const t = tenantFor(user, c.customer, c.logInAs)
    if ('ok' in t) return send(c, refusalFrame(t, frame))
    switch (frame.type) {
      case 'subscribe':
        return subscribe(c, t, frame)
      case 'request_all_messages':
      case 'mark_read': {
        const sub = c.rooms.get(roomKey(frame, c.user.publicId))
        if (!sub) return send(c, refusalFrame({ ok: false, code: 'bad_request', error: NOT_SUBSCRIBED }, frame))
        if (frame.type === 'mark_read') return void (await markRoomRead(t, sub.room))
        const history = await roomHistory(t, sub.room, { before: frame.before })
        return send(c, { type: 'all_messages', ...roomAddress(sub.room), before: frame.before ?? null, ...history })
      }
      case 'new_message':
        return newMessage(c, t, frame)
    }
  }

  async function subscribe(c: Client, t: ChatActor, frame: Extract<RoomFrame, { type: 'subscribe' }>) {
    const opened = await openRoom(t, frame)
    if (!opened.ok) return send(c, refusalFrame(opened, frame))
    const room = opened.room
    const channel = roomChannel(t.clientId, room)
    const key = roomKey(roomAddress(room), c.user.publicId)
    if (c.rooms.get(key)?.channel !== channel) forget(c, key)
    // Listening first, then reading the history: a message stored in between arrives live, none is lost.
    await join(c, channel)
    // Gone while waiting: release() already ran and must not be undone.
    if (c.closed) return
    const presence = presenceKey(t.clientId, room)
    if (!c.rooms.has(key)) watch(presence, c.user.id)
    c.rooms.set(key, { room, channel, presence, checkedAt: Date.now() })
    const history = await roomHistory(t, room)
    send(c, { type: 'all_messages', ...roomAddress(room), before: null, ...history })
    await markRoomRead(t, room)
    if (await firstAnnouncement(`${c.user.id}|${channel}|${key}`)) await announceParticipant(t, room)
  }

  async function newMessage(c: Client, t: ChatActor, frame: NewMessageFrame) {
    const key = roomKey(frame, c.user.publicId)
    if (!c.rooms.has(key)) return send(c, refusalFrame({ ok: false, code: 'bad_request', error: NOT_SUBSCRIBED }, frame))
    // One budget per person, whichever of their sockets (and processes) the messages come through.
    if (!(await io.takeMessage(c))) return send(c, refusalFrame({ ok: false, code: 'rate_limited', error: RATE_LIMITED }, frame))
    // Authorised again with what is true now (a contributor unassigned, a permission taken away).
    const opened = await openRoom(t, frame)
    if (!opened.ok) {
      forget(c, key)
      return send(c, refusalFrame(opened, frame))
    }
    const text = frame.content ?? frame.message ?? ''
    const outgoing = frame.message_type === 'file' ? { kind: 'file' as const, key: frame.data?.key ?? '' } : { kind: 'text' as const, content: text, format: 'html' as const }
    const sent = await sendChatMessage(t, opened.room, outgoing)
    if (!sent.ok) send(c, refusalFrame(sent, frame))
  }

  /**
   * The rooms of a socket checked again as `t` (or its refusal) now stands; rooms it lost are left with
   * their refusal. `checked` shares one check per account and room across the sockets of one pass.
   */
  async function recheckRooms(c: Client, t: ChatActor | ChatRefusal, userKey: string, checked: Map<string, Promise<RoomCheck>>) {
    for (const [key, sub] of c.rooms) {
      const address = roomAddress(sub.room)
      const check = `${userKey}|${key}`
      if (!checked.has(check)) checked.set(check, 'ok' in t ? Promise.resolve(t as ChatRefusal) : openRoom(t, address))
      const opened = await checked.get(check)!
      if (opened.ok) continue
      forget(c, key)
      send(c, refusalFrame(opened, address))
    }
  }

  return { handleFrame, forgetAll, refreshPresence, recheckRooms }
}
