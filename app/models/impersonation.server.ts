// Log in as (ADR 13): single-use links for a customer, contributor or reviewer of this organisation, or a client's
// owner for the platform superadmin; each link is bound to the session that asked for it, and the way back
// resumes only that session.
import { createSession } from '@remix-run/node'
import { type AuthUser, loadAuthUser } from '#app/models/account.server'
import { createAutoLoginLink } from './auto-login-links.server'
import { auditAction, auditUserAction, impersonatorOf, recordAudit, sessionIdHash } from '#app/models/audit.server'
import type { Tenant } from './auth-guards.server'
import type { Guard } from '#app/rules/permissions'
import { CLIENT_LOGIN_SUPERADMIN_ONLY, loginAsRefusal, mayLogInAsClient } from '#app/rules/reach'
import { isSessionAlive } from '#app/rules/session-lifetime'
import { newToken, sha256 } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { commitSession, getSession, sessionStorage, type SessionData } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'
import { publicOrigin } from '#app/services/public-url.server'
import { hostClientId, requestHostname } from '#app/services/request-host.server'
import { NO_PORTAL_HOST } from './customer-links.server'
import { findCustomer } from './customers.server'
import { configuredOriginOf, subdomainOrigin } from './domains.server'
import { clientLoginTarget } from './platform-clients.server'
import { findStaff } from './staff.server'

export type LoginAsType = 'customer' | 'writer' | 'reviewer'
export const LOGIN_AS_TYPES = ['customer', 'writer', 'reviewer'] as const

/** LOGIN_AS_WRITER covers reviewers too: the spec has no separate reviewer permission. */
export const LOGIN_AS_GUARD: Record<LoginAsType, Guard> = {
  customer: { all: ['LOGIN_AS_CUSTOMER'] },
  writer: { all: ['LOGIN_AS_WRITER'] },
  reviewer: { all: ['LOGIN_AS_WRITER'] },
}

export const TARGET_NOT_ALLOWED = {
  writer: 'This user is not a contributor',
  reviewer: 'This user is not a reviewer',
  inactive: 'This user is not active',
  self: "You can't log in as yourself",
} as const

export const ALREADY_IMPERSONATING = 'You are signed in as someone else: return to your own account first.'

export type LoginAsOutcome = { ok: true; link: string; name: string } | { ok: false; status: 400 | 403 | 404; error: string }

/**
 * The target must be a membership of the caller's organisation (a foreign id is simply not found), never
 * the owner, and hold no permission the caller lacks (unless the caller has full access). The link is
 * bound to the caller's session and records who asked, so the new session carries the banner and the way back.
 * Callers hold `t` from requirePermission(LOGIN_AS_GUARD[type]).
 */
export async function startLoginAs(t: Tenant, request: Request, input: { id: string; type: LoginAsType }): Promise<LoginAsOutcome> {
  const refuse = async (status: 400 | 403 | 404, error: string): Promise<LoginAsOutcome> => {
    await auditAction(t, request, {
      module: input.type === 'customer' ? 'customers' : 'users',
      action: 'login_as',
      status: 'failure',
      message: `Log in as ${input.type} ${input.id} refused: ${error}`,
    })
    return { ok: false, status, error }
  }
  // A chain of log-in-as sessions would lose who really acted, and its way back.
  if (await impersonatorOf(request)) return refuse(403, ALREADY_IMPERSONATING)
  const target = input.type === 'customer' ? await findCustomer(t, input.id) : await findStaff(t, input.id)
  if (!target) return { ok: false, status: 404, error: 'User not found' }
  if (target.userId === t.user.id) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.self }
  const refusal = loginAsRefusal(t.user, target)
  if (refusal) return refuse(403, refusal)
  if (input.type === 'writer' && !target.permissions.includes('WRITER')) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.writer }
  if (input.type === 'reviewer' && !target.permissions.includes('REVIEWER')) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.reviewer }
  if (!target.active || target.archived || !target.userActive) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.inactive }
  // The customer portal lives on the organisation's subdomain host (ADR 0059): without one it has nowhere to open.
  if (input.type === 'customer' && !(await subdomainOrigin(t))) return { ok: false, status: 400, error: NO_PORTAL_HOST }
  // Customers end up in the portal (through a hand-off, ADR 0059); everyone else in this back office.
  const link = await createAutoLoginLink(
    { id: t.user.id, clientId: t.clientId },
    { userId: target.userId, clientId: t.clientId },
    { portal: input.type === 'customer' ? 'customer' : 'admin', boundTo: await sessionIdHash(request), origin: await adminOrigin(request) },
  )
  const name = `${target.firstName} ${target.lastName}`.trim()
  await auditAction(t, request, {
    module: input.type === 'customer' ? 'customers' : 'users',
    action: 'login_as',
    message: `Created a log-in-as link for ${input.type} ${target.email}`,
  })
  return { ok: true, link, name }
}

