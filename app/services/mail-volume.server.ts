// The per-organisation outgoing e-mail budget (issue 28, ADR 0095), counted in Redis across every worker.
import { hourlyLimit, MAIL_WINDOW_MS, windowOf } from '#app/rules/mail-volume'
import { redis } from './redis.server'

// One counter per organisation and clock hour: a slot is taken only while the hour has room.
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if tonumber(ARGV[1]) > 0 and n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
return 1`

/** Counts one e-mail of the organisation: 0 when it may leave now, else how many ms until the next hour has room. */
export async function takeMailSlot(clientId: number, opts: { hold: boolean; now?: number }): Promise<number> {
  const limit = hourlyLimit(process.env.MAIL_PER_ORGANISATION_PER_HOUR)
  if (limit === 0) return 0
  const now = opts.now ?? Date.now()
  const { window, untilNext } = windowOf(now)
  // An e-mail that is never held is counted even past the limit (ARGV 0: no cap), so the hour's figure stays true.
  const taken = await redis().eval(TAKE, 1, `mail:volume:${clientId}:${window}`, String(opts.hold ? limit : 0), String(2 * MAIL_WINDOW_MS))
  return Number(taken) === 1 ? 0 : untilNext
}
