// /products/customer-services/all: the workflows table, 'Show Archived Workflows', archive switch per row.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { LinkSwitch, Pager, SuccessDialog, SwitchForm, Tag, tdClass, thClass } from '#app/components/workflows/list-ui'
import { takeToast } from '#app/services/flash.server'
import { listQuerySchema, pageOf } from '#app/models/workflows.schema'
import { listWorkflows, workflowActions } from '#app/models/workflows.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { TYPE_LABELS } from '#app/rules/workflow-modules'
import { requirePermission } from '#app/services/auth.server'
import { buttonClass } from '#app/ui/button'
import { Alert } from '#app/ui/alert'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/customer-services/all'))
  const parsed = listQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const query = parsed.success ? parsed.data : { archived: false }
  const { size, page } = pageOf(query, 50) as { size: number; page: number }
  const { services, count } = await listWorkflows(t, { archived: query.archived, page, size })
  const { toast: flash, headers } = await takeToast(request)
  return data(
    {
      services: services.map((s) => ({ _id: s._id, serviceName: s.serviceName, serviceType: s.serviceType, modules: s.serviceModules.length, archived: s.archived, createdAt: s.createdAt })),
      count,
      page,
      size,
      archived: query.archived,
      canCreate: can(t.user, { all: ['WRITE_WORKFLOWS'] }),
      canUpdate: can(t.user, { all: ['UPDATE_WORKFLOWS'] }),
      flash,
    },
    { headers },
  )
}

const intentSchema = z.object({ intent: z.literal('archive'), id: z.string().min(1).max(64), value: z.enum(['true', 'false']) })

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_WORKFLOWS'] })
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: 'Please Try Again Later!' }, { status: 400 })
  const service = await workflowActions.archive(t, request, parsed.data.id, parsed.data.value === 'true')
  if (!service) return data({ error: 'Workflow not found' }, { status: 404 })
  return { error: null }
}

export default function WorkflowsRoute() {
  const { services, count, page, size, archived, canCreate, canUpdate, flash } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <SuccessDialog message={flash} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">Workflows</h1>
        <div className="flex items-center gap-4">
          <LinkSwitch label="Show Archived Workflows" on={archived} param="archived" />
          {canCreate ? (
            <Link to="/products/customer-services/create" className={buttonClass('primary')}>
              Create Workflow
            </Link>
          ) : null}
        </div>
      </div>
      {actionData?.error ? <Alert tone="danger">{actionData.error}</Alert> : null}
      <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200">
          <thead className="bg-gray-50">
            <tr>
              <th className={thClass}>#</th>
              <th className={thClass}>Name</th>
              <th className={thClass}>Type</th>
              <th className={thClass}>Modules</th>
              <th className={thClass}>Created</th>
              {canUpdate ? <th className={thClass}>Actions</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {services.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center text-sm text-gray-500">
                  No Record Found
                </td>
              </tr>
            ) : null}
            {services.map((s, i) => (
              <tr key={s._id}>
                <td className={tdClass}>{(page - 1) * size + i + 1}</td>
                <td className={tdClass}>
                  <span className="font-medium text-gray-900">{s.serviceName}</span> {s.archived ? <Tag>Archived</Tag> : null}
                </td>
                <td className={tdClass}>{TYPE_LABELS[s.serviceType]}</td>
                <td className={tdClass}>{s.modules}</td>
                <td className={tdClass}>{new Date(s.createdAt).toLocaleDateString('en-US')}</td>
                {canUpdate ? (
                  <td className={tdClass}>
                    <div className="flex items-center gap-4">
                      <Link to={`/products/customer-services/update/${s.serviceType}/${s._id}`} className="font-medium text-brand-600 hover:underline" aria-label={`Update ${s.serviceName}`}>
                        Update
                      </Link>
                      <SwitchForm label="Archive" ariaLabel={`Archive ${s.serviceName}`} on={s.archived} intent="archive" id={s._id} />
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <Pager count={count} page={page} size={size} />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Workflows | Draftdesk' }]
