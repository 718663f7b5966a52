// Websockets (ADR 0041), put together from four parts: the transport on /ws (transport.ts), who may
// hold a socket (authorisation.ts), the chat protocol (chat-protocol.ts), and the Redis fan-out across
// app processes (fan-out.ts). Every socket listens on `user:<id>` (notifications); chat rooms are
// joined by a `subscribe` the server authorises first.
import type { Server } from 'node:http'
import type { AuthUser } from '#app/models/account.server'
import { channelClientId } from '#app/models/chat.server'
import { CLOSE_SESSION_ENDED, SOCKET_CAPS, SOCKET_LIMITS } from '#app/rules/chat'
import { authoriseUpgrade, liveSessions, reloadUser, tenantFor } from './authorisation'
import { createChatProtocol, type RoomCheck } from './chat-protocol'
import { createFanOut } from './fan-out'
import { createSocketCaps, type MessageBudget, type SocketCaps, takeMessage } from './limits'
import { createTransport } from './transport'

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
    // Operator knobs in every environment (ADR 0083; the bench raises them for its 500 tabs of one owner).
    /** Open sockets per session and per person, and how long a socket's place outlives a process that died. */
    caps: {
      perSession: number(source.REALTIME_SOCKETS_PER_SESSION, SOCKET_CAPS.perSession),
      perUser: number(source.REALTIME_SOCKETS_PER_USER, SOCKET_CAPS.perUser),
    } as SocketCaps,
    capLeaseMs: 90_000,
    /** Chat messages per person across all of their sockets: a burst, then so many a second. */
    messageBudget: {
      capacity: number(source.REALTIME_MESSAGE_BURST, SOCKET_LIMITS.messages.capacity),
      perSecond: number(source.REALTIME_MESSAGES_PER_SECOND, SOCKET_LIMITS.messages.perSecond),
    } as MessageBudget,
  }
}

export function attachRealtime(server: Server, tuning = realtimeTuning()) {
  const caps = createSocketCaps(tuning.caps, tuning.capLeaseMs)
  const transport = createTransport(server, tuning.idleTimeoutMs, {
    authorise: authoriseUpgrade,
    admit: (identity, socketId) => caps.admit({ userId: identity.user.id, customer: !!identity.customer, sessionRowId: identity.sessionRowId }, socketId),
    vacate: (socketId) => void caps.release(socketId).catch((e: Error) => console.error('[ws] releasing a socket place failed', e.message)),
    opened: (c) => void fanOut.join(c, `user:${c.user.id}`).catch((e) => console.error('[ws] join failed', e)),
    frame: (c, raw) => protocol.handleFrame(c, raw),
    released: (c) => {
      protocol.forgetAll(c)
      fanOut.leaveAll(c)
    },
  })
  const fanOut = createFanOut({ deliver: transport.deliver, ownerOf: channelClientId })
  const protocol = createChatProtocol({
    send: transport.send,
    drop: transport.drop,
    join: fanOut.join,
    leave: fanOut.leave,
    takeMessage: (c) => takeMessage({ userId: c.user.id, customer: !!c.customer }, tuning.messageBudget),
    recheckMs: tuning.recheckMs,
  })

  /** Sessions ended, accounts deactivated, rights withdrawn: the sockets concerned are closed or leave the room. */
  async function sweep() {
    await protocol.refreshPresence().catch((e) => console.error('[ws] presence refresh failed', e.message))
    const open = [...transport.clients()].filter((c) => !c.closed)
    if (!open.length) return
    const alive = await liveSessions([...new Set(open.map((c) => c.sessionRowId))])
    const users = new Map<string, Promise<AuthUser | null>>()
    const rooms = new Map<string, Promise<RoomCheck>>()
    const now = Date.now()
    for (const c of open) {
      if (!alive.has(c.sessionRowId)) {
        transport.drop(c, CLOSE_SESSION_ENDED, 'Session ended')
        continue
      }
      if (!c.rooms.size) continue
      const userKey = `${c.customer ? 'customer' : 'member'}|${c.user.id}|${c.user.clientId}`
      if (!users.has(userKey)) users.set(userKey, reloadUser(c))
      const user = await users.get(userKey)!
      if (!user) {
        transport.drop(c, CLOSE_SESSION_ENDED, 'Session ended')
        continue
      }
      c.user = user
      c.userCheckedAt = now
      await protocol.recheckRooms(c, tenantFor(user, c.customer, c.logInAs), userKey, rooms)
    }
  }

  let sweeping = false
  const sweepTimer = setInterval(() => {
    if (sweeping) return
    sweeping = true
    sweep()
      .catch((e) => console.error('[ws] sweep failed', e))
      .finally(() => (sweeping = false))
  }, tuning.sessionCheckMs)

  return {
    /** Sockets open on this process (tests and the bench). */
    get size() {
      return transport.clients().size
    },
    close: async () => {
      clearInterval(sweepTimer)
      transport.close()
      await Promise.all([fanOut.close(), caps.close()])
    },
  }
}
