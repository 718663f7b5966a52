// Sign-in flows: password login, 2FA challenges, password reset and single-use auto-login links.
import { sql } from 'kysely'
import { enqueue } from '#jobs/queues'
import { deriveKey, hmac, newSixDigitCode, newToken, safeEqual, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { burnPasswordCheck, hashPassword, verifyPassword } from '#app/services/password.server'
import { consume, isAllowed, resetLimit, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { revokeUserSessions, type SessionData } from '#app/services/session.server'
import { recordAudit } from './audit.server'
import { accountsForEmail, type AuthUser, findAccount, loadAuthUser, normalizeEmail } from './account.server'
import { getWebsiteSettings } from './organisation-settings.server'

export const LOGIN_FAILED = 'Email or Password Incorrect'
export const SELECT_ORGANISATION = 'Please Select One Organization!'
export const INCORRECT_CODE = 'Incorrect verification code'
export const CODE_ATTEMPTS_EXHAUSTED = 'Too many incorrect codes. Please log in again.'
export const INVALID_LINK = 'This link is invalid or has expired.'

const MINUTE = 60 * 1000
export const TWO_FACTOR_TTL = 10 * MINUTE
export const TWO_FACTOR_MAX_ATTEMPTS = 5
export const RESET_TTL = 60 * MINUTE
export const AUTO_LOGIN_TTL = 15 * MINUTE

export type RequestContext = { ip: string; origin: string }

export type LoginOutcome =
  | { kind: 'signed-in'; user: AuthUser; session: SessionData }
  | { kind: 'two-factor'; session: SessionData }
  | { kind: 'error'; status: 400 | 401 | 429; message: string }

export type LoginInput = { email: string; password: string; clientId?: string | null; role?: string | null; remember?: boolean }

function actorFields(user: AuthUser) {
  return { userId: user.id, userName: `${user.firstName} ${user.lastName}`, userRole: user.role }
}

export async function attemptLogin(input: LoginInput, ctx: RequestContext): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email)
  const wantsPlatform = input.role === 'superadmin'
  if (!wantsPlatform && !input.clientId) return { kind: 'error', status: 400, message: SELECT_ORGANISATION }
  if (!(await isAllowed('loginFailuresPerIp', ctx.ip)) || !(await isAllowed('loginFailuresPerAccount', email))) {
    return { kind: 'error', status: 429, message: TOO_MANY_ATTEMPTS }
  }

  const organisation = input.clientId
    ? await platformDb.selectFrom('organisations').select(['id']).where('public_id', '=', input.clientId).executeTakeFirst()
    : undefined
  const realm = wantsPlatform ? null : organisation?.id
  // The password is checked against the account of the realm picked, and only that one (ADR 0011).
  const person = realm === undefined ? undefined : await findAccount(realm, email)
  const passwordOk = person ? await verifyPassword(person.password_hash, input.password) : (await burnPasswordCheck(input.password), false)
  const user = person && passwordOk ? await loadAuthUser(person.id, realm ?? null) : null

  if (!person || !user) {
    await Promise.all([consume('loginFailuresPerIp', ctx.ip), consume('loginFailuresPerAccount', email)])
    // Only an account of this realm is named in its audit log: an outsider's e-mail is nobody's business here.
    await recordAudit({
      clientId: realm ?? null,
      userId: person?.id ?? null,
      module: 'auth',
      action: 'login',
      status: 'failure',
      ip: ctx.ip,
      message: person ? `Failed login for ${person.email}` : 'Failed login for an unknown account',
    })
    return { kind: 'error', status: 401, message: LOGIN_FAILED }
  }
  await resetLimit('loginFailuresPerAccount', email)

  const remember = !!input.remember
  if (user.clientId !== null && (await getWebsiteSettings({ db: platformDb, clientId: user.clientId })).enable_2FA) {
    const tokenId = await createTwoFactorChallenge(user)
    return { kind: 'two-factor', session: { pendingTwoFactor: { tokenId, userId: user.id, clientId: user.clientId, remember } } }
  }
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'login', status: 'success', ip: ctx.ip, message: 'Signed in' })
  return { kind: 'signed-in', user, session: { userId: user.id, clientId: user.clientId, remember } }
}

async function sendTwoFactorCode(user: Pick<AuthUser, 'email' | 'clientId'>, code: string) {
  await enqueue('email', {
    clientId: user.clientId,
    to: user.email,
    subject: 'Your verification code',
    text: `Your verification code is ${code}. It expires in 10 minutes. If you did not try to sign in, change your password.`,
    html: `<p>Your verification code is <strong>${code}</strong>.</p><p>It expires in 10 minutes. If you did not try to sign in, change your password.</p>`,
  })
}

function codeHash(nonce: string, code: string) {
  return hmac(`2fa:${nonce}:${code}`, deriveKey('two-factor-code'))
}

