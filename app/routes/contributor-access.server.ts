// The guards of the contributor workspace (/work pages and /api/writer calls): a signed-in writer or
// reviewer of the session's organisation, and for one order, an order that is theirs (else 404).
import { redirect } from '@remix-run/node'
import { CONTRIBUTORS_ONLY, mayWork, workOrderPath } from '#app/rules/contributor'
import { can } from '#app/rules/permissions'
import { apiJson, forbidden, isApiRequest, notFound } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { findContributorOrder, type Contributor, type ContributorOrder } from '#app/models/contributor-orders.server'

export const WORK_ORDER_NOT_FOUND = 'Order not found'

/** The /api/writer calls' refusal: {statusCode, message} as their contract says, with `error` as the other calls have it. */
const callError = (status: number, message: string) => apiJson({ status: false, message, error: message }, status)

export async function requireContributor(request: Request): Promise<Contributor> {
  const t = await requirePermission(request, { any: ['WRITER', 'REVIEWER'] })
  if (!mayWork(t.user)) throw isApiRequest(request) ? callError(403, CONTRIBUTORS_ONLY) : forbidden(CONTRIBUTORS_ONLY)
  return t
}

export async function requireContributorOrder(request: Request, orderPublicId: string | undefined): Promise<Contributor & ContributorOrder> {
  const t = await requireContributor(request)
  const found = orderPublicId ? await findContributorOrder(t, orderPublicId) : null
  if (!found) throw isApiRequest(request) ? callError(404, WORK_ORDER_NOT_FOUND) : notFound(WORK_ORDER_NOT_FOUND)
  return { ...t, ...found }
}

/**
 * /project/view/{id} for a contributor of that order who lacks READ_ORDERS: their own order page instead of a
 * 403, so links in older e-mails keep working (ADR 0067). Everyone else goes on to the page's own guard.
 */
export async function redirectContributorFromProject(request: Request, orderPublicId: string | undefined): Promise<void> {
  const t = await requirePermission(request)
  if (!orderPublicId || can(t.user, { all: ['READ_ORDERS'] }) || !mayWork(t.user)) return
  if (await findContributorOrder(t, orderPublicId)) throw redirect(workOrderPath(orderPublicId))
}
