// Redis connections: one shared client for commands, fresh ones for BullMQ's queues, workers and pub/sub.
import { Redis, type RedisOptions } from 'ioredis'
import { env } from './env.server'

/** A command Redis does not answer in this time fails (a hung server, a lost network), instead of holding the request. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000

const globalForRedis = globalThis as unknown as { __draftdeskRedis?: Redis }

/**
 * Fails fast once connected (ADR 0086): while Redis is away every command is refused at once
 * (enableOfflineQueue off) instead of waiting in a queue for a server that may never come back.
 * Before the first connection commands wait, so the first request of a fresh process is not
 * refused for arriving a millisecond early. Reconnecting goes on in the background all along.
 */
function failFast(options: RedisOptions): Redis {
  const client = new Redis(env().REDIS_URL, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // A command whose connection died before its answer fails (503) rather than being sent again later,
    // after its request was already told no.
    autoResendUnfulfilledCommands: false,
    // Back within half a second of Redis returning (the default waits up to 2 s between attempts).
    retryStrategy: (times) => Math.min(times * 50, 500),
    ...options,
  })
  // One line per outage, not one per reconnect attempt (ioredis's default prints each as an unhandled error).
  let reported = false
  client.on('ready', () => {
    client.options.enableOfflineQueue = false
    reported = false
  })
  client.on('error', (error) => {
    if (reported) return
    reported = true
    console.error(`[redis] ${error.message}`)
  })
  return client
}

export function redis(): Redis {
  return (globalForRedis.__draftdeskRedis ??= failFast({}))
}

/** The connection of a BullMQ queue (a producer): adding a job while Redis is away fails at once. */
export function newProducerConnection(): Redis {
  return failFast({})
}

/** BullMQ workers block on Redis, so they need their own connection with no retry limit. */
export function newRedisConnection(): Redis {
  return new Redis(env().REDIS_URL, { maxRetriesPerRequest: null })
}
