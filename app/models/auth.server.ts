// Sign-in flows: password login, 2FA challenges, password reset and single-use auto-login links.
import { sql } from 'kysely'
import { enqueue } from '#app/services/queue.server'
import { queueEmail } from './system-mail.server'
import { rateLimitAddress } from '#app/rules/address-key'
import { loginAccountKey, loginLimitDecision } from '#app/rules/login-limits'
import { realmDisplayName } from '#app/rules/realm'
import { normalizeCode } from '#app/rules/two-factor'
import { deriveKey, hmac, newSixDigitCode, newToken, safeEqual, sha256 } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { burnPasswordCheck, hashPassword, verifyPassword } from '#app/services/password.server'
import { consume, isKnownSource, refund, rememberSource, resetLimit, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { revokeUserSessions, type SessionData } from '#app/services/session.server'
import { publicUrl } from '#app/utils/public-url.server'
import { recordAudit } from './audit.server'
import { accountsForEmail, type AuthUser, findAccount, loadAuthUser, normalizeEmail } from './account.server'
import { INCORRECT_CODE } from './login.schema'
import { getWebsiteSettings } from './organisation-settings.server'
import { checkAccountCode, hasTotp, mustEnrollTotp, TWO_FACTOR_LOCKED, underCodeBudget } from './two-factor.server'

export const LOGIN_FAILED = 'Email or Password Incorrect'
export const SELECT_ORGANISATION = 'Please Select One Organization!'
export const CODE_ATTEMPTS_EXHAUSTED = 'Too many incorrect codes. Please log in again.'
export const INVALID_LINK = 'This link is invalid or has expired.'

const MINUTE = 60 * 1000
export const TWO_FACTOR_TTL = 10 * MINUTE
export const TWO_FACTOR_MAX_ATTEMPTS = 5
export const RESET_TTL = 60 * MINUTE
export const AUTO_LOGIN_TTL = 15 * MINUTE

export type RequestContext = { ip: string }

export type LoginOutcome =
  | { kind: 'signed-in'; user: AuthUser; session: SessionData; mustEnrollTotp: boolean }
  | { kind: 'two-factor'; method: TwoFactorMethod; session: SessionData }
  | { kind: 'error'; status: 400 | 401 | 429; message: string }

/** The second step of a sign-in: the organisation's e-mailed code, or the account's authenticator app. */
export type TwoFactorMethod = 'email' | 'totp'

export type LoginInput = { email: string; password: string; clientId?: string | null; role?: string | null; remember?: boolean }

function actorFields(user: AuthUser) {
  return { userId: user.id, userName: `${user.firstName} ${user.lastName}`, userRole: user.role }
}

/**
 * Spends one point of each failed-login limit before the password is checked (ADR 0012), so parallel
 * guesses cannot overrun them; a refused address spends nothing more. The per-account limit never
 * stops an address the account has signed in from, so an attacker elsewhere cannot lock the owner out.
 */
async function spendLoginAttempt(accountKey: string, ip: string) {
  const accountIpOk = await consume('loginFailuresPerAccountIp', `${accountKey}|${rateLimitAddress(ip)}`)
  const ipOk = accountIpOk && (await consume('loginFailuresPerIp', ip))
  const accountOk = ipOk && (await consume('loginFailuresPerAccount', accountKey))
  const knownSource = ipOk && !accountOk && (await isKnownSource(accountKey, ip))
  return loginLimitDecision({ ipOk, accountIpOk, accountOk, knownSource })
}

/** A right password was no failure: its points come back, and this address's typos are forgiven. */
async function refundLoginAttempt(accountKey: string, ip: string) {
  await Promise.all([
    resetLimit('loginFailuresPerAccountIp', `${accountKey}|${rateLimitAddress(ip)}`),
    refund('loginFailuresPerIp', ip),
    refund('loginFailuresPerAccount', accountKey),
  ])
}

export async function attemptLogin(input: LoginInput, ctx: RequestContext): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email)
  const wantsPlatform = input.role === 'superadmin'
  if (!wantsPlatform && !input.clientId) return { kind: 'error', status: 400, message: SELECT_ORGANISATION }

  const organisation = input.clientId ? await platformDb.selectFrom('organisations').select(['id']).where('public_id', '=', input.clientId).executeTakeFirst() : undefined
  const realm = wantsPlatform ? null : organisation?.id
  // Limits are per account of a realm (an unknown organisation's public id stands in for one).
  const accountKey = loginAccountKey(realm === undefined ? `unknown-${input.clientId}` : realm, email)
  if ((await spendLoginAttempt(accountKey, ctx.ip)) !== 'allow') return { kind: 'error', status: 429, message: TOO_MANY_ATTEMPTS }

  // The password is checked against the account of the realm picked, and only that one (ADR 0011).
  const person = realm === undefined ? undefined : await findAccount(realm, email)
  const passwordOk = person ? await verifyPassword(person.password_hash, input.password) : (await burnPasswordCheck(input.password), false)
  const user = person && passwordOk ? await loadAuthUser(person.id, realm ?? null) : null

  if (!person || !user) {
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
  await refundLoginAttempt(accountKey, ctx.ip)

  const remember = !!input.remember
  // An authenticator app, where the account has one, replaces the organisation's e-mailed code (ADR 0012).
  const method: TwoFactorMethod | null = (await hasTotp(user.id))
    ? 'totp'
    : user.clientId !== null && (await getWebsiteSettings({ db: tenantDb(user.clientId), clientId: user.clientId })).enable_2FA
      ? 'email'
      : null
  if (method) {
    const tokenId = await createTwoFactorChallenge(user, method)
    return { kind: 'two-factor', method, session: { pendingTwoFactor: { tokenId, userId: user.id, clientId: user.clientId, remember } } }
  }
  await rememberSource(accountKey, ctx.ip)
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'login', status: 'success', ip: ctx.ip, message: 'Signed in' })
  return { kind: 'signed-in', user, session: { userId: user.id, clientId: user.clientId, remember }, mustEnrollTotp: await mustEnrollTotp(user) }
}

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