/**
 * The origin the admin is using, as configured: the link is bound to their session, whose cookie lives on
 * that host alone. The organisation's subdomain or verified custom domain when the request came there,
 * else PUBLIC_URL; never the Host header itself.
 */
export async function adminOrigin(request: Request): Promise<string> {
  const clientId = hostClientId(request)
  if (clientId === null) return publicOrigin()
  return (await configuredOriginOf(tenantForJob(clientId), requestHostname(request))) ?? publicOrigin()
}

/**
 * "Login As Client" signs in as an organisation's owner, who has full access there: only the platform
 * superadmin may; platform staff are refused (and the refusal audited), whatever modules they hold.
 */
export async function startLoginAsClient(actor: AuthUser, request: Request, publicId: string): Promise<LoginAsOutcome> {
  const target = await clientLoginTarget(publicId)
  if (!target) return { ok: false, status: 404, error: 'Client not found' }
  if (!mayLogInAsClient(actor)) {
    await auditUserAction(actor, request, {
      module: 'clients',
      action: 'login_as_client',
      status: 'failure',
      message: `Login As Client ${target.name} refused: ${CLIENT_LOGIN_SUPERADMIN_ONLY}`,
    })
    return { ok: false, status: 403, error: CLIENT_LOGIN_SUPERADMIN_ONLY }
  }
  if (await impersonatorOf(request)) return { ok: false, status: 403, error: ALREADY_IMPERSONATING }
  const link = await createAutoLoginLink(actor, { userId: target.ownerId, clientId: target.clientId }, { boundTo: await sessionIdHash(request) })
  await auditUserAction(actor, request, {
    clientId: target.clientId,
    module: 'clients',
    action: 'login_as_client',
    message: `${actor.firstName} ${actor.lastName} (platform) created a sign-in link as ${target.email} for ${target.name}`,
  })
  return { ok: true, link, name: target.name }
}

export type ReturnOutcome = { ok: true; cookie: string; user: AuthUser } | { ok: false; reason: 'not-impersonating' | 'original-gone' }

/**
 * Ends the log-in-as session and resumes the impersonator's own session, parked when the link was opened:
 * the same row under a new token, so it keeps its sign-in time and lifetime. If that session ended
 * meanwhile (sign-out everywhere, password change, deactivation, timeout), nobody is signed in: the way
 * back never yields a session the opener did not already have.
 */
export async function returnFromLoginAs(request: Request, current: AuthUser | null): Promise<ReturnOutcome> {
  const session = await getSession(request)
  const impersonatorId = session.get('impersonatorUserId')
  if (!impersonatorId) return { ok: false, reason: 'not-impersonating' }
  const clientId = session.get('impersonatorClientId') ?? null
  const parkedId = session.get('impersonatorSessionId')
  // The borrowed session ends whatever happens next.
  if (session.id) await sessionStorage().destroySession(session)
  const original = await loadAuthUser(impersonatorId, clientId)
  const resumed = parkedId && original ? await resumeParkedSession(parkedId, original) : null
  if (!original || !resumed) return { ok: false, reason: 'original-gone' }
  await recordAudit({
    clientId: original.clientId,
    userId: original.id,
    userName: `${original.firstName} ${original.lastName}`,
    userRole: original.role,
    module: 'auth',
    action: 'login_as_return',
    status: 'success',
    ip: clientIp(request),
    message: current ? `Returned from ${current.email}` : 'Returned from a log-in-as session',
  })
  return { ok: true, cookie: resumed, user: original }
}

/** Gives the parked session a new token (the old one is never valid again) when it is still alive and still theirs. */
async function resumeParkedSession(parkedId: string, original: AuthUser): Promise<string | null> {
  const row = await platformDb.selectFrom('sessions').select(['data', 'expires_at', 'user_id', 'client_id']).where('id', '=', parkedId).executeTakeFirst()
  if (!row || row.user_id !== original.id || row.client_id !== original.clientId) return null
  const data = row.data as SessionData
  const now = Date.now()
  const alive = row.expires_at.getTime() > now && isSessionAlive({ createdAt: data.createdAt ?? 0, lastSeenAt: data.lastSeenAt ?? 0, remember: data.remember === true }, now)
  if (!alive || data.impersonatorUserId || data.userId !== original.id) return null
  const token = newToken()
  const moved = await platformDb
    .updateTable('sessions')
    .set({ id: sha256(token) })
    .where('id', '=', parkedId)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return null
  return commitSession(createSession<SessionData, { toast: string }>({ ...data, lastSeenAt: now }, token))
}
