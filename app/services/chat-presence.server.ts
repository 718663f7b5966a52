// Who is watching a chat conversation right now, across app processes: a Redis sorted set per
// conversation whose members are `<userId>:<process>` scored with when they lapse. A process adds its
// people when they subscribe, refreshes them while they stay, removes them when its last socket of that
// person leaves; a crashed process's entries lapse on their own (ADR 0041).
import { randomUUID } from 'node:crypto'
import { redis } from './redis.server'

const PROCESS = randomUUID().slice(0, 8)
/** An entry not refreshed for this long is gone (the socket server refreshes every 30 s). */
export const PRESENCE_TTL_MS = 90_000

const key = (room: string) => `chat:presence:${room}`

export async function markPresent(room: string, userIds: readonly number[], now = Date.now()): Promise<void> {
  if (!userIds.length) return
  const args = userIds.flatMap((id) => [now + PRESENCE_TTL_MS, `${id}:${PROCESS}`])
  await redis()
    .multi()
    .zadd(key(room), ...args)
    .pexpire(key(room), PRESENCE_TTL_MS)
    .exec()
}

export async function markAbsent(room: string, userId: number): Promise<void> {
  await redis().zrem(key(room), `${userId}:${PROCESS}`)
}

/** The people watching the conversation (on any process). */
export async function presentUsers(room: string, now = Date.now()): Promise<Set<number>> {
  const members = await redis().zrangebyscore(key(room), now, '+inf')
  return new Set(members.map((m) => Number(m.split(':')[0])))
}

/** One new_participant per person and room in this window, whichever process the socket reached (ADR 0096). */
export const ANNOUNCE_EVERY_MS = 30_000

/**
 * Whether this subscription is the first of `key` (person, channel and room) in the window, across every
 * process: a reconnect storm announces once even when, without sticky sessions, it lands on each process
 * in turn. Redis away: announced anyway (a repeated "joined" beats a missing one).
 */
export async function firstAnnouncement(key: string): Promise<boolean> {
  const set = await redis()
    .set(`chat:announced:${key}`, '1', 'PX', ANNOUNCE_EVERY_MS, 'NX')
    .catch(() => 'OK')
  return set === 'OK'
}
