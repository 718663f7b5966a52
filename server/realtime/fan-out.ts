// Fan-out across app processes through Redis pub/sub (ADR 0041): a process subscribes only to the
// channels its own sockets are in, and hands each message to those sockets as the one string it got.
import { realtimeChannelPrefix } from '#app/services/realtime-publish.server'
import { newRedisConnection } from '#app/services/redis.server'
import type { Client } from './client'

export type FanOut = ReturnType<typeof createFanOut>

/**
 * `deliver` writes one message to one socket; `ownerOf` names the organisation a channel belongs to
 * (null: none), whose sockets alone may get it.
 */
export function createFanOut(opts: { deliver: (c: Client, message: Buffer) => void; ownerOf: (channel: string) => number | null }) {
  const CHANNEL_PREFIX = realtimeChannelPrefix()
  const local = new Map<string, Set<Client>>()
  const subscribing = new Map<string, Promise<unknown>>()
  const subscriber = newRedisConnection()
  subscriber.on('error', (e) => console.error('[ws] redis', e.message))
  subscriber.on('messageBuffer', (redisChannel: Buffer, message: Buffer) => {
    const channel = redisChannel.toString().slice(CHANNEL_PREFIX.length)
    const members = local.get(channel)
    if (!members) return
    // A chat channel names its organisation: a socket of any other one never gets it, whatever joined it.
    const owner = opts.ownerOf(channel)
    // The bytes as Redis gave them, as a text frame to each socket: encoded once, not once per socket.
    for (const c of members) {
      if (owner !== null && owner !== c.user.clientId) continue
      opts.deliver(c, message)
    }
  })

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

  /** Out of every channel (a socket gone). */
  function leaveAll(c: Client) {
    for (const channel of [...c.channels]) leave(c, channel)
  }

  return { join, leave, leaveAll, close: () => subscriber.quit() }
}
