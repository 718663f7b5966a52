// Password sign-in (the login page and POST /api/auth/login): the realm's account, the failed-login
// limits, then either a session or a second step (two-factor-sign-in.server.ts).
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { rateLimitAddress } from '#app/rules/address-key'
import { loginAccountKey, loginLimitDecision } from '#app/rules/login-limits'
import { platformDb, tenantDb } from '#app/services/db.server'
import { burnPasswordCheck, verifyPassword } from '#app/services/password.server'
import { consume, isKnownSource, refund, rememberSource, resetLimit, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import type { SessionData } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'
import { type AuthUser, findAccount, loadAuthUser, normalizeEmail } from './account.server'
import { recordAudit } from './audit.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { actorFields, type RequestContext } from './sign-in.server'
import { createTwoFactorChallenge, type TwoFactorMethod } from './two-factor-sign-in.server'
import { mustEnrollTotp, hasTotp } from './two-factor.server'

export const LOGIN_FAILED = 'Email or Password Incorrect'
export const SELECT_ORGANISATION = 'Please Select One Organization!'

export type LoginOutcome =
  | { kind: 'signed-in'; user: AuthUser; session: SessionData; mustEnrollTotp: boolean }
  | { kind: 'two-factor'; method: TwoFactorMethod; session: SessionData }
  | { kind: 'error'; status: 400 | 401 | 429; message: string }

export type LoginInput = { email: string; password: string; clientId?: string | null; role?: string | null; remember?: boolean }

/**
 * Spends one point of each failed-login limit before the password is checked (ADR 0012), so parallel
 * guesses cannot overrun them; a refused address spends nothing more. The per-account limit never
 * stops an address the account has signed in from, so an attacker elsewhere cannot lock the owner out.
 */
export async function spendLoginAttempt(accountKey: string, ip: string) {
  const accountIpOk = await consume('loginFailuresPerAccountIp', `${accountKey}|${rateLimitAddress(ip)}`)
  const ipOk = accountIpOk && (await consume('loginFailuresPerIp', ip))
  const accountOk = ipOk && (await consume('loginFailuresPerAccount', accountKey))
  const knownSource = ipOk && !accountOk && (await isKnownSource(accountKey, ip))
  return loginLimitDecision({ ipOk, accountIpOk, accountOk, knownSource })
}

/** A right password was no failure: its points come back, and this address's typos are forgiven. */
export async function refundLoginAttempt(accountKey: string, ip: string) {
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

/** The login page's strategy (remix-auth): the posted form through attemptLogin(). */
export const authenticator = new Authenticator<LoginOutcome>()
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    attemptLogin(
      {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        clientId: String(form.get('clientId') ?? '') || null,
        role: String(form.get('role') ?? '') || null,
        remember: form.get('remember') === 'on' || form.get('remember') === 'true',
      },
      { ip: clientIp(request) },
    ),
  ),
  'password',
)
