// /orders/assigned-orders: the signed-in reviewer's orders with their latest task; never for the owner (role client).
// 'Review Orders' (spec: hidden for role client) leads to the drafts waiting for this reviewer, in their workspace.
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ReviewerOrdersTable } from '#app/components/orders/reviewer-orders-table'
import { PageHeader } from '#app/components/page'
import { ButtonLink } from '#app/ui/button'
import { REVIEWER_ORDERS_PAGE_SIZES } from '#app/models/reviewer-orders.schema'
import { listReviewerOrders } from '#app/models/reviewer-orders.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery } from '#app/rules/table-query'
import { requireReviewer } from './reviewer-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireReviewer(request)
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: REVIEWER_ORDERS_PAGE_SIZES, sortable: ['createdAt'], defaultSort: 'createdAt', defaultDir: 'desc' })
  const archived = url.searchParams.get('archived') === 'true'
  const { orders, count } = await listReviewerOrders(t, { archived, start: query.start, size: query.size })
  const canReview = t.user.role !== 'client' && can(t.user, routeGuard('/work'))
  return { orders, count, query, archived, canOpenProject: can(t.user, routeGuard('/project/view/:orderId')), canReview }
}

export default function AssignedOrdersRoute() {
  const { orders, count, query, archived, canOpenProject, canReview } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title={archived ? 'Archived Assigned Orders' : 'Assigned Orders'}>
        {canReview ? (
          <ButtonLink to="/work#review-drafts-heading" variant="secondary">
            Review Orders
          </ButtonLink>
        ) : null}
      </PageHeader>
      <ReviewerOrdersTable orders={orders} count={count} query={query} canOpenProject={canOpenProject} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Assigned Orders | Draftdesk' }]
