// One open socket and what the realtime modules keep on it: its account, its channels and chat rooms, its limits.
import type { WebSocket } from 'ws'
import type { AuthUser } from '#app/models/account.server'
import type { ChatRoom } from '#app/models/chat.server'
import { SOCKET_LIMITS, type Bucket } from '#app/rules/chat'

export type Subscription = { room: ChatRoom; channel: string; presence: string; checkedAt: number }

export type Client = {
  /** Names the socket's place under the caps (limits.ts). */
  id: string
  socket: WebSocket
  cookie: string
  /** sha256 of the session token: the sessions row this socket lives on. */
  sessionRowId: string
  user: AuthUser
  userCheckedAt: number
  channels: Set<string>
  /** Rooms by `chatType:orderId|writerId`; several contributor rooms of the admins share one channel. */
  rooms: Map<string, Subscription>
  /** Frames of any kind; chat messages are counted per person in Redis (limits.ts). */
  buckets: { frames: Bucket }
  lastFrameAt: number
  queue: Promise<void>
  closed: boolean
  /** A customer of the host's organisation (the portal's messages, ADR 0063); null for a member. */
  customer: { impersonated: boolean } | null
  /** A member's log-in-as session (someone signed in as them): a contributor's work is refused (ADR 0067). */
  logInAs: boolean
}

/** Who an upgrade was authorised as (authorisation.ts). */
export type SocketIdentity = { user: AuthUser; cookie: string; sessionRowId: string; customer?: { impersonated: boolean } | null; logInAs?: boolean }

export function newClient(socket: WebSocket, identity: SocketIdentity, now: number, id: string): Client {
  return {
    id,
    socket,
    cookie: identity.cookie,
    sessionRowId: identity.sessionRowId,
    user: identity.user,
    userCheckedAt: now,
    channels: new Set(),
    rooms: new Map(),
    buckets: { frames: { tokens: SOCKET_LIMITS.frames.capacity, at: now } },
    lastFrameAt: now,
    queue: Promise.resolve(),
    closed: false,
    customer: identity.customer ?? null,
    logInAs: identity.logInAs ?? false,
  }
}