/** One live challenge per person: a new login attempt voids the codes of earlier ones. */
export async function createTwoFactorChallenge(user: AuthUser): Promise<number> {
  await platformDb
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'two_factor')
    .where('used_at', 'is', null)
    .execute()
  const code = newSixDigitCode()
  const nonce = newToken()
  const result = await platformDb
    .insertInto('auth_tokens')
    .values({
      purpose: 'two_factor',
      token_hash: sha256(nonce),
      user_id: user.id,
      client_id: user.clientId,
      data: JSON.stringify({ nonce, codeHash: codeHash(nonce, code) }),
      expires_at: new Date(Date.now() + TWO_FACTOR_TTL),
    })
    .executeTakeFirstOrThrow()
  await sendTwoFactorCode(user, code)
  return Number(result.insertId)
}

export type TwoFactorOutcome =
  | { kind: 'signed-in'; user: AuthUser; session: SessionData }
  | { kind: 'error'; status: 401 | 403 | 429; message: string; dead?: boolean }

export async function verifyTwoFactor(pending: NonNullable<SessionData['pendingTwoFactor']>, code: string, ctx: RequestContext): Promise<TwoFactorOutcome> {
  if (!(await consume('twoFactorPerIp', ctx.ip))) return { kind: 'error', status: 429, message: TOO_MANY_ATTEMPTS }
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
  if (row.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return { kind: 'error', status: 403, message: CODE_ATTEMPTS_EXHAUSTED, dead: true }
  const data = row.data as { nonce: string; codeHash: string }
  if (!safeEqual(codeHash(data.nonce, code.trim()), data.codeHash)) {
    await platformDb.updateTable('auth_tokens').set({ attempts: sql`attempts + 1` }).where('id', '=', row.id).execute()
    const dead = row.attempts + 1 >= TWO_FACTOR_MAX_ATTEMPTS
    await recordAudit({ clientId: row.client_id, userId: row.user_id, module: 'auth', action: '2fa', status: 'failure', ip: ctx.ip, message: 'Incorrect verification code' })
    return dead
      ? { kind: 'error', status: 403, message: CODE_ATTEMPTS_EXHAUSTED, dead: true }
      : { kind: 'error', status: 401, message: INCORRECT_CODE }
  }
  // Single use even under a race: only the request that flips used_at wins.
  const claimed = await platformDb
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  const user = await loadAuthUser(pending.userId, pending.clientId)
  if (Number(claimed.numUpdatedRows) !== 1 || !user) return { kind: 'error', status: 401, message: INCORRECT_CODE, dead: true }
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'login', status: 'success', ip: ctx.ip, message: 'Signed in with a verification code' })
  return { kind: 'signed-in', user, session: { userId: user.id, clientId: user.clientId, remember: pending.remember } }
}

