// /orders/revisions: drafts waiting for approval (when the organisation enables it), oldest first;
// Approve posts here, Reject opens the nested dialog route /orders/revisions/reject/{id}.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { RevisionsTable } from '#app/components/orders/revisions-table'
import { PageHeader, Toast } from '#app/components/page'
import { REVISION_APPROVED, REVISIONS_PAGE_SIZES } from '#app/models/revisions.names'
import { revisionActions } from '#app/models/revisions.server'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery } from '#app/rules/table-query'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { Card } from '#app/ui/card'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: REVISIONS_PAGE_SIZES, sortable: ['createdAt'], defaultSort: 'createdAt', defaultDir: 'asc' })
  const { settings, revisions, count } = await revisionActions.list(t, { start: query.start, size: query.size })
  const { toast, headers } = await takeToast(request)
  return data({ enabled: settings.enable_revisions_approval_feature, revisions, count, query, toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/revisions'))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'approve': {
      const result = await revisionActions.approve(t, request, String(form.get('id') ?? ''))
      if (!result.ok) return data({ error: result.error }, { status: result.status })
      const url = new URL(request.url)
      return redirectWithToast(request, `/orders/revisions${url.search}`, REVISION_APPROVED)
    }
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

export default function RevisionsRoute() {
  const { enabled, revisions, count, query, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader title="Revisions Approval" />
      <Toast message={toast} />
      {actionData?.error ? <Alert tone="danger">{actionData.error}</Alert> : null}
      <Outlet />
      {enabled ? (
        <RevisionsTable revisions={revisions} count={count} query={query} />
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-gray-900">Revisions approval is turned off</h2>
          <p className="mt-2 max-w-2xl text-sm text-gray-600">
            When it is on, every draft a contributor delivers waits here until you approve it, or reject it with a reason and files for the contributor. Turn on &lsquo;Enable
            revisions approval&rsquo; in the website settings (features) to use it.
          </p>
        </Card>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Revisions Approval | Draftdesk' }]
