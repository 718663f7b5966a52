// Redis connections: one shared client for commands, fresh ones for BullMQ and pub/sub.
import { Redis } from 'ioredis'
import { env } from './env.server'

const globalForRedis = globalThis as unknown as { __draftdeskRedis?: Redis }

export function redis(): Redis {
  return (globalForRedis.__draftdeskRedis ??= new Redis(env().REDIS_URL, { maxRetriesPerRequest: 3 }))
}

/** BullMQ workers block on Redis, so they need their own connection with no retry limit. */
export function newRedisConnection(): Redis {
  return new Redis(env().REDIS_URL, { maxRetriesPerRequest: null })
}
