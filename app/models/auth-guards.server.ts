// The request guards: who is asking (the session's ids, the account loaded and re-checked on every
// request), and the 401/403/redirects that requireUser(), requirePermission() and requirePlatform() throw.
import { redirect } from '@remix-run/node'
import type { Kysely } from 'kysely'
import { sidebarRestricted } from '#app/rules/account-status'
import { safeReturnPath } from '#app/rules/landing'
import { can, type Guard } from '#app/rules/permissions'
import { tenantDb } from '#app/services/db.server'
import type { AppSession } from '#app/services/session.server'
import { getSessionAuth } from '#app/services/session-auth.server'
import { oncePerRequest } from '#app/services/request-memo.server'
import { apiError, FORBIDDEN_MESSAGE, forbidden, isApiRequest } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'
import type { Database } from '#db/types'
import { type AuthUser, loadAuthUser, paymentDueDays, trialDaysLeft } from './account.server'
import { auditAction } from './audit.server'
import { mustEnrollTotp, TOTP_ENROLLMENT_REQUIRED, TWO_FACTOR_PAGE } from './two-factor.server'

/** What model functions receive: the organisation comes from the session, never from input. */
export type Tenant = { db: Kysely<Database>; clientId: number; user: AuthUser }

/** The session and its account, read once per request (every loader of a page asks). */
export function getAuth(request: Request): Promise<{ user: AuthUser | null; session: AppSession }> {
  return oncePerRequest(request, 'auth', async () => {
    const { session, userId, clientId, member } = await getSessionAuth(request)
    const user = userId ? await loadAuthUser(userId, clientId, member) : null
    // On an organisation's own host only that organisation's sessions count (ADR 0044).
    const hostClient = hostClientId(request)
    return { user: user && hostClient !== null && user.clientId !== hostClient ? null : user, session }
  })
}

export async function getOptionalUser(request: Request): Promise<AuthUser | null> {
  return (await getAuth(request)).user
}

function unauthenticated(request: Request): never {
  if (isApiRequest(request)) throw apiError(401, 'Unauthorized')
  const url = new URL(request.url)
  const returnTo = safeReturnPath(`${url.pathname}${url.search}`, '')
  throw redirect(returnTo && returnTo !== '/' ? `/login?redirectTo=${encodeURIComponent(returnTo)}` : '/login')
}

function denied(request: Request, message = FORBIDDEN_MESSAGE): never {
  if (isApiRequest(request)) throw apiError(403, message)
  throw forbidden(message)
}

/** Pages that stay open while an account is locked for non-payment. */
const OPEN_WHEN_LOCKED = [
  '/dashboard',
  '/payments',
  '/profile',
  '/logout',
  '/api/auth',
  '/api/permissions',
  '/api/profile',
  '/api/payments',
  '/api/client/payments',
  '/impersonation',
]

export const ACCOUNT_LOCKED_MESSAGE = 'Your subscription is not active. Please go to Billing to reactivate it.'

/** What a platform account that must enroll TOTP may still reach (ADR 0012). */
const OPEN_BEFORE_TOTP_ENROLLMENT = [TWO_FACTOR_PAGE, '/logout', '/api/auth']

/** Until a platform account has TOTP (where required), every other page sends it to the set-up page. */
async function requireTotpEnrollment(request: Request, user: AuthUser, session: AppSession) {
  if (user.clientId !== null) return
  // Single fetch asks for `/path.data`: the page is the same.
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  if (OPEN_BEFORE_TOTP_ENROLLMENT.some((p) => path === p || path.startsWith(`${p}/`))) return
  if (!(await mustEnrollTotp(user, { impersonated: !!session.get('impersonatorUserId') }))) return
  if (isApiRequest(request)) throw apiError(403, TOTP_ENROLLMENT_REQUIRED)
  throw redirect(TWO_FACTOR_PAGE)
}

export async function requireUser(request: Request, guard: Guard = {}): Promise<AuthUser> {
  const { user, session } = await getAuth(request)
  if (!user) unauthenticated(request)
  await requireTotpEnrollment(request, user, session)
  if (!can(user, guard)) denied(request)
  if (user.clientId !== null && sidebarRestricted(user.packageStatus, paymentDueDays(user), trialDaysLeft(user))) {
    const path = new URL(request.url).pathname
    if (!OPEN_WHEN_LOCKED.some((p) => path === p || path.startsWith(`${p}/`))) denied(request, ACCOUNT_LOCKED_MESSAGE)
  }
  return user
}

export const ORGANISATION_REQUIRED = 'Open an organisation first: this page belongs to a client account.'

/** The guard of every tenant route and API call; returns the tenant the session chose. */
export async function requirePermission(request: Request, guard: Guard = {}): Promise<Tenant> {
  const user = await requireUser(request, guard)
  if (user.clientId === null) denied(request, ORGANISATION_REQUIRED)
  return tenantOf(user as AuthUser & { clientId: number })
}

/**
 * requirePermission() for actions whose every refusal is audited (money moves: Mark As Paid, Refund): a
 * signed-in member of the organisation without the permission gets the same 403, after a failure row.
 */
export async function requireAuditedPermission(request: Request, guard: Guard, entry: { module: string; action: string; message: string }): Promise<Tenant> {
  const t = await requirePermission(request)
  if (!can(t.user, guard)) {
    await auditAction(t, request, { ...entry, message: `${entry.message}: permission denied`, status: 'failure' })
    denied(request)
  }
  return t
}

/**
 * The tenant of a signed-in organisation account (its session's organisation): the one place a
 * request gets a guarded handle. requirePermission() uses it; so do the few readers that check
 * a session themselves (file downloads, audit scope).
 */
export function tenantOf(user: AuthUser & { clientId: number }): Tenant {
  return { db: tenantDb(user.clientId), clientId: user.clientId, user }
}

/**
 * Platform screens: superadmin, or platform staff whose role grants the module (read from
 * platform_roles on every request, so a role edit applies at once). Organisation sessions get 403.
 */
export async function requirePlatform(request: Request, module?: string | string[]): Promise<AuthUser> {
  const user = await requireUser(request)
  if (user.clientId !== null) denied(request)
  if (user.role === 'superadmin') return user
  // A list means any one of them will do (the user forms read roles with the users module).
  const wanted = module === undefined ? [] : Array.isArray(module) ? module : [module]
  if (!wanted.some((m) => (user.roleModules ?? []).includes(m))) denied(request)
  return user
}

export const IMPERSONATION_CREDENTIALS_REFUSED = 'You are signed in as someone else: their password, e-mail and two-factor settings can only be changed by them.'

/**
 * Credentials (password, e-mail, two-factor) change only in a session the account's owner signed
 * in to themselves: a log-in-as session is refused, whatever the permissions of either person.
 */
export async function requireOwnCredentials(request: Request): Promise<AuthUser> {
  const user = await requireUser(request)
  const { session } = await getAuth(request)
  if (session.get('impersonatorUserId')) denied(request, IMPERSONATION_CREDENTIALS_REFUSED)
  return user
}
