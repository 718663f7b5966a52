// The guard of the reviewer's order list (page and JSON): the route table's REVIEWER check, then the
// reviewer rule, which also refuses the owner (role client) that every guard lets through.
import { mayOpenReviewerOrders, REVIEWER_ORDERS_ONLY } from '#app/rules/reviewer-orders'
import { routeGuard } from '#app/rules/routes'
import { apiError, forbidden, isApiRequest } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function requireReviewer(request: Request) {
  const t = await requirePermission(request, routeGuard('/orders/assigned-orders'))
  if (!mayOpenReviewerOrders(t.user)) throw isApiRequest(request) ? apiError(403, REVIEWER_ORDERS_ONLY) : forbidden(REVIEWER_ORDERS_ONLY)
  return t
}
