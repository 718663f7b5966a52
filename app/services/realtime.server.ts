// Websockets: authenticated connections on /ws, the chat protocol, and fan-out across app processes
// through Redis pub/sub (ADR 0041). Every socket listens on `user:<id>` (notifications); chat rooms
// are joined by a `subscribe` the server authorises first. A process subscribes in Redis only to the
// channels its own sockets are in, and hands each message to those sockets as the one string it got.
import { createHash } from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Socket as NetSocket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { type AuthUser, loadAuthUser, paymentDueDays, trialDaysLeft } from '#app/models/account.server'
import { clientFrameSchema, type ClientFrame, type NewMessageFrame, type RoomFrame } from '#app/models/chat.schema'
import {
  announceParticipant,
  type ChatRefusal,
  type ChatRoom,
  channelClientId,
  markRoomRead,
  openRoom,
  presenceKey,
  roomAddress,
  roomChannel,
  roomHistory,
  sendChatMessage,
} from '#app/models/chat.server'
import { sidebarRestricted } from '#app/rules/account-status'
import {
  CHAT_SEND_FAILED,
  CLOSE_IDLE,
  CLOSE_POLICY,
  CLOSE_SESSION_ENDED,
  MAX_FRAME_BYTES,
  NOT_SUBSCRIBED,
  RATE_LIMITED,
  SOCKET_LIMITS,
  takeToken,
  type Bucket,
} from '#app/rules/chat'
import { isSessionAlive } from '#app/rules/session-lifetime'
import { isFromOurOrigin } from '#app/rules/same-origin'
import { hasSessionCookie, trustedOrigins } from './origin.server'
import { HOST_CLIENT_HEADER } from './request-host.server'
import { resolveHost } from '#app/models/platform-domains.server'
import { hostnameOfHeader } from '#app/rules/domains'
import { ACCOUNT_LOCKED_MESSAGE, getAuth, ORGANISATION_REQUIRED, type Tenant, tenantOf } from './auth.server'
import { platformDb } from './db.server'
import { REALTIME_CHANNEL_PREFIX as CHANNEL_PREFIX } from './realtime-publish.server'
import { markAbsent, markPresent } from './chat-presence.server'
import { newRedisConnection } from './redis.server'
import { sessionStorage } from './session.server'

/** How often sessions, accounts and room rights of open sockets are checked again, and silence tolerated. */
export function realtimeTuning(source: Record<string, string | undefined> = process.env) {
  const number = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Number(value) : fallback)
  // Shorter values only outside production: the tests shrink them to see a socket closed in seconds.
  const tunable = source.NODE_ENV !== 'production' || source.APP_ENV === 'test'
  return {
    sessionCheckMs: tunable ? number(source.REALTIME_SESSION_CHECK_MS, 30_000) : 30_000,
    // The browser pings every 60 s and gives up 20 s later; the server allows a little more.
    idleTimeoutMs: tunable ? number(source.REALTIME_IDLE_TIMEOUT_MS, 90_000) : 90_000,
    /** A user and their rooms are re-read at most this long after the last read, when they act. */
    recheckMs: 10_000,
  }
}

/** A slow reader's queue past this is dropped with the socket, so one stalled browser cannot hold the process's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024
/** One new_participant per person and room per process in this window (reconnect storms announce once). */
const ANNOUNCE_EVERY_MS = 30_000

type Subscription = { room: ChatRoom; channel: string; presence: string; checkedAt: number }

type Client = {
  socket: WebSocket
  cookie: string
  /** sha256 of the session token: the sessions row this socket lives on. */
  sessionRowId: string
  user: AuthUser
  userCheckedAt: number
  channels: Set<string>
  /** Rooms by `chatType:orderId|writerId`; several contributor rooms of the admins share one channel. */
  rooms: Map<string, Subscription>
  buckets: { messages: Bucket; frames: Bucket }
  lastFrameAt: number
  queue: Promise<void>
  closed: boolean
}

/**
 * Cross-site websocket hijacking: a page elsewhere can open a socket to us with the visitor's
 * cookie, so the upgrade must come from our own origin (the same rule as state-changing requests).
 */
function fromOurOrigin(req: IncomingMessage): boolean {
  const header = (name: string) => {
    const value = req.headers[name]
    return typeof value === 'string' ? value : null
  }
  const evidence = { method: 'GET', upgrade: true, origin: header('origin'), secFetchSite: header('sec-fetch-site'), referer: null }
  return isFromOurOrigin({ ...evidence, hasSessionCookie: hasSessionCookie(req.headers.cookie) }, trustedOrigins(req))
}

