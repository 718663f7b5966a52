// /work (My work): the contributor's orders with filters and paging, as a list or (enable_boards) a board,
// the drafts waiting for a reviewer, and (enable_open_pool) the open pool with its one-click claim.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader, Toast } from '#app/components/page'
import { OpenPool } from '#app/components/work/open-pool'
import { ReviewDrafts } from '#app/components/work/review-drafts'
import { WorkBoard } from '#app/components/work/work-board'
import { ViewSwitch, WorkFilters } from '#app/components/work/work-filters'
import { WorkList, WorkPager } from '#app/components/work/work-list'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { boardMoveSchema, poolClaimSchema, workListQuerySchema } from '#app/models/work-list.schema'
import { draftsAwaitingMyReview, listMyWork, openPool, workActions } from '#app/models/work-list.server'
import { holdsReviewer, WORK_HOME } from '#app/rules/contributor'
import { POOL_CLAIMED, WORK_EMPTY_TEXT } from '#app/rules/work-list'
import { zodErrors } from '#app/services/api-request.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { requireContributor } from './contributor-access.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requireContributor(request)
  const parsed = workListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) throw data({ message: Object.values(zodErrors(parsed.error))[0] }, { status: 400 })
  const settings = await getWebsiteSettings(t)
  const view = settings.enable_boards ? parsed.data.view : 'list'
  const [page, drafts, pool, { toast, headers }] = await Promise.all([
    listMyWork(t, parsed.data),
    holdsReviewer(t.user) ? draftsAwaitingMyReview(t) : Promise.resolve(null),
    settings.enable_open_pool ? openPool(t) : Promise.resolve(null),
    takeToast(request),
  ])
  return data({ ...page, query: { ...parsed.data, view }, boards: settings.enable_boards, drafts, pool, toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requireContributor(request)
  const form = Object.fromEntries(await request.formData())
  const back = `${WORK_HOME}${new URL(request.url).search}`
  switch (form.intent) {
    case 'claim': {
      const body = poolClaimSchema.safeParse(form)
      if (!body.success) return data({ error: Object.values(zodErrors(body.error))[0] }, { status: 400 })
      const result = await workActions.claim(t, request, body.data.orderId)
      if (!result.ok) return data({ error: result.error }, { status: result.status })
      return redirectWithToast(request, back, POOL_CLAIMED)
    }
    case 'move': {
      const body = boardMoveSchema.safeParse(form)
      if (!body.success) return data({ error: Object.values(zodErrors(body.error))[0] }, { status: 400 })
      const result = await workActions.moveCard(t, request, body.data.orderId, body.data.to)
      if (!result.ok) return data({ error: result.error }, { status: result.status })
      return redirectWithToast(request, back, 'Task marked done.')
    }
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

export default function MyWorkRoute() {
  const { orders, count, query, boards, drafts, pool, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader title="My work" />
      <Toast message={toast} />
      {answer && 'error' in answer ? <Alert tone="danger">{answer.error}</Alert> : null}
      {drafts ? <ReviewDrafts drafts={drafts} /> : null}
      <section aria-labelledby="my-orders-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-orders-heading" className="text-lg font-semibold text-gray-900">
            My orders
          </h2>
          {boards ? <ViewSwitch view={query.view} /> : null}
        </div>
        <WorkFilters current={query.filter} />
        {query.view === 'board' && orders.length > 0 ? <WorkBoard orders={orders} /> : <WorkList orders={orders} emptyText={WORK_EMPTY_TEXT[query.filter]} />}
        <WorkPager count={count} page={query.page} size={query.size} />
      </section>
      {pool ? <OpenPool orders={pool} /> : null}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'My work | Draftdesk' }]