/**
 * Always answers the same way and in the same time: the lookup and the e-mail happen in a job,
 * so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(email: string, ctx: RequestContext): Promise<{ ok: boolean; status: 200 | 429 }> {
  if (!(await consume('resetPerIp', ctx.ip))) return { ok: false, status: 429 }
  await enqueue('password-reset', { clientId: null, email: normalizeEmail(email) })
  return { ok: true, status: 200 }
}

/** Runs in the worker: one reset link per active account of the address, each naming its realm. */
export async function sendPasswordResetEmail(email: string): Promise<'sent' | 'skipped'> {
  const accounts = await accountsForEmail(email)
  if (accounts.length === 0) return 'skipped'
  if (!(await consume('resetPerEmail', normalizeEmail(email)))) return 'skipped'
  const realmNames = new Map(
    (
      await platformDb
        .selectFrom('organisations')
        .select(['id', 'name'])
        .where('id', 'in', [0, ...accounts.map((a) => a.client_id ?? 0)])
        .execute()
    ).map((o) => [o.id, o.name]),
  )
  for (const account of accounts) {
    await sendResetLink(account, realmDisplayName(account.client_id, realmNames.get(account.client_id ?? 0)))
  }
  return 'sent'
}

/** One reset link for one account (also an admin's "Send reset link", ADR 13). */
export async function sendResetLink(account: { id: number; email: string; client_id: number | null }, realmName: string) {
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
  await queueEmail({ clientId: account.client_id, to: account.email, template: 'password_reset', fields: { realmName }, buttonPath: `/forgot-password-2/${token}` })
  await recordAudit({
    clientId: account.client_id,
    userId: account.id,
    module: 'auth',
    action: 'password_reset_requested',
    status: 'success',
    message: 'Password reset e-mail sent',
  })
}

