// Two-factor sign-in (ADR 0012): the challenge a password sign-in opens, its e-mailed or authenticator
// code, the resend, and the session it ends in.
import { sql } from 'kysely'
import { loginAccountKey } from '#app/rules/login-limits'
import { normalizeCode } from '#app/rules/two-factor'
import { deriveKey, hmac, newSixDigitCode, newToken, safeEqual, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { consume, rememberSource, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import type { SessionData } from '#app/services/session.server'
import { type AuthUser, loadAuthUser } from './account.server'
import { recordAudit } from './audit.server'
import { INCORRECT_CODE } from './login.schema'
import { actorFields, type RequestContext } from './sign-in.server'
import { queueEmail } from './system-mail.server'
import { checkAccountCode, TWO_FACTOR_LOCKED, underCodeBudget } from './two-factor.server'

export const CODE_ATTEMPTS_EXHAUSTED = 'Too many incorrect codes. Please log in again.'

const MINUTE = 60 * 1000
export const TWO_FACTOR_TTL = 10 * MINUTE
export const TWO_FACTOR_MAX_ATTEMPTS = 5

/** The second step of a sign-in: the organisation's e-mailed code, or the account's authenticator app. */
export type TwoFactorMethod = 'email' | 'totp'

async function sendTwoFactorCode(user: Pick<AuthUser, 'email' | 'clientId'>, code: string) {
  await queueEmail({ clientId: user.clientId, to: user.email, template: 'two_factor_code', fields: { code } })
}

function codeHash(nonce: string, code: string) {
  return hmac(`2fa:${nonce}:${code}`, deriveKey('two-factor-code'))
}

/** What a challenge row keeps: the method, and for the e-mailed code its keyed hash. */
type ChallengeData = { method?: TwoFactorMethod; nonce?: string; codeHash?: string }

/**
 * One live challenge per person: a new login attempt voids the codes of earlier ones. An e-mail
 * challenge sends its code; an authenticator challenge only counts the attempts.
 */
export async function createTwoFactorChallenge(user: AuthUser, method: TwoFactorMethod = 'email'): Promise<number> {
  await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('user_id', '=', user.id).where('purpose', '=', 'two_factor').where('used_at', 'is', null).execute()
  const code = newSixDigitCode()
  const nonce = newToken()
  const data: ChallengeData = method === 'email' ? { method, nonce, codeHash: codeHash(nonce, code) } : { method }
  const result = await platformDb
    .insertInto('auth_tokens')
    .values({
      purpose: 'two_factor',
      token_hash: sha256(nonce),
      user_id: user.id,
      client_id: user.clientId,
      data: JSON.stringify(data),
      expires_at: new Date(Date.now() + TWO_FACTOR_TTL),
    })
    .executeTakeFirstOrThrow()
  if (method === 'email') await sendTwoFactorCode(user, code)
  return Number(result.insertId)
}

function challengeMethodOf(data: unknown): TwoFactorMethod {
  return (data as ChallengeData).method === 'totp' ? 'totp' : 'email'
}

/** The method of a pending login's challenge, or null when the challenge can no longer succeed. */
export async function pendingChallengeMethod(pending: NonNullable<SessionData['pendingTwoFactor']>): Promise<TwoFactorMethod | null> {
  const row = await platformDb
    .selectFrom('auth_tokens')
    .select(['data', 'used_at', 'expires_at', 'attempts'])
    .where('id', '=', pending.tokenId)
    .where('purpose', '=', 'two_factor')
    .where('user_id', '=', pending.userId)
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at.getTime() < Date.now() || row.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return null
  return challengeMethodOf(row.data)
}

export type TwoFactorOutcome = { kind: 'signed-in'; user: AuthUser; session: SessionData } | { kind: 'error'; status: 401 | 403 | 429; message: string; dead?: boolean }

export async function verifyTwoFactor(pending: NonNullable<SessionData['pendingTwoFactor']>, code: string, ctx: RequestContext): Promise<TwoFactorOutcome> {
  if (!(await consume('twoFactorPerIp', ctx.ip))) return { kind: 'error', status: 429, message: TOO_MANY_ATTEMPTS }
  // The attempt is counted before the code is compared, and only while the challenge is live with
  // attempts left: however many guesses arrive at once, at most TWO_FACTOR_MAX_ATTEMPTS are compared.
  const counted = await platformDb
    .updateTable('auth_tokens')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', pending.tokenId)
    .where('purpose', '=', 'two_factor')
    .where('user_id', '=', pending.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', TWO_FACTOR_MAX_ATTEMPTS)
    .executeTakeFirst()
  const row = await platformDb
    .selectFrom('auth_tokens')
    .selectAll()
    .where('id', '=', pending.tokenId)
    .where('purpose', '=', 'two_factor')
    .where('user_id', '=', pending.userId)
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at.getTime() < Date.now()) {
    return { kind: 'error', status: 401, message: INCORRECT_CODE, dead: true }
  }
  if (Number(counted.numUpdatedRows) !== 1) return { kind: 'error', status: 403, message: CODE_ATTEMPTS_EXHAUSTED, dead: true }

  const data = row.data as ChallengeData
  const method = challengeMethodOf(data)
  // Both methods also spend the account's budget of wrong codes, which outlives the challenge.
  const check =
    method === 'totp'
      ? await checkAccountCode(row.user_id, code)
      : await underCodeBudget(row.user_id, async () =>
          data.nonce && data.codeHash && safeEqual(codeHash(data.nonce, normalizeCode(code)), data.codeHash) ? ('email' as const) : null,
        )
  if (!check.ok) {
    await recordAudit({
      clientId: row.client_id,
      userId: row.user_id,
      module: 'auth',
      action: '2fa',
      status: 'failure',
      ip: ctx.ip,
      message: check.locked ? 'Verification code refused: too many incorrect codes for this account' : 'Incorrect verification code',
    })
    if (check.locked) return { kind: 'error', status: 429, message: TWO_FACTOR_LOCKED }
    return row.attempts >= TWO_FACTOR_MAX_ATTEMPTS
      ? { kind: 'error', status: 403, message: CODE_ATTEMPTS_EXHAUSTED, dead: true }
      : { kind: 'error', status: 401, message: INCORRECT_CODE }
  }
  // Single use even under a race: only the request that flips used_at wins.
  const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  const user = await loadAuthUser(pending.userId, pending.clientId)
  if (Number(claimed.numUpdatedRows) !== 1 || !user) return { kind: 'error', status: 401, message: INCORRECT_CODE, dead: true }
  await rememberSource(loginAccountKey(user.clientId, user.email), ctx.ip)
  const how = check.kind === 'totp' ? 'an authenticator app' : check.kind === 'recovery' ? 'a recovery code' : 'a verification code'
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'login', status: 'success', ip: ctx.ip, message: `Signed in with ${how}` })
  return { kind: 'signed-in', user, session: { userId: user.id, clientId: user.clientId, remember: pending.remember } }
}

