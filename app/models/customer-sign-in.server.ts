// Customers signing in on their organisation's host (ADR 0059): the password check with the staff login's
// limits and generic error, the one sign-in of a business that sends each address to the staff or the
// customer check, and the session (Set-Cookie) a signed-in customer gets.
import { loginAccountKey } from '#app/rules/login-limits'
import { platformDb } from '#app/services/db.server'
import { burnPasswordCheck, verifyPassword } from '#app/services/password.server'
import { rememberSource, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { hostClientId } from '#app/services/request-host.server'
import { type SessionData, startSession } from '#app/services/session.server'
import { findAccount, normalizeEmail } from './account.server'
import { recordAudit } from './audit.server'
import { attemptLogin, LOGIN_FAILED, type LoginOutcome, refundLoginAttempt, spendLoginAttempt } from './password-sign-in.server'
import { getCustomer, loadPortalCustomer, type PortalCustomer } from './portal-auth.server'
import type { RequestContext } from './sign-in.server'

export type SignedInCustomer = Omit<PortalCustomer, 'impersonatorUserId'>

export type CustomerLoginOutcome = { kind: 'customer'; customer: SignedInCustomer; session: SessionData } | { kind: 'error'; status: 401 | 429; message: string }

export type CustomerCredentials = { email: string; password: string; remember?: boolean }

/** The audit fields of a customer acting on their own account. */
export function customerActor(customer: Pick<SignedInCustomer, 'id' | 'firstName' | 'lastName'>) {
  return { userId: customer.id, userName: `${customer.firstName} ${customer.lastName}`, userRole: 'customer' }
}

/**
 * A customer's password, against the account of this organisation's realm only. The same failed-login
 * limits as staff, keyed the same way (realm and e-mail), spent before the check; any failure, whatever
 * its cause (no account, wrong password, a staff account, a deactivated customer), is LOGIN_FAILED.
 */
export async function attemptCustomerLogin(clientId: number, input: CustomerCredentials, ctx: RequestContext): Promise<CustomerLoginOutcome> {
  const email = normalizeEmail(input.email)
  const accountKey = loginAccountKey(clientId, email)
  if ((await spendLoginAttempt(accountKey, ctx.ip)) !== 'allow') return { kind: 'error', status: 429, message: TOO_MANY_ATTEMPTS }
  const person = await findAccount(clientId, email)
  const passwordOk = person ? await verifyPassword(person.password_hash, input.password) : (await burnPasswordCheck(input.password), false)
  const customer = person && passwordOk ? await loadPortalCustomer(person.id, clientId) : null
  if (!person || !customer) {
    await recordAudit({
      clientId,
      userId: person?.id ?? null,
      module: 'auth',
      action: 'login',
      status: 'failure',
      ip: ctx.ip,
      message: person ? `Failed customer sign-in for ${person.email}` : 'Failed login for an unknown account',
    })
    return { kind: 'error', status: 401, message: LOGIN_FAILED }
  }
  await refundLoginAttempt(accountKey, ctx.ip)
  await rememberSource(accountKey, ctx.ip)
  await recordAudit({ clientId, ...customerActor(customer), module: 'auth', action: 'login', status: 'success', ip: ctx.ip, message: 'Signed in to the customer portal' })
  return { kind: 'customer', customer, session: customerSession(customer, !!input.remember) }
}

export function customerSession(customer: Pick<SignedInCustomer, 'id' | 'clientId'>, remember = false): SessionData {
  return { userId: customer.id, clientId: customer.clientId, remember }
}

/**
 * The sign-in page of an organisation's host: one form for everyone of that business. The address's
 * account in this realm decides which check runs; both spend the same limits and fail with the same text,
 * so the answer never tells a customer from a member of staff or from nobody.
 */
export async function attemptHostLogin(clientId: number, input: CustomerCredentials, ctx: RequestContext): Promise<LoginOutcome | CustomerLoginOutcome> {
  const role = await platformDb
    .selectFrom('users as u')
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'u.client_id'))
    .select('m.role')
    .where('u.client_id', '=', clientId)
    .where('u.email', '=', normalizeEmail(input.email))
    .executeTakeFirst()
  if (role?.role === 'customer') return attemptCustomerLogin(clientId, input, ctx)
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', clientId).executeTakeFirstOrThrow()
  return attemptLogin({ email: input.email, password: input.password, clientId: org.public_id, remember: input.remember }, ctx)
}

export class NotThisHostsCustomer extends Error {}

/**
 * Starts a customer session on this request's host (a new session id; any session of this browser on this
 * host ends) and returns its Set-Cookie header. Only for an active customer of the host's organisation:
 * a session for anyone else would read as signed out anyway, so asking for one is a bug and throws.
 */
export async function startCustomerSession(request: Request, customer: { userId: number; clientId: number; remember?: boolean }): Promise<string> {
  if (hostClientId(request) !== customer.clientId || !(await loadPortalCustomer(customer.userId, customer.clientId))) {
    throw new NotThisHostsCustomer(`User #${customer.userId} is not an active customer of this host's organisation`)
  }
  return startSession(request, customerSession({ id: customer.userId, clientId: customer.clientId }, !!customer.remember))
}

export type CustomerSignIn = { ok: true; customer: SignedInCustomer; cookie: string } | { ok: false; status: 400 | 401 | 429; message: string }

/** E-mail and password on this request's host, then the session: what the portal's sign-in calls (and the checkout) use. */
export async function signInCustomer(request: Request, input: CustomerCredentials, ctx: RequestContext): Promise<CustomerSignIn> {
  const clientId = hostClientId(request)
  if (clientId === null) return { ok: false, status: 401, message: LOGIN_FAILED }
  const outcome = await attemptCustomerLogin(clientId, input, ctx)
  if (outcome.kind === 'error') return { ok: false, status: outcome.status, message: outcome.message }
  return { ok: true, customer: outcome.customer, cookie: await startSession(request, outcome.session) }
}

/** The audit row of a customer signing out of the portal (/logout); nothing when the request names no customer. */
export async function recordCustomerLogout(request: Request): Promise<void> {
  const customer = await getCustomer(request)
  if (!customer) return
  await recordAudit({
    clientId: customer.clientId,
    ...customerActor(customer),
    module: 'auth',
    action: 'logout',
    status: 'success',
    message: 'Signed out of the customer portal',
    request,
  })
}
