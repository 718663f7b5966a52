// Who is shopping: a customer of the organisation whose host the request came to (issue 24, ADR 0058).
// Customers are accounts of the organisation's realm with membership role 'customer'. The back-office
// guards never load them (SIGN_IN_ROLES), so a customer session is signed out for every staff page and
// call; here it counts only on its own organisation's hosts.
import { redirect } from '@remix-run/node'
import { safeReturnPath } from '#app/rules/landing'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { apiError, isApiRequest } from '#app/services/http.server'
import { oncePerRequest } from '#app/services/request-memo.server'
import { hostClientId } from '#app/services/request-host.server'
import { getSessionAuth } from '#app/services/session-auth.server'
import type { TenantScope } from '#db/tenant'

export type PortalCustomer = {
  id: number
  publicId: string
  clientId: number
  email: string
  firstName: string
  lastName: string
  /** Set in a log-in-as session: who really signed in (credentials and payments stay theirs to refuse). */
  impersonatorUserId: number | null
}

/** The customer of this host's organisation the session names, re-checked on every request; null otherwise. */
export function getCustomer(request: Request): Promise<PortalCustomer | null> {
  return oncePerRequest(request, 'portal-customer', async () => {
    const hostClient = hostClientId(request)
    if (hostClient === null) return null
    const { session, userId, clientId } = await getSessionAuth(request)
    if (!userId || clientId !== hostClient) return null
    const customer = await loadPortalCustomer(userId, hostClient)
    return customer && { ...customer, impersonatorUserId: session.get('impersonatorUserId') ?? null }
  })
}

/**
 * An active customer account of this organisation (its membership active and not archived, the
 * organisation active), re-read on every use so a deactivation ends access at once; null otherwise.
 */
export async function loadPortalCustomer(userId: number, clientId: number): Promise<Omit<PortalCustomer, 'impersonatorUserId'> | null> {
  const row = await platformDb
    .selectFrom('users as u')
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'u.id').onRef('m.client_id', '=', 'u.client_id'))
    .innerJoin('organisations as o', 'o.id', 'm.client_id')
    .select(['u.id', 'u.public_id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('u.id', '=', userId)
    .where('u.client_id', '=', clientId)
    .where('u.active', '=', true)
    .where('m.role', '=', 'customer')
    .where('m.active', '=', true)
    .where('m.archived', '=', false)
    .where('o.active', '=', true)
    .executeTakeFirst()
  if (!row) return null
  return { id: row.id, publicId: row.public_id, clientId, email: row.email, firstName: row.first_name, lastName: row.last_name }
}

/** Portal pages and calls that need a signed-in customer: 401 for JSON, the sign-in page (and back) otherwise. */
export async function requireCustomer(request: Request): Promise<PortalCustomer> {
  const customer = await getCustomer(request)
  if (customer) return customer
  if (isApiRequest(request)) throw apiError(401, 'Please sign in to continue')
  const url = new URL(request.url)
  const back = safeReturnPath(`${url.pathname}${url.search}`, '')
  throw redirect(back && back !== '/' ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login')
}

/** The organisation whose portal this host is: a guarded handle to its data; 404 on the platform host (no portal there). */
export function requirePortalHost(request: Request): TenantScope {
  const clientId = hostClientId(request)
  if (clientId === null) {
    if (isApiRequest(request)) throw apiError(404, 'Not Found')
    throw new Response('Not Found', { status: 404 })
  }
  return tenantForJob(clientId)
}
