// Log in as: single-use links for a customer, contributor or reviewer of this organisation, and the way back.
import { type AuthUser, loadAuthUser } from '#app/models/account.server'
import { createAutoLoginLink } from '#app/models/auth.server'
import { auditAction, recordAudit } from '#app/models/audit.server'
import type { Tenant } from '#app/services/auth.server'
import { can, type Guard } from '#app/rules/permissions'
import { getSession, startSession } from '#app/services/session.server'
import { clientIp } from '#app/utils/http.server'
import { findCustomer } from './customers.server'
import { findStaff } from './staff.server'

/** Where the customer portal's auto-login lives (a separate application; a placeholder page here). */
export const CUSTOMER_PORTAL_PREFIX = '/customer-portal'

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

export type LoginAsOutcome = { ok: true; link: string; name: string } | { ok: false; status: 400 | 403 | 404; error: string }

/**
 * The target must be a membership of the caller's organisation (a foreign id is simply not found).
 * The link records who asked, so the new session carries impersonatorUserId/ClientId and the banner.
 */
export async function startLoginAs(t: Tenant, request: Request, input: { id: string; type: LoginAsType }): Promise<LoginAsOutcome> {
  if (!can(t.user, LOGIN_AS_GUARD[input.type])) return { ok: false, status: 403, error: '' }
  const target = input.type === 'customer' ? await findCustomer(t, input.id) : await findStaff(t, input.id)
  if (!target) return { ok: false, status: 404, error: 'User not found' }
  if (target.userId === t.user.id) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.self }
  if (input.type === 'writer' && !target.permissions.includes('WRITER')) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.writer }
  if (input.type === 'reviewer' && !target.permissions.includes('REVIEWER')) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.reviewer }
  if (!target.active || target.archived || !target.userActive) return { ok: false, status: 400, error: TARGET_NOT_ALLOWED.inactive }
  const origin = new URL(request.url).origin
  // Customers sign in to the customer portal, not here: opening their link in this portal would end the
  // admin's own session (auto-login signs out first) and then refuse the customer role.
  const base = input.type === 'customer' ? `${origin}${CUSTOMER_PORTAL_PREFIX}` : origin
  const link = await createAutoLoginLink({ id: t.user.id, clientId: t.clientId }, { userId: target.userId, clientId: t.clientId }, base)
  const name = `${target.firstName} ${target.lastName}`.trim()
  await auditAction(t, request, {
    module: input.type === 'customer' ? 'customers' : 'users',
    action: 'login_as',
    message: `Created a log-in-as link for ${input.type} ${target.email}`,
  })
  return { ok: true, link, name }
}

export type ReturnOutcome = { ok: true; cookie: string; user: AuthUser } | { ok: false; reason: 'not-impersonating' | 'original-gone' }

/** Ends the log-in-as session; the original person gets a fresh session if their account still allows it. */
export async function returnFromLoginAs(request: Request, current: AuthUser | null): Promise<ReturnOutcome> {
  const session = await getSession(request)
  const impersonatorId = session.get('impersonatorUserId')
  if (!impersonatorId) return { ok: false, reason: 'not-impersonating' }
  const clientId = session.get('impersonatorClientId') ?? null
  const original = await loadAuthUser(impersonatorId, clientId)
  if (!original) return { ok: false, reason: 'original-gone' }
  const cookie = await startSession(request, { userId: original.id, clientId: original.clientId, remember: false, ...(session.get('lang') ? { lang: session.get('lang') } : {}) })
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
  return { ok: true, cookie, user: original }
}
