// /customers/view: the organisation's customers, server-paged, with active/archive toggles and 'Login As User'.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArchivedToggle, type Column, DataTable } from '#app/components/data-table'
import { loginAsKey, LoginAsRowForm } from '#app/components/login-as-button'
import { RowSwitch, rowSwitchKey } from '#app/components/people/switch-form'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { customerActions, listCustomers, toCustomerJson } from '#app/models/customers.server'
import { CUSTOMER_CHANGED, CUSTOMER_SORTS } from '#app/models/customers.schema'
import { startLoginAs } from '#app/models/impersonation.server'
import { switchAnswer } from '#app/models/status-switch.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { requirePermission } from '#app/models/auth-guards.server'
import { takeToast } from '#app/services/flash.server'
import { formatDate } from '#app/rules/format'
import { Alert } from '#app/ui/alert'
import { PageHeader } from '#app/components/page'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/customers/view'))
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: CUSTOMER_SORTS, defaultSort: 'createdAt', defaultDir: 'desc' })
  const archived = url.searchParams.get('archived') === 'true'
  const { rows, count } = await listCustomers(t, { archived, search: query.search, sort: query.sort, dir: query.dir, start: query.start, size: query.size })
  const { toast, headers } = await takeToast(request)
  return data(
    {
      // What the table shows (the JSON route's shape less role and picture).
      customers: rows.map((r) => {
        const { _id, firstName, lastName, email, active, archived, createdAt } = toCustomerJson(r)
        return { _id, firstName, lastName, email, active, archived, createdAt }
      }),
      count,
      query,
      archived,
      can: {
        create: can(t.user, { all: ['WRITE_CUSTOMERS'] }),
        update: can(t.user, { all: ['UPDATE_CUSTOMERS'] }),
        loginAs: can(t.user, { all: ['LOGIN_AS_CUSTOMER'] }),
      },
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  if (intent === 'login-as') {
    const t = await requirePermission(request, { all: ['LOGIN_AS_CUSTOMER'] })
    const outcome = await startLoginAs(t, request, { id, type: 'customer' })
    if (!outcome.ok) return data({ ok: false, error: outcome.error }, { status: outcome.status })
    // The row's fetcher opens the link in the window it opened; a plain post came in a new window: send it there.
    if (form.get(FETCHER_FIELD)) return data({ ok: true, link: outcome.link })
    return redirect(outcome.link)
  }
  if (intent !== 'active' && intent !== 'archive') return data({ ok: false, error: 'Unknown action' }, { status: 400 })
  const t = await requirePermission(request, { all: ['UPDATE_CUSTOMERS'] })
  const value = form.get('value') === 'true'
  const change = intent === 'active' ? { active: value } : { archived: value }
  const customer = await customerActions.setStatus(t, request, id, change)
  if (!customer) return data({ ok: false, error: 'Customer not found' }, { status: 404 })
  return switchAnswer(request, form, CUSTOMER_CHANGED)
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['customers'][number]

export default function CustomersViewRoute() {
  const { customers, count, query, archived, can, toast } = useLoaderData<typeof loader>()
  const columns: Column<Row>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    { key: 'name', header: 'Name', sort: 'name', cell: (c) => `${c.firstName} ${c.lastName}` },
    { key: 'email', header: 'Email', sort: 'email', cell: (c) => c.email },
    { key: 'createdAt', header: 'Created', sort: 'createdAt', cell: (c) => formatDate(c.createdAt) },
    {
      key: 'active',
      header: 'Active',
      sort: 'active',
      cell: (c, _, fetchers) =>
        can.update ? (
          <RowSwitch intent="active" id={c._id} on={c.active} label={`Active ${c.firstName} ${c.lastName}`} state={fetchers(rowSwitchKey('active', c._id))} />
        ) : (
          <span>{c.active ? 'Active' : 'Inactive'}</span>
        ),
    },
    {
      key: 'archived',
      header: 'Archive',
      cell: (c, _, fetchers) =>
        can.update ? (
          <RowSwitch intent="archive" id={c._id} on={c.archived} label={`Archive ${c.firstName} ${c.lastName}`} state={fetchers(rowSwitchKey('archive', c._id))} />
        ) : (
          <span>{c.archived ? 'Archived' : '-'}</span>
        ),
    },
  ]
  if (can.loginAs) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (c, _, fetchers) => <LoginAsRowForm id={c._id} label="Login As User" ariaLabel={`Login As User ${c.firstName} ${c.lastName}`} state={fetchers(loginAsKey(c._id))} />,
    })
  }
  return (
    <div className="space-y-6">
      <PageHeader title={archived ? 'Archived Customers' : 'Customers'} create={can.create ? { to: '/customers/create', thing: 'Customer' } : null} />
      {toast ? <Alert tone="success">{toast}</Alert> : null}
      <DataTable
        label="Customers"
        columns={columns}
        rows={customers}
        rowKey={(c) => c._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Name or email"
        toolbar={<ArchivedToggle label="Show Archived Customers" />}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customers | Draftdesk' }]