export async function resendTwoFactor(pending: NonNullable<SessionData['pendingTwoFactor']>): Promise<{ ok: true } | { ok: false; status: 401 | 429; message: string }> {
  if (!(await consume('twoFactorResends', String(pending.tokenId)))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row = await platformDb
    .selectFrom('auth_tokens')
    .select(['id', 'used_at', 'attempts', 'user_id'])
    .where('id', '=', pending.tokenId)
    .where('purpose', '=', 'two_factor')
    .where('user_id', '=', pending.userId)
    .executeTakeFirst()
  const user = await loadAuthUser(pending.userId, pending.clientId)
  if (!row || row.used_at || row.attempts >= TWO_FACTOR_MAX_ATTEMPTS || !user) return { ok: false, status: 401, message: CODE_ATTEMPTS_EXHAUSTED }
  const code = newSixDigitCode()
  const nonce = newToken()
  // The attempt counter survives a resend, so resending never buys more guesses.
  await platformDb
    .updateTable('auth_tokens')
    .set({ token_hash: sha256(nonce), data: JSON.stringify({ nonce, codeHash: codeHash(nonce, code) }), expires_at: new Date(Date.now() + TWO_FACTOR_TTL) })
    .where('id', '=', row.id)
    .execute()
  await sendTwoFactorCode(user, code)
  return { ok: true }
}

/**
 * Always answers the same way and in the same time: the lookup and the e-mail happen in a job,
 * so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(email: string, ctx: RequestContext): Promise<{ ok: boolean; status: 200 | 429 }> {
  if (!(await consume('resetPerIp', ctx.ip))) return { ok: false, status: 429 }
  await enqueue('password-reset', { clientId: null, email: normalizeEmail(email), origin: ctx.origin })
  return { ok: true, status: 200 }
}

/** Runs in the worker: one reset link per active account of the address, each naming its realm. */
export async function sendPasswordResetEmail(email: string, origin: string): Promise<'sent' | 'skipped'> {
  const accounts = await accountsForEmail(email)
  if (accounts.length === 0) return 'skipped'
  if (!(await consume('resetPerEmail', normalizeEmail(email)))) return 'skipped'
  const realmNames = new Map(
    (await platformDb.selectFrom('organisations').select(['id', 'name']).where('id', 'in', [0, ...accounts.map((a) => a.client_id ?? 0)]).execute()).map((o) => [o.id, o.name]),
  )
  for (const account of accounts) {
    const realmName = account.client_id === null ? 'Draftdesk platform' : realmNames.get(account.client_id) ?? 'your organisation'
    await sendResetLink(account, realmName, origin)
  }
  return 'sent'
}

async function sendResetLink(account: { id: number; email: string; client_id: number | null }, realmName: string, origin: string) {
  await platformDb
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', account.id)
    .where('purpose', '=', 'password_reset')
    .where('used_at', 'is', null)
    .execute()
  const token = newToken()
  await platformDb
    .insertInto('auth_tokens')
    .values({ purpose: 'password_reset', token_hash: sha256(token), user_id: account.id, client_id: account.client_id, data: '{}', expires_at: new Date(Date.now() + RESET_TTL) })
    .execute()
  const link = `${origin}/forgot-password-2/${token}`
  const esc = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  await enqueue('email', {
    clientId: account.client_id,
    to: account.email,
    subject: `Reset your password for ${realmName}`,
    text: `We received a request to reset your ${realmName} password. Open this link within 60 minutes to choose a new one:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    html: `<p>We received a request to reset your <strong>${esc(realmName)}</strong> password.</p><p><a href="${link}">Choose a new password</a> (the link works once, within 60 minutes).</p><p>If you did not ask for this, ignore this e-mail.</p>`,
  })
  await recordAudit({ clientId: account.client_id, userId: account.id, module: 'auth', action: 'password_reset_requested', status: 'success', message: 'Password reset e-mail sent' })
}

/** Consumes a single-use token of the given purpose; null when unknown, used or expired. */
async function claimToken(purpose: 'password_reset' | 'auto_login', token: string) {
  const row = await platformDb
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at.getTime() < Date.now()) return null
  const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1 ? row : null
}

export async function resetPassword(code: string, password: string, ctx: RequestContext): Promise<{ ok: true } | { ok: false; message: string }> {
  const row = await claimToken('password_reset', code)
  if (!row) return { ok: false, message: INVALID_LINK }
  await platformDb
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: new Date(), updated_at: new Date() })
    .where('id', '=', row.user_id)
    .execute()
  await revokeUserSessions(row.user_id)
  await resetLimit('loginFailuresPerAccount', (await platformDb.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow()).email)
  await recordAudit({ clientId: row.client_id, userId: row.user_id, module: 'auth', action: 'password_reset', status: 'success', ip: ctx.ip, message: 'Password reset with an e-mailed link' })
  return { ok: true }
}

/** A single-use link that signs `target` in to `clientId`; the actor is kept for the audit and banner. */
export async function createAutoLoginLink(
  actor: Pick<AuthUser, 'id'> & { clientId?: number | null },
  target: { userId: number; clientId: number | null },
  origin: string,
): Promise<string> {
  const token = newToken()
  await platformDb
    .insertInto('auth_tokens')
    .values({
      purpose: 'auto_login',
      token_hash: sha256(token),
      user_id: target.userId,
      client_id: target.clientId,
      data: JSON.stringify({ actorUserId: actor.id, actorClientId: actor.clientId ?? null }),
      expires_at: new Date(Date.now() + AUTO_LOGIN_TTL),
    })
    .execute()
  return `${origin}/auto-login/${token}`
}

export async function consumeAutoLogin(code: string, ctx: RequestContext): Promise<{ ok: true; user: AuthUser; session: SessionData } | { ok: false; status: 401 | 429; message: string }> {
  if (!(await consume('autoLoginPerIp', ctx.ip))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row = await claimToken('auto_login', code)
  const user = row ? await loadAuthUser(row.user_id, row.client_id) : null
  if (!row || !user) {
    await recordAudit({ clientId: row?.client_id ?? null, userId: row?.user_id ?? null, module: 'auth', action: 'auto_login', status: 'failure', ip: ctx.ip, message: 'Invalid or expired auto-login link' })
    return { ok: false, status: 401, message: INVALID_LINK }
  }
  const { actorUserId, actorClientId } = row.data as { actorUserId?: number; actorClientId?: number | null }
  const impersonating = actorUserId !== undefined && actorUserId !== user.id
  await recordAudit({
    clientId: user.clientId,
    ...actorFields(user),
    actorUserId: actorUserId ?? null,
    module: 'auth',
    action: 'auto_login',
    status: 'success',
    ip: ctx.ip,
    message: impersonating ? `Signed in as ${user.email} by user #${actorUserId}` : 'Signed in with an auto-login link',
  })
  return {
    ok: true,
    user,
    session: { userId: user.id, clientId: user.clientId, remember: false, ...(impersonating ? { impersonatorUserId: actorUserId, impersonatorClientId: actorClientId ?? null } : {}) },
  }
}

export async function recordLogout(user: AuthUser, ip: string) {
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'logout', status: 'success', ip, message: 'Signed out' })
}
