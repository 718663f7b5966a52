// Customer-portal sessions from a request (ADR 0059): the link contexts of the portal's pages, the log-in-as
// session a hand-off code opens (parking the admin's own session when it lives on this same host), and the
// way back out of it.
import { redirect } from '@remix-run/node'
import { recordAudit, sessionIdHash } from '#app/models/audit.server'
import type { LinkContext, OpenedHandoff } from '#app/models/customer-links.server'
import { customerActor } from '#app/models/customer-sign-in.server'
import { returnFromLoginAs } from '#app/models/impersonation.server'
import { getCustomer } from '#app/models/portal-auth.server'
import { landingPath } from '#app/rules/landing'
import { clientIp } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'
import { commitSession, destroySession, getSession, sessionStorage, type SessionData, startSession } from '#app/services/session.server'

export function linkContext(request: Request): LinkContext {
  return { ip: clientIp(request), hostClientId: hostClientId(request) }
}

/**
 * The customer session a spent hand-off code opens: marked as log-in-as (who acted, where to go back). The
 * admin's own session on this host, if this browser has one here, is parked rather than ended, so the way
 * back resumes it (ADR 13); any other session of this browser on this host ends.
 */
export async function startHandoffSession(request: Request, opened: Extract<OpenedHandoff, { ok: true }>): Promise<string> {
  const current = await getSession(request)
  const ownSession = current.id && current.get('userId') === opened.actor.userId && (current.get('clientId') ?? null) === opened.actor.clientId
  const data: SessionData = {
    userId: opened.customer.id,
    clientId: opened.customer.clientId,
    remember: false,
    impersonatorUserId: opened.actor.userId,
    impersonatorClientId: opened.actor.clientId,
    ...(ownSession ? { impersonatorSessionId: (await sessionIdHash(request)) ?? undefined } : { impersonatorReturnUrl: opened.returnUrl }),
  }
  if (!ownSession) return startSession(request, data)
  const session = await sessionStorage().getSession()
  for (const [key, value] of Object.entries(data)) if (value !== undefined) session.set(key as keyof SessionData, value as never)
  if (current.get('lang')) session.set('lang', current.get('lang'))
  return commitSession(session)
}

/**
 * Ends a log-in-as session of the portal: back to the admin's parked session on this host when there is
 * one (and it is still alive; a redirect), else to the back office the admin came from, where their own
 * session is (`elsewhere`: a page must forward there, since a form post may not be redirected to another origin).
 */
export async function leavePortalLoginAs(request: Request): Promise<Response | { elsewhere: string; cookie: string }> {
  const session = await getSession(request)
  const actorId = session.get('impersonatorUserId')
  if (!actorId) return redirect('/account')
  const customer = await getCustomer(request)
  if (session.get('impersonatorSessionId')) {
    const outcome = await returnFromLoginAs(request, null)
    if (outcome.ok) return redirect(landingPath(outcome.user), { headers: { 'Set-Cookie': outcome.cookie } })
    return redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } })
  }
  const back = session.get('impersonatorReturnUrl') ?? '/login'
  const cookie = await destroySession(session)
  if (customer) {
    await recordAudit({
      clientId: customer.clientId,
      ...customerActor(customer),
      actorUserId: actorId,
      module: 'auth',
      action: 'login_as_return',
      status: 'success',
      ip: clientIp(request),
      message: `Left the customer portal session of ${customer.email}`,
    })
  }
  return { elsewhere: back, cookie }
}