/** Consumes a single-use token of the given purpose; null when unknown, used or expired. */
async function claimToken(purpose: 'password_reset' | 'auto_login', token: string) {
  const row = await platformDb.selectFrom('auth_tokens').selectAll().where('token_hash', '=', sha256(token)).where('purpose', '=', purpose).executeTakeFirst()
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
  // The owner proved the mailbox: guesses made against this account so far no longer hold it back.
  const account = await platformDb.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow()
  await resetLimit('loginFailuresPerAccount', loginAccountKey(row.client_id, account.email))
  await recordAudit({
    clientId: row.client_id,
    userId: row.user_id,
    module: 'auth',
    action: 'password_reset',
    status: 'success',
    ip: ctx.ip,
    message: 'Password reset with an e-mailed link',
  })
  return { ok: true }
}

/** Where a link is opened: this admin portal, or the customer portal (a separate application). */
export type AutoLoginPortal = 'admin' | 'customer'
const PORTAL_PREFIX: Record<AutoLoginPortal, string> = { admin: '', customer: '/customer-portal' }

/** What an auto-login token's data holds. `boundTo` is the id hash of the session that created a log-in-as link. */
type AutoLoginData = { actorUserId?: number; actorClientId?: number | null; boundTo?: string; portal?: AutoLoginPortal }

/** The opener: its IP, and the id hash of its session (null when it has none). */
export type AutoLoginContext = RequestContext & { sessionId: string | null }

export const LINK_OTHER_SESSION = 'This sign-in link only works in the browser session that created it. Create a new one from your own account.'

/**
 * A single-use link that signs `target` in; the actor is kept for the audit and banner. A log-in-as
 * link (actor ≠ target) must be bound to the creating session (`boundTo`, its id hash): opened from
 * any other session it signs nobody in (ADR 13).
 */
export async function createAutoLoginLink(
  actor: Pick<AuthUser, 'id'> & { clientId?: number | null },
  target: { userId: number; clientId: number | null },
  opts: { portal?: AutoLoginPortal; boundTo?: string | null } = {},
): Promise<string> {
  if (actor.id !== target.userId && !opts.boundTo) throw new Error('A log-in-as link must be bound to the session that creates it')
  const portal = opts.portal ?? 'admin'
  const token = newToken()
  const data: AutoLoginData = { actorUserId: actor.id, actorClientId: actor.clientId ?? null, portal, ...(opts.boundTo ? { boundTo: opts.boundTo } : {}) }
  await platformDb
    .insertInto('auth_tokens')
    .values({
      purpose: 'auto_login',
      token_hash: sha256(token),
      user_id: target.userId,
      client_id: target.clientId,
      data: JSON.stringify(data),
      expires_at: new Date(Date.now() + AUTO_LOGIN_TTL),
    })
    .execute()
  return publicUrl(`${PORTAL_PREFIX[portal]}/auto-login/${token}`)
}

type LinkFailure = { ok: false; status: 401 | 429; message: string }
type LiveLink = { ok: true; id: number; userId: number; clientId: number | null; data: AutoLoginData; impersonating: boolean }

/**
 * Finds a live link for this portal and checks its binding; `claim` then spends it (only the request
 * that flips used_at wins). Refusals are audited when claiming: the preview GET (re-run by Remix after
 * every POST) would otherwise log each attempt twice, and a successful one as a failure.
 */
