// The one check of a signed-in person's current password before a credential changes (password, e-mail,
// TOTP on or off; ADR 13), under one per-account budget of wrong guesses.
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { consume, refund, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from './profile.schema'

export type CurrentPasswordRefusal = { ok: false; status: 400 | 429; message: string }

/**
 * Per account, so a stolen session cannot guess on from fresh addresses. A point is spent before
 * comparing (parallel guesses cannot overrun the budget) and given back when the password was right.
 */
export async function checkCurrentPassword(userId: number, given: string | undefined): Promise<{ ok: true } | CurrentPasswordRefusal> {
  if (!given) return { ok: false, status: 400, message: CURRENT_PASSWORD_REQUIRED }
  const key = String(userId)
  if (!(await consume('currentPasswordFailures', key))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row = await platformDb.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  if (!row || !(await verifyPassword(row.password_hash, given))) return { ok: false, status: 400, message: CURRENT_PASSWORD_WRONG }
  await refund('currentPasswordFailures', key)
  return { ok: true }
}
