// /products/customer-services/all: the workflows table, 'Show Archived Workflows', archive switch per row.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { listLoadErrorBoundary } from '#app/components/error-screens'
import { z } from 'zod'
import { ArchivedToggle, type Column, DataTable } from '#app/components/data-table'
import { SuccessDialog, SwitchForm, Tag } from '#app/components/workflows/list-ui'
import { takeToast } from '#app/services/flash.server'
import { listPageQuery } from '#app/models/workflows.schema'
import { PAGE_SIZE_OPTIONS, WORKFLOW_LIST_FAILED } from '#app/models/workflows.names'
import { listWorkflows, workflowActions } from '#app/models/workflows.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { TYPE_LABELS } from '#app/rules/workflow-modules'
import { requirePermission } from '#app/models/auth-guards.server'
import { formatDate } from '#app/rules/format'
import { Alert } from '#app/ui/alert'
import { readForm } from '#app/services/form-request.server'
import { rowActionClass, RowActionGroup } from '#app/ui/row-actions'
import { PageHeader } from '#app/components/page'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const { archived, page, size, search, table } = listPageQuery(new URL(request.url).searchParams)
  const { services, count } = await listWorkflows(t, { archived, page, size, search })
  const { toast: flash, headers } = await takeToast(request)
  return data(
    {
      services: services.map((s) => ({
        _id: s._id,
        serviceName: s.serviceName,
        serviceType: s.serviceType,
        modules: s.serviceModules.length,
        archived: s.archived,
        createdAt: s.createdAt,
      })),
      count,
      query: table,
      canCreate: can(t.user, { all: ['WRITE_WORKFLOWS'] }),
      canUpdate: can(t.user, { all: ['UPDATE_WORKFLOWS'] }),
      flash,
    },
    { headers },
  )
}

// Built in the action (a function), so the page's browser code does not carry zod (ADR 0077).
const intentSchema = () => z.object({ intent: z.literal('archive'), id: z.string().min(1).max(64), value: z.enum(['true', 'false']) })

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_WORKFLOWS'] })
  const parsed = intentSchema().safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Please Try Again Later!' }, { status: 400 })
  const service = await workflowActions.archive(t, request, parsed.data.id, parsed.data.value === 'true')
  if (!service) return data({ error: 'Workflow not found' }, { status: 404 })
  return { error: null }
}

type Row = { _id: string; serviceName: string; serviceType: keyof typeof TYPE_LABELS; modules: number; archived: boolean; createdAt: string }

export default function WorkflowsRoute() {
  const { services, count, query, canCreate, canUpdate, flash } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const columns: Column<Row>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    {
      key: 'name',
      header: 'Name',
      cell: (s) => (
        <>
          <span className="font-medium text-gray-900">{s.serviceName}</span> {s.archived ? <Tag>Archived</Tag> : null}
        </>
      ),
    },
    { key: 'type', header: 'Type', cell: (s) => TYPE_LABELS[s.serviceType] },
    { key: 'modules', header: 'Modules', cell: (s) => s.modules },
    { key: 'created', header: 'Created', cell: (s) => formatDate(s.createdAt, 'numeric') },
  ]
  if (canUpdate) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (s) => (
        <RowActionGroup>
          <Link to={`/products/customer-services/update/${s.serviceType}/${s._id}`} className={rowActionClass()} aria-label={`Update ${s.serviceName}`}>
            Update
          </Link>
          <SwitchForm label="Archive" ariaLabel={`Archive ${s.serviceName}`} on={s.archived} intent="archive" id={s._id} />
        </RowActionGroup>
      ),
    })
  }
  return (
    <div className="space-y-6">
      <SuccessDialog message={flash} />
      <PageHeader title="Workflows" create={canCreate ? { to: '/products/customer-services/create', thing: 'Workflow' } : null} />
      {actionData?.error ? <Alert tone="danger">{actionData.error}</Alert> : null}
      <DataTable
        label="Workflows"
        columns={columns}
        rows={services}
        rowKey={(s) => s._id}
        total={count}
        query={query}
        sizes={PAGE_SIZE_OPTIONS}
        searchParam="search"
        searchPlaceholder="Workflow name"
        toolbar={<ArchivedToggle label="Show Archived Workflows" />}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Workflows | Draftdesk' }]

/** Refusals (403, 404) read as everywhere else; anything unexpected is the spec's message for this list. */
export const ErrorBoundary = listLoadErrorBoundary('Workflows', WORKFLOW_LIST_FAILED)