async function checkAutoLogin(code: string, ctx: AutoLoginContext, portal: AutoLoginPortal, claim: boolean): Promise<LiveLink | LinkFailure> {
  if (!(await consume('autoLoginPerIp', ctx.ip))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row = code
    ? await platformDb.selectFrom('auth_tokens').selectAll().where('token_hash', '=', sha256(code)).where('purpose', '=', 'auto_login').executeTakeFirst()
    : undefined
  const data = (row?.data ?? {}) as AutoLoginData
  const fail = async (message: string, audit: string): Promise<LinkFailure> => {
    if (claim)
      await recordAudit({ clientId: row?.client_id ?? null, userId: row?.user_id ?? null, module: 'auth', action: 'auto_login', status: 'failure', ip: ctx.ip, message: audit })
    return { ok: false, status: 401, message }
  }
  if (!row || row.used_at || row.expires_at.getTime() < Date.now() || (data.portal ?? 'admin') !== portal) return fail(INVALID_LINK, 'Invalid or expired auto-login link')
  const impersonating = data.actorUserId !== undefined && data.actorUserId !== row.user_id
  if ((impersonating || data.boundTo) && (!ctx.sessionId || data.boundTo !== ctx.sessionId)) {
    return fail(LINK_OTHER_SESSION, `A log-in-as link created by user #${data.actorUserId} was opened outside the session that created it`)
  }
  if (claim) {
    const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return fail(INVALID_LINK, 'Auto-login link already used')
  }
  return { ok: true, id: row.id, userId: row.user_id, clientId: row.client_id, data, impersonating }
}

export type AutoLoginPreview = { ok: true; name: string; email: string; organisation: string | null; impersonating: boolean } | LinkFailure

/** For the confirmation page: whom the link signs in as, without spending it. */
export async function previewAutoLogin(code: string, ctx: AutoLoginContext, portal: AutoLoginPortal = 'admin'): Promise<AutoLoginPreview> {
  const link = await checkAutoLogin(code, ctx, portal, false)
  if (!link.ok) return link
  const target = await platformDb.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', link.userId).executeTakeFirst()
  const organisation =
    link.clientId === null ? null : ((await platformDb.selectFrom('organisations').select('name').where('id', '=', link.clientId).executeTakeFirst())?.name ?? null)
  if (!target) return { ok: false, status: 401, message: INVALID_LINK }
  return { ok: true, name: `${target.first_name} ${target.last_name}`.trim() || target.email, email: target.email, organisation, impersonating: link.impersonating }
}

export type AutoLoginOutcome = { ok: true; user: AuthUser; session: SessionData; impersonating: boolean } | LinkFailure

/** Spends a link of this portal. A log-in-as session records who really signed in and the session to return to. */
export async function consumeAutoLogin(code: string, ctx: AutoLoginContext): Promise<AutoLoginOutcome> {
  const link = await checkAutoLogin(code, ctx, 'admin', true)
  if (!link.ok) return link
  const user = await loadAuthUser(link.userId, link.clientId)
  if (!user) {
    await recordAudit({
      clientId: link.clientId,
      userId: link.userId,
      module: 'auth',
      action: 'auto_login',
      status: 'failure',
      ip: ctx.ip,
      message: 'Auto-login link for an account that can no longer sign in',
    })
    return { ok: false, status: 401, message: INVALID_LINK }
  }
  const { actorUserId, actorClientId } = link.data
  await recordAudit({
    clientId: user.clientId,
    ...actorFields(user),
    actorUserId: link.impersonating ? actorUserId : null,
    module: 'auth',
    action: 'auto_login',
    status: 'success',
    ip: ctx.ip,
    message: link.impersonating ? `Signed in as ${user.email} with a log-in-as link` : 'Signed in with an auto-login link',
  })
  const impersonation: SessionData = link.impersonating
    ? { impersonatorUserId: actorUserId, impersonatorClientId: actorClientId ?? null, impersonatorSessionId: ctx.sessionId ?? undefined }
    : {}
  return { ok: true, user, impersonating: link.impersonating, session: { userId: user.id, clientId: user.clientId, remember: false, ...impersonation } }
}

/** The customer portal's link (a separate application): spent here, signing nobody in to this portal. */
export async function consumeCustomerPortalLink(code: string, ctx: AutoLoginContext): Promise<{ ok: true; name: string } | LinkFailure> {
  const preview = await previewAutoLogin(code, ctx, 'customer')
  if (!preview.ok) return preview
  const link = await checkAutoLogin(code, ctx, 'customer', true)
  if (!link.ok) return link
  await recordAudit({
    clientId: link.clientId,
    userId: link.userId,
    userName: preview.name,
    userRole: 'customer',
    actorUserId: link.data.actorUserId ?? null,
    module: 'auth',
    action: 'auto_login',
    status: 'success',
    ip: ctx.ip,
    message: `Opened the customer portal as ${preview.email} with a log-in-as link`,
  })
  return { ok: true, name: preview.name }
}

export async function recordLogout(user: AuthUser, ip: string, request?: Request) {
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'logout', status: 'success', ip, message: 'Signed out', request })
}