/** A room's key on a socket: `chatType:orderId` or `adminToWriter:writerId` (a contributor's own when unnamed). */
function roomKey(frame: { chatType?: string; orderId?: string; writerId?: string }, ownPublicId: string): string {
  const chatType = frame.chatType === 'customerToWriter' ? 'writerToCustomer' : (frame.chatType ?? 'project')
  return `${chatType}:${chatType === 'adminToWriter' ? (frame.writerId ?? ownPublicId) : (frame.orderId ?? '')}`
}

/** Which of these sessions rows are alive now, read without touching them (a periodic check is not activity). */
async function liveSessions(rowIds: string[], now = Date.now()): Promise<Set<string>> {
  const alive = new Set<string>()
  for (let i = 0; i < rowIds.length; i += 500) {
    const rows = await platformDb
      .selectFrom('sessions')
      .select(['id', 'data', 'expires_at', 'created_at'])
      .where('id', 'in', rowIds.slice(i, i + 500))
      .execute()
    for (const row of rows) {
      const data = row.data as { createdAt?: unknown; lastSeenAt?: unknown; remember?: unknown }
      const createdAt = typeof data.createdAt === 'number' ? data.createdAt : new Date(row.created_at).getTime()
      const lastSeenAt = typeof data.lastSeenAt === 'number' ? data.lastSeenAt : createdAt
      if (row.expires_at.getTime() > now && isSessionAlive({ createdAt, lastSeenAt, remember: data.remember === true }, now)) alive.add(row.id)
    }
  }
  return alive
}

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}

