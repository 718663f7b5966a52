// TOTP two-factor authentication (ADR 0012): enrollment, authenticator and recovery code checks
// (replay-proof, under a per-account failure budget), and the rule that platform accounts must enroll.
import { randomInt } from 'node:crypto'
import { HOTP, Secret, TOTP } from 'otpauth'
import {
  codeKind,
  findFreshStep,
  formatRecoveryCode,
  normalizeCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '#app/rules/two-factor'
import { decryptSecret, deriveKey, encryptSecret, hmac } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { inTransaction } from '#db/transaction'
import { consume, refund } from '#app/services/rate-limit.server'
import type { AuthUser } from './account.server'
import { recordAudit } from './audit.server'
import { checkCurrentPassword } from './current-password.server'
import { INCORRECT_CODE } from './login.schema'

export const TWO_FACTOR_PAGE = '/profile/security'
export const TWO_FACTOR_LOCKED = 'Too many incorrect codes. Please try again later.'
export const ALREADY_ENABLED = 'Two-factor authentication is already on.'
export const NOT_ENABLED = 'Two-factor authentication is not on.'
export const NO_PENDING_ENROLLMENT = 'Start the set-up again: no authenticator is waiting for its first code.'
export const TOTP_ENROLLMENT_REQUIRED = `Platform accounts must turn on two-factor authentication first: set it up at ${TWO_FACTOR_PAGE}.`

type Account = Pick<AuthUser, 'id' | 'email' | 'clientId' | 'firstName' | 'lastName' | 'role'> & { organisationName?: string | null }
type Ctx = { ip: string }

export type Failure = { ok: false; status: 400 | 401 | 409 | 429; message: string; field?: 'code' | 'password' }

function totpFor(secretBase32: string, account: Pick<Account, 'email' | 'organisationName'>) {
  // White-label: the authenticator app lists the organisation's name, or the platform's.
  return new TOTP({
    issuer: account.organisationName || 'Draftdesk',
    label: account.email,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  })
}

function codeForStep(secretBase32: string) {
  const hotp = new HOTP({ secret: Secret.fromBase32(secretBase32), digits: TOTP_DIGITS })
  // RFC 6238 is HOTP with the time step as the counter.
  return (step: number) => hotp.generate({ counter: step })
}

function audit(user: Account, ctx: Ctx, action: string, status: 'success' | 'failure', message: string) {
  return recordAudit({
    clientId: user.clientId,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`,
    userRole: user.role,
    module: 'auth',
    action,
    status,
    ip: ctx.ip,
    message,
  })
}

async function credentialOf(userId: number) {
  return platformDb.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** True once the account confirmed an authenticator. */
export async function hasTotp(userId: number): Promise<boolean> {
  const row = await platformDb.selectFrom('totp_credentials').select('enabled_at').where('user_id', '=', userId).executeTakeFirst()
  return !!row?.enabled_at
}

/**
 * Platform accounts must have TOTP before they may do anything (TOTP_REQUIRED_FOR_PLATFORM, on in
 * production). A log-in-as session is the impersonator's, who passed their own second factor.
 */
export async function mustEnrollTotp(user: Pick<AuthUser, 'id' | 'clientId'>, opts: { impersonated?: boolean } = {}): Promise<boolean> {
  if (!env().TOTP_REQUIRED_FOR_PLATFORM || user.clientId !== null || opts.impersonated) return false
  return !(await hasTotp(user.id))
}

export type TwoFactorStatus = {
  enabled: boolean
  enabledAt: Date | null
  recoveryCodesLeft: number
  /** While enrollment waits for its first code: what the authenticator app needs. */
  pending: { secret: string; uri: string } | null
}

export async function twoFactorStatus(user: Account): Promise<TwoFactorStatus> {
  const row = await credentialOf(user.id)
  const left = await platformDb
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  const secret = row && !row.enabled_at ? decryptSecret(row.secret_encrypted) : null
  return {
    enabled: !!row?.enabled_at,
    enabledAt: row?.enabled_at ?? null,
    recoveryCodesLeft: row?.enabled_at ? Number(left.n) : 0,
    pending: secret ? { secret, uri: totpFor(secret, user).toString() } : null,
  }
}

/**
 * A new secret waits for its first code; starting again replaces a secret that never got one. It takes the
 * current password: a stolen session alone could otherwise enrol its own app and lock the owner out.
 */
export async function startTotpEnrollment(user: Account, input: { password: string }, ctx: Ctx): Promise<{ ok: true } | Failure> {
  if (await hasTotp(user.id)) return { ok: false, status: 409, message: ALREADY_ENABLED }
  const refused = await refusePassword(user, input.password, ctx, 'totp_enrollment_started', 'setting up an authenticator app')
  if (refused) return refused
  const secret = new Secret({ size: 20 }).base32
  await platformDb.deleteFrom('totp_credentials').where('user_id', '=', user.id).where('enabled_at', 'is', null).execute()
  // The primary key decides a race with a confirmation: an enabled authenticator is never replaced here.
  const inserted = await platformDb
    .insertInto('totp_credentials')
    .ignore()
    .values({ user_id: user.id, secret_encrypted: encryptSecret(secret), enabled_at: null, last_used_step: null })
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows) !== 1) return { ok: false, status: 409, message: ALREADY_ENABLED }
  await audit(user, ctx, 'totp_enrollment_started', 'success', 'Started setting up an authenticator app')
  return { ok: true }
}

/** Drops a secret that never got its first code. */
export async function cancelTotpEnrollment(user: Account): Promise<void> {
  await platformDb.deleteFrom('totp_credentials').where('user_id', '=', user.id).where('enabled_at', 'is', null).execute()
}

/** The first code proves the app holds the secret: TOTP is on, and the recovery codes are shown once. */
export async function confirmTotpEnrollment(user: Account, code: string, ctx: Ctx): Promise<{ ok: true; recoveryCodes: string[] } | Failure> {
  const row = await credentialOf(user.id)
  if (row?.enabled_at) return { ok: false, status: 409, message: ALREADY_ENABLED }
  const secret = row ? decryptSecret(row.secret_encrypted) : null
  if (!row || !secret) return { ok: false, status: 409, message: NO_PENDING_ENROLLMENT }
  const step = codeKind(code) === 'numeric' ? findFreshStep(normalizeCode(code), Date.now(), null, codeForStep(secret)) : null
  if (step === null) return { ok: false, status: 401, message: INCORRECT_CODE, field: 'code' }
  const enabled = await platformDb
    .updateTable('totp_credentials')
    .set({ enabled_at: new Date(), last_used_step: step, updated_at: new Date() })
    .where('user_id', '=', user.id)
    .where('enabled_at', 'is', null)
    // Only the secret the code was checked against: a restart in between invalidates the code.
    .where('secret_encrypted', '=', row.secret_encrypted)
    .executeTakeFirst()
  if (Number(enabled.numUpdatedRows) !== 1) return { ok: false, status: 409, message: NO_PENDING_ENROLLMENT }
  const recoveryCodes = await replaceRecoveryCodes(user.id)
  await audit(user, ctx, 'totp_enabled', 'success', 'Turned on two-factor authentication')
  return { ok: true, recoveryCodes }
}

/** Turning TOTP off takes the current password and a code: a stolen session alone cannot do it. */
export async function disableTotp(user: Account, input: { password: string; code: string }, ctx: Ctx): Promise<{ ok: true } | Failure> {
  if (!(await hasTotp(user.id))) return { ok: false, status: 409, message: NOT_ENABLED }
  const refused = await refusePassword(user, input.password, ctx, 'totp_disable', 'turning off two-factor authentication')
  if (refused) return refused
  const code = await checkAccountCode(user.id, input.code)
  if (!code.ok) {
    await audit(user, ctx, 'totp_disable', 'failure', 'Incorrect code when turning off two-factor authentication')
    return code.locked ? { ok: false, status: 429, message: TWO_FACTOR_LOCKED, field: 'code' } : { ok: false, status: 401, message: INCORRECT_CODE, field: 'code' }
  }
  await inTransaction(platformDb, async (trx) => {
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('totp_credentials').where('user_id', '=', user.id).execute()
  })
  await audit(user, ctx, 'totp_disabled', 'success', 'Turned off two-factor authentication')
  return { ok: true }
}

/** New recovery codes (the old ones stop working) after a code proves the authenticator is at hand. */
export async function regenerateRecoveryCodes(user: Account, input: { code: string }, ctx: Ctx): Promise<{ ok: true; recoveryCodes: string[] } | Failure> {
  if (!(await hasTotp(user.id))) return { ok: false, status: 409, message: NOT_ENABLED }
  const code = await checkAccountCode(user.id, input.code)
  if (!code.ok) {
    await audit(user, ctx, 'totp_recovery_codes', 'failure', 'Incorrect code when renewing recovery codes')
    return code.locked ? { ok: false, status: 429, message: TWO_FACTOR_LOCKED, field: 'code' } : { ok: false, status: 401, message: INCORRECT_CODE, field: 'code' }
  }
  const recoveryCodes = await replaceRecoveryCodes(user.id)
  await audit(user, ctx, 'totp_recovery_codes', 'success', 'Renewed two-factor recovery codes')
  return { ok: true, recoveryCodes }
}

/** The one current-password check (per-account budget, ADR 13), audited, its refusal on the password field. */
async function refusePassword(user: Account, password: string, ctx: Ctx, action: string, doing: string): Promise<Failure | null> {
  const checked = await checkCurrentPassword(user.id, password)
  if (checked.ok) return null
  await audit(user, ctx, action, 'failure', `Current password refused when ${doing}: ${checked.message}`)
  return { ok: false, status: checked.status, message: checked.message, field: 'password' }
}

export type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | { ok: false; locked: boolean }

/**
 * Checks a code of an account with TOTP on, under the account's failure budget (ADR 0012): a point
 * is spent before comparing (so parallel guesses cannot overrun it) and given back when right.
 */
export async function checkAccountCode(userId: number, input: string): Promise<CodeCheck> {
  return underCodeBudget(userId, () => takeAccountCode(userId, input))
}

/** The budget of wrong second-factor codes per account; shared by the e-mailed code (two-factor-sign-in.server). */
export async function underCodeBudget<T>(userId: number, check: () => Promise<T | null>): Promise<{ ok: true; kind: T } | { ok: false; locked: boolean }> {
  const key = String(userId)
  if (!(await consume('twoFactorFailuresPerAccount', key))) return { ok: false, locked: true }
  const kind = await check()
  if (kind === null) return { ok: false, locked: false }
  await refund('twoFactorFailuresPerAccount', key)
  return { ok: true, kind }
}

/** An authenticator code of a step not used yet, or an unused recovery code (consumed). */
async function takeAccountCode(userId: number, input: string): Promise<'totp' | 'recovery' | null> {
  const kind = codeKind(input)
  if (kind === 'numeric') return (await takeTotpCode(userId, normalizeCode(input))) ? 'totp' : null
  if (kind === 'recovery') return (await takeRecoveryCode(userId, normalizeCode(input))) ? 'recovery' : null
  return null
}

async function takeTotpCode(userId: number, code: string): Promise<boolean> {
  const row = await credentialOf(userId)
  const secret = row?.enabled_at ? decryptSecret(row.secret_encrypted) : null
  if (!row || !secret) return false
  const step = findFreshStep(code, Date.now(), row.last_used_step, codeForStep(secret))
  if (step === null) return false
  // Only one request can move the step forward: the same code sent twice in parallel wins once.
  const taken = await platformDb
    .updateTable('totp_credentials')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

function recoveryHash(userId: number, code: string): string {
  return hmac(`${userId}:${normalizeCode(code)}`, deriveKey('two-factor-recovery'))
}

async function takeRecoveryCode(userId: number, code: string): Promise<boolean> {
  const used = await platformDb
    .updateTable('totp_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryHash(userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}

function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]
  return code
}

/** Replaces every recovery code of the account; the plain codes exist only in the answer. */
async function replaceRecoveryCodes(userId: number): Promise<string[]> {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
  await inTransaction(platformDb, async (trx) => {
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute()
    await trx
      .insertInto('totp_recovery_codes')
      .values([...codes].map((code) => ({ user_id: userId, code_hash: recoveryHash(userId, code) })))
      .execute()
  })
  return [...codes].map(formatRecoveryCode)
}
