// Limits of a person's sockets held in Redis, so they hold across app processes (ADR 0083): how many
// sockets are open per session and per person (leases in sorted sets), and the chat messages a person
// may send, one token bucket shared by all of their sockets.
import { redis } from '#app/services/redis.server'
import { SOCKET_CAP_RETRY_SECONDS, TOO_MANY_SOCKETS_SESSION, TOO_MANY_SOCKETS_USER } from '#app/rules/chat'

export type SocketCaps = { perSession: number; perUser: number }
export type MessageBudget = { capacity: number; perSecond: number }

/** Who a socket belongs to: members and customers are counted apart (their ids come from different realms). */
export type SocketOwner = { userId: number; customer: boolean; sessionRowId: string }

/** Redis's clock, so processes whose clocks differ still share one bucket and one lease time. */
const NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`

/**
 * KEYS: the session's and the person's sockets (sorted sets: socket id → lease end). Expired leases
 * (a process that died without saying goodbye) are dropped first. ARGV: socket id, lease ms, caps.
 * Returns 0 (taken), 1 (session full) or 2 (person full).
 */
const ADMIT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 2 end
local expires = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], expires, ARGV[1])
redis.call('ZADD', KEYS[2], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 0`

/** Extends a live socket's lease in both sets (XX: a socket released meanwhile is not brought back). */
const RENEW = `${NOW_MS}
local expires = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 'XX', expires, ARGV[1])
redis.call('ZADD', KEYS[2], 'XX', expires, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 0`

/**
 * A token bucket in a hash (tokens, at): `capacity` at once, refilled at `perSecond`. Takes one token;
 * returns 1, or 0 when none is left (the bucket then stays as it was).
 */
const TAKE = `${NOW_MS}
local capacity = tonumber(ARGV[1])
local perSecond = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) / 1000 * perSecond)
if tokens < 1 then return 0 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / perSecond * 1000) + 1000)
return 1`

// One hash tag per person, so a cluster keeps a person's keys (taken together by one script) on one node.
const personTag = (o: Pick<SocketOwner, 'userId' | 'customer'>) => `{${o.customer ? 'customer' : 'member'}:${o.userId}}`
const sessionKey = (o: SocketOwner) => `ws:${personTag(o)}:session:${o.sessionRowId}`
const personKey = (o: SocketOwner) => `ws:${personTag(o)}:sockets`
/** The person's message budget (tests set it to see a spent budget whatever the machine's speed). */
export const budgetKey = (o: Pick<SocketOwner, 'userId' | 'customer'>) => `ws:${personTag(o)}:messages`

function refusal(status: string, message: string): string {
  const body = Buffer.from(message)
  return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: ${SOCKET_CAP_RETRY_SECONDS}\r\nContent-Length: ${body.length}\r\n\r\n${message}`
}

/**
 * The sockets of this process under the caps. A lease lasts `leaseMs` and is renewed every third of
 * it while the socket is open, so the count a crashed process leaves behind is gone within `leaseMs`.
 */
export function createSocketCaps(caps: SocketCaps, leaseMs: number) {
  const held = new Map<string, SocketOwner>()

  /** Takes a place for the socket, or the HTTP answer that refuses the upgrade (429). */
  async function admit(owner: SocketOwner, socketId: string): Promise<string | null> {
    const taken = Number(await redis().eval(ADMIT, 2, sessionKey(owner), personKey(owner), socketId, leaseMs, caps.perSession, caps.perUser))
    if (taken === 0) {
      held.set(socketId, owner)
      return null
    }
    return refusal('429 Too Many Requests', taken === 1 ? TOO_MANY_SOCKETS_SESSION : TOO_MANY_SOCKETS_USER)
  }

  /** Gives the place back (the socket closed, or its handshake never finished); again is harmless. */
  async function release(socketId: string): Promise<void> {
    const owner = held.get(socketId)
    if (!owner) return
    held.delete(socketId)
    await redis().multi().zrem(sessionKey(owner), socketId).zrem(personKey(owner), socketId).exec()
  }

  async function renewAll(): Promise<void> {
    if (!held.size) return
    const pipeline = redis().pipeline()
    for (const [socketId, owner] of held) pipeline.eval(RENEW, 2, sessionKey(owner), personKey(owner), socketId, leaseMs)
    await pipeline.exec()
  }
  const renewTimer = setInterval(() => renewAll().catch((e: Error) => console.error('[ws] lease renewal failed', e.message)), Math.max(250, Math.floor(leaseMs / 3)))
  renewTimer.unref()

  return {
    admit,
    release,
    /** Sockets this process holds a place for (tests). */
    get size() {
      return held.size
    },
    async close() {
      clearInterval(renewTimer)
      await Promise.all([...held.keys()].map((id) => release(id).catch(() => {})))
    },
  }
}

/** Takes one chat message from the person's budget, shared by every socket of theirs on every process. */
export async function takeMessage(owner: Pick<SocketOwner, 'userId' | 'customer'>, budget: MessageBudget): Promise<boolean> {
  return Number(await redis().eval(TAKE, 1, budgetKey(owner), budget.capacity, budget.perSecond)) === 1
}