export const NOTHING_TO_RESEND = 'Your code comes from your authenticator app: there is nothing to resend.'

export async function resendTwoFactor(pending: NonNullable<SessionData['pendingTwoFactor']>): Promise<{ ok: true } | { ok: false; status: 400 | 401 | 429; message: string }> {
  const row = await platformDb
    .selectFrom('auth_tokens')
    .select(['id', 'used_at', 'attempts', 'user_id', 'data'])
    .where('id', '=', pending.tokenId)
    .where('purpose', '=', 'two_factor')
    .where('user_id', '=', pending.userId)
    .executeTakeFirst()
  if (row && challengeMethodOf(row.data) === 'totp') return { ok: false, status: 400, message: NOTHING_TO_RESEND }
  if (!(await consume('twoFactorResends', String(pending.tokenId)))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const user = await loadAuthUser(pending.userId, pending.clientId)
  if (!row || row.used_at || row.attempts >= TWO_FACTOR_MAX_ATTEMPTS || !user) return { ok: false, status: 401, message: CODE_ATTEMPTS_EXHAUSTED }
  const code = newSixDigitCode()
  const nonce = newToken()
  // The attempt counter survives a resend, so resending never buys more guesses.
  await platformDb
    .updateTable('auth_tokens')
    .set({
      token_hash: sha256(nonce),
      data: JSON.stringify({ method: 'email', nonce, codeHash: codeHash(nonce, code) } satisfies ChallengeData),
      expires_at: new Date(Date.now() + TWO_FACTOR_TTL),
    })
    .where('id', '=', row.id)
    .execute()
  await sendTwoFactorCode(user, code)
  return { ok: true }
}