export function attachRealtime(server: Server, tuning = realtimeTuning()) {
  // A frame over the limit closes the socket (1009) before it is parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const clients = new Set<Client>()
  const local = new Map<string, Set<Client>>()
  const subscribing = new Map<string, Promise<unknown>>()
  const announced = new Map<string, number>()
  const subscriber = newRedisConnection()
  subscriber.on('error', (e) => console.error('[ws] redis', e.message))
  subscriber.on('messageBuffer', (redisChannel: Buffer, message: Buffer) => {
    const channel = redisChannel.toString().slice(CHANNEL_PREFIX.length)
    const members = local.get(channel)
    if (!members) return
    // A chat channel names its organisation: a socket of any other one never gets it, whatever joined it.
    const owner = channelClientId(channel)
    // The bytes as Redis gave them, as a text frame to each socket: encoded once, not once per socket.
    for (const c of members) {
      if (owner !== null && owner !== c.user.clientId) continue
      deliver(c, message)
    }
  })

  // Fan-out cost is one write (a syscall) per socket and frame. Frames for a socket within one turn of
  // the event loop (a busy room: Redis hands over several messages at once) leave in a single write: the
  // TCP socket under ws is corked until the turn ends. ws keeps it as `_socket` (ws 8).
  const corked = new Set<NetSocket>()
  const uncorkAll = () => {
    for (const raw of corked) raw.uncork()
    corked.clear()
  }
  function deliver(c: Client, message: string | Buffer) {
    if (c.closed || c.socket.readyState !== c.socket.OPEN) return
    if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void c.socket.terminate()
    const raw = (c.socket as unknown as { _socket?: NetSocket })._socket
    if (raw && !corked.has(raw)) {
      if (corked.size === 0) setImmediate(uncorkAll)
      raw.cork()
      corked.add(raw)
    }
    c.socket.send(message, { binary: false })
  }

  function send(c: Client, event: Record<string, unknown>) {
    deliver(c, JSON.stringify(event))
  }

  /** Adds the socket to a channel; resolves once Redis delivers the channel to this process. */
  async function join(c: Client, channel: string) {
    if (c.closed) return
    let members = local.get(channel)
    if (!members) {
      local.set(channel, (members = new Set()))
      subscribing.set(
        channel,
        subscriber.subscribe(`${CHANNEL_PREFIX}${channel}`).finally(() => subscribing.delete(channel)),
      )
    }
    members.add(c)
    c.channels.add(channel)
    await subscribing.get(channel)
  }

  function leave(c: Client, channel: string) {
    c.channels.delete(channel)
    const members = local.get(channel)
    if (!members) return
    members.delete(c)
    if (members.size === 0) {
      local.delete(channel)
      subscriber.unsubscribe(`${CHANNEL_PREFIX}${channel}`).catch(() => {})
    }
  }

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

  /** A socket gone: out of every room and channel. */
  function release(c: Client) {
    c.closed = true
    for (const key of [...c.rooms.keys()]) forget(c, key)
    for (const channel of [...c.channels]) leave(c, channel)
    clients.delete(c)
  }

  function drop(c: Client, code: number, reason: string) {
    if (c.closed) return
    release(c)
    try {
      c.socket.close(code, reason)
    } catch {
      c.socket.terminate()
    }
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => c.socket.terminate(), 5000).unref()
  }

  /** The session still stands: chat messages count as activity (they keep an idle session alive), other frames do not. */
  async function sessionStands(c: Client, activity: boolean): Promise<boolean> {
    if (!activity) return (await liveSessions([c.sessionRowId])).has(c.sessionRowId)
    const session = await sessionStorage().getSession(c.cookie)
    return session.get('userId') === c.user.id && (session.get('clientId') ?? null) === c.user.clientId
  }

  /** The account as it is now (deactivation, permission changes), re-read at most every few seconds. */
  async function freshUser(c: Client, now: number): Promise<AuthUser | null> {
    if (now - c.userCheckedAt < tuning.recheckMs) return c.user
    const user = await loadAuthUser(c.user.id, c.user.clientId)
    if (!user) return null
    c.user = user
    c.userCheckedAt = now
    return user
  }

  function refusalFrame(refusal: ChatRefusal, frame: { chatType?: string; orderId?: string; writerId?: string; ref?: string }) {
    return { type: 'error', code: refusal.code, message: refusal.error, chatType: frame.chatType ?? 'project', orderId: frame.orderId, writerId: frame.writerId, ref: frame.ref }
  }

  /** The tenant a chat frame acts as, or why it may not act at all. */
  function tenantFor(user: AuthUser): Tenant | ChatRefusal {
    if (user.clientId === null) return { ok: false, code: 'forbidden', error: ORGANISATION_REQUIRED }
    // A locked organisation keeps only its billing pages; its chat is closed too.
    if (sidebarRestricted(user.packageStatus, paymentDueDays(user), trialDaysLeft(user))) return { ok: false, code: 'forbidden', error: ACCOUNT_LOCKED_MESSAGE }
    return tenantOf(user as AuthUser & { clientId: number })
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
    const user = await freshUser(c, now)
    if (!user) return drop(c, CLOSE_SESSION_ENDED, 'Session ended')
    const t = tenantFor(user)
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

  async function subscribe(c: Client, t: Tenant, frame: Extract<RoomFrame, { type: 'subscribe' }>) {
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
    const announceKey = `${c.user.id}|${channel}|${key}`
    if ((announced.get(announceKey) ?? 0) < Date.now() - ANNOUNCE_EVERY_MS) {
      announced.set(announceKey, Date.now())
      await announceParticipant(t, room)
    }
  }

  async function newMessage(c: Client, t: Tenant, frame: NewMessageFrame) {
    const key = roomKey(frame, c.user.publicId)
    if (!c.rooms.has(key)) return send(c, refusalFrame({ ok: false, code: 'bad_request', error: NOT_SUBSCRIBED }, frame))
    const bucket = takeToken(c.buckets.messages, SOCKET_LIMITS.messages, Date.now())
    if (!bucket) return send(c, refusalFrame({ ok: false, code: 'rate_limited', error: RATE_LIMITED }, frame))
    c.buckets.messages = bucket
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

  /** Sessions ended, accounts deactivated, rights withdrawn: the sockets concerned are closed or leave the room. */
  async function sweep() {
    await refreshPresence().catch((e) => console.error('[ws] presence refresh failed', e.message))
    const open = [...clients].filter((c) => !c.closed)
    if (!open.length) return
    const alive = await liveSessions([...new Set(open.map((c) => c.sessionRowId))])
    const users = new Map<string, Promise<AuthUser | null>>()
    const rooms = new Map<string, Promise<Awaited<ReturnType<typeof openRoom>>>>()
    const now = Date.now()
    for (const c of open) {
      if (!alive.has(c.sessionRowId)) {
        drop(c, CLOSE_SESSION_ENDED, 'Session ended')
        continue
      }
      if (!c.rooms.size) continue
      const userKey = `${c.user.id}|${c.user.clientId}`
      if (!users.has(userKey)) users.set(userKey, loadAuthUser(c.user.id, c.user.clientId))
      const user = await users.get(userKey)!
      if (!user) {
        drop(c, CLOSE_SESSION_ENDED, 'Session ended')
        continue
      }
      c.user = user
      c.userCheckedAt = now
      const t = tenantFor(user)
      for (const [key, sub] of c.rooms) {
        const address = roomAddress(sub.room)
        const check = `${userKey}|${key}`
        if (!rooms.has(check)) rooms.set(check, 'ok' in t ? Promise.resolve(t as ChatRefusal) : openRoom(t, address))
        const opened = await rooms.get(check)!
        if (opened.ok) continue
        forget(c, key)
        send(c, refusalFrame(opened, address))
      }
    }
    for (const [key, at] of announced) if (at < now - ANNOUNCE_EVERY_MS) announced.delete(key)
  }

  function closeIdle() {
    const cutoff = Date.now() - tuning.idleTimeoutMs
    for (const c of clients) if (c.lastFrameAt < cutoff) drop(c, CLOSE_IDLE, 'No heartbeat')
  }

  let sweeping = false
  const sweepTimer = setInterval(() => {
    if (sweeping) return
    sweeping = true
    sweep()
      .catch((e) => console.error('[ws] sweep failed', e))
      .finally(() => (sweeping = false))
  }, tuning.sessionCheckMs)
  const idleTimer = setInterval(closeIdle, Math.max(250, Math.min(10_000, Math.floor(tuning.idleTimeoutMs / 3))))

  server.on('upgrade', async (req: IncomingMessage, socket, head) => {
    // Node stops watching an upgraded socket: a client resetting it mid-check must not crash the process.
    socket.on('error', () => socket.destroy())
    if (!req.url?.startsWith('/ws')) return socket.destroy()
    // The Host as for every HTTP request (server/tenant-host.ts, ADR 0044): unknown hosts get nothing,
    // an organisation's own host trusts its origin and only its sessions.
    delete req.headers[HOST_CLIENT_HEADER]
    const host = await resolveHost(hostnameOfHeader(req.headers.host)).catch(() => ({ kind: 'unknown' as const }))
    if (host.kind === 'unknown') {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return socket.destroy()
    }
    const hostHeaders: Record<string, string> = host.kind === 'tenant' ? { [HOST_CLIENT_HEADER]: String(host.clientId) } : {}
    Object.assign(req.headers, hostHeaders)
    if (!fromOurOrigin(req)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return socket.destroy()
    }
    const cookie = req.headers.cookie ?? ''
    const request = new Request(`http://localhost${req.url}`, { headers: { cookie, ...hostHeaders } })
    const { user, session } = await getAuth(request).catch(() => ({ user: null, session: null }))
    if (!user || !session?.id) {
      socket.write('HTTP/1.1 401 Unauthorized\r\n\r\n')
      return socket.destroy()
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const now = Date.now()
      const client: Client = {
        socket: ws,
        cookie,
        sessionRowId: sha256(session.id),
        user,
        userCheckedAt: now,
        channels: new Set(),
        rooms: new Map(),
        buckets: { messages: { tokens: SOCKET_LIMITS.messages.capacity, at: now }, frames: { tokens: SOCKET_LIMITS.frames.capacity, at: now } },
        lastFrameAt: now,
        queue: Promise.resolve(),
        closed: false,
      }
      clients.add(client)
      join(client, `user:${user.id}`).catch((e) => console.error('[ws] join failed', e))
      ws.on('message', (raw, isBinary) => {
        const at = Date.now()
        client.lastFrameAt = at
        const frames = takeToken(client.buckets.frames, SOCKET_LIMITS.frames, at)
        if (!frames) return drop(client, CLOSE_POLICY, 'Too many frames')
        client.buckets.frames = frames
        if (isBinary) return send(client, { type: 'error', code: 'bad_request', message: 'Frames are JSON text' })
        // One frame at a time per socket, in the order sent (each may wait on the database).
        client.queue = client.queue
          .then(() => handleFrame(client, String(raw)))
          .catch((e) => {
            console.error('[ws] frame failed', e)
            send(client, { type: 'error', code: 'server_error', message: CHAT_SEND_FAILED })
          })
      })
      // A frame over maxPayload or otherwise invalid: ws closes the socket (1009, 1002...); without
      // a listener the 'error' it emits would take the whole server down.
      ws.on('error', () => ws.terminate())
      ws.on('close', () => release(client))
    })
  })

  return {
    /** Sockets open on this process (tests and the bench). */
    get size() {
      return clients.size
    },
    close: async () => {
      clearInterval(sweepTimer)
      clearInterval(idleTimer)
      // Going away: browsers reconnect, behind a load balancer to another process.
      for (const c of clients) drop(c, 1001, 'Server restarting')
      wss.close()
      await subscriber.quit()
    },
  }
}
