// Publishing to websocket clients from anywhere (routes, models, workers): a Redis message on a channel
// that every app process's socket server (server/realtime/) listens to, so a socket connected to any
// process receives it. Channels: `user:<id>` (every socket of that account), `order:<id>` (a project room).
import { env } from './env.server'
import { redis } from './redis.server'

/**
 * `rt:<database>:`. Redis pub/sub ignores the database number (SELECT), so the channels carry it: two apps
 * on one Redis server with their own databases (the test run's Vitest workers, each on a cloned database
 * where account ids repeat) never hear each other's events.
 */
export function realtimeChannelPrefix(): string {
  const database = new URL(env().REDIS_URL).pathname.replace(/^\//, '') || '0'
  return `rt:${database}:`
}

/** Sends `event` (JSON) to every socket subscribed to `channel` on every app process. */
export async function publishRealtime(channel: string, event: unknown): Promise<void> {
  await redis().publish(`${realtimeChannelPrefix()}${channel}`, JSON.stringify(event))
}
