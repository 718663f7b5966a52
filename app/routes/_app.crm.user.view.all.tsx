// /crm/user/view/all: the organisation's CRM users (100/150/200 a page) with their status (ACTIVE once
// in the CRM, else PENDING with the CRM's error); the admin CRM account is made here when missing and
// can be neither edited nor deleted.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { CrmErrorList } from '#app/components/crm/crm-error-list'
import { DataTable } from '#app/components/data-table'
import { SuccessAlert } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { CRM_USER_DELETED, CRM_USERS_PAGE_SIZES } from '#app/models/crm.names'
import { crmChanges, crmUserActions, getAdminCrmUser, pageCrmUsers, toCrmUserJson } from '#app/models/crm.server'
import { isLockedCrmUser } from '#app/rules/crm'
import { parseTableQuery } from '#app/rules/table-query'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { crmChangeRefusal, requireCrm } from './crm-request.server'
import { readForm } from '#app/services/form-request.server'
import { DeleteRowForm, rowActionClass, RowActionGroup, RowLink } from '#app/ui/row-actions'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, status } = await requireCrm(request)
  // The admin check answered "none": the admin CRM account is made from the organisation's owner (section 4).
  if (!(await getAdminCrmUser(t))) await crmUserActions.ensureAdmin(t)
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: CRM_USERS_PAGE_SIZES, sortable: ['createdAt'], defaultSort: 'createdAt' })
  const { rows, count } = await pageCrmUsers(t, query)
  const { toast, headers } = await takeToast(request)
  return data({ users: rows.map(toCrmUserJson), count, query, toast, maxCrmUsers: status.plan!.maxCrmUsers }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await requireCrm(request)
  const form = await readForm(request)
  if (form.get('intent') !== 'delete') return data({ error: 'Unknown action' }, { status: 400 })
  const borrowed = await crmChangeRefusal(request)
  if (borrowed) return data({ error: borrowed }, { status: 403 })
  const result = await crmChanges.deleteUser(t, request, String(form.get('userId') ?? ''))
  if (!result.ok) return data({ error: result.error }, { status: result.status })
  return redirectWithToast(request, `/crm/user/view/all${new URL(request.url).search}`, CRM_USER_DELETED)
}

/** While a user waits for the sync (and has no error yet), the list looks again every few seconds. */
function useRefreshWhilePending(pending: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!pending || state !== 'idle') return
    const timer = setTimeout(revalidate, 2500)
    return () => clearTimeout(timer)
  }, [pending, state, revalidate])
}

export default function CrmUsersRoute() {
  const { users, count, query, toast, maxCrmUsers } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  useRefreshWhilePending(users.some((u) => !u.addedToCrm && !u.crmError))
  return (
    <div className="space-y-6">
      <PageHeader title="CRM Users" create={count < maxCrmUsers ? { to: '/crm/user/add', thing: 'CRM User' } : null} />
      <SuccessAlert>{toast}</SuccessAlert>
      {failed?.error ? <Alert tone="danger">{failed.error}</Alert> : null}
      <p className="text-sm text-gray-600">
        {count} of {maxCrmUsers} CRM users your plan allows.
      </p>
      <DataTable
        label="CRM Users"
        rows={users}
        rowKey={(u) => u._id}
        total={count}
        query={query}
        sizes={CRM_USERS_PAGE_SIZES}
        searchPlaceholder="Name or email"
        columns={[
          { key: 'n', header: '#', cell: (_u, i) => query.start + i + 1, className: 'w-12 text-gray-500' },
          { key: 'name', header: 'Name', cell: (u) => u.crmData.name },
          { key: 'email', header: 'Email', cell: (u) => u.crmData.email },
          { key: 'type', header: 'Type', cell: (u) => (u.type === 'admin' ? 'Admin' : 'User') },
          {
            key: 'status',
            header: 'Status',
            cell: (u) => (
              <div className="space-y-1">
                <Badge tone={u.status === 'ACTIVE' ? 'green' : 'amber'}>{u.status}</Badge>
                {!u.addedToCrm && u.crmError ? (
                  <div role="alert" className="text-xs text-red-700">
                    <CrmErrorList error={u.crmError} />
                  </div>
                ) : null}
              </div>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            cell: (u) =>
              isLockedCrmUser(u) ? (
                <span className="text-xs text-gray-500">—</span>
              ) : (
                <RowActionGroup>
                  <RowLink to={`/crm/user/edit/${u._id}`} className={rowActionClass()} aria-label={`Edit ${u.crmData.email}`}>
                    Edit
                  </RowLink>
                  <DeleteRowForm name={u.crmData.email} fields={{ intent: 'delete', userId: u._id }} />
                </RowActionGroup>
              ),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'CRM Users | Draftdesk' }]
