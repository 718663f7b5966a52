// Publishing to websocket clients from anywhere (routes, models, workers): a Redis message on a channel
// that every app process's socket server (server/realtime/) listens to, so a socket connected to any
// process receives it. Channels: `user:<id>` (every socket of that account), `order:<id>` (a project room).
import { redis } from './redis.server'

export const REALTIME_CHANNEL_PREFIX = 'rt:'

/** Sends `event` (JSON) to every socket subscribed to `channel` on every app process. */
export async function publishRealtime(channel: string, event: unknown): Promise<void> {
  await redis().publish(`${REALTIME_CHANNEL_PREFIX}${channel}`, JSON.stringify(event))
}
