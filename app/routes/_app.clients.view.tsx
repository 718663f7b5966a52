// /clients/view: every client organisation (owner, e-mail, active, contributor and customer counts,
// trial label) with 'Login As Client'.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Badge, PageHeader } from '#app/components/page'
import { LoginAsButton } from '#app/components/login-as-button'
import { DataTable } from '#app/components/data-table'
import { startLoginAsClient } from '#app/models/impersonation.server'
import { pageClients } from '#app/models/platform-clients.server'
import { mayLogInAsClient } from '#app/rules/reach'
import { trialLabel } from '#app/rules/account-status'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { forbidden, notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requirePlatform(request, 'clients')
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['name'], defaultSort: 'name' })
  const { rows, count } = await pageClients(query)
  // Only the superadmin may sign in as an owner (ADR 13): platform staff see no button.
  return { clients: rows, count, query, canLoginAs: mayLogInAsClient(actor) }
}

/** The no-JavaScript path of 'Login As Client': the form opens a new window that lands on the link. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'clients')
  const form = await readForm(request)
  const outcome = await startLoginAsClient(actor, request, String(form.get('_id') ?? ''))
  if (!outcome.ok && outcome.status === 404) throw notFound()
  if (!outcome.ok) throw forbidden(outcome.error)
  return redirect(outcome.link)
}

export default function ClientsViewRoute() {
  const { clients, count, query, canLoginAs } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Clients" />
      <DataTable
        label="Clients"
        rows={clients}
        rowKey={(c) => c._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Company, owner or email"
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (c) => {
              const trial = trialLabel(c.trialUser, c.trialDaysLeft)
              return (
                <div>
                  <span className="font-medium">
                    {c.firstName} {c.lastName}
                  </span>
                  {trial ? <span className={c.trialDaysLeft !== null && c.trialDaysLeft < 0 ? 'text-red-600' : 'text-amber-700'}> {trial}</span> : null}
                  <span className="block text-xs text-gray-500">{c.companyDetails.companyName}</span>
                </div>
              )
            },
          },
          { key: 'email', header: 'Email', cell: (c) => c.email },
          { key: 'active', header: 'Active', cell: (c) => <Badge tone={c.active ? 'green' : 'gray'}>{c.active ? 'Active' : 'Inactive'}</Badge> },
          { key: 'writers', header: '# of Contributors', cell: (c) => c.writers },
          { key: 'customers', header: '# of Customers', cell: (c) => c.customers },
          {
            key: 'login',
            header: 'Actions',
            cell: (c) =>
              canLoginAs && c.owner_id && c.active ? (
                <LoginAsButton
                  endpoint="/api/auto-login/init"
                  body={{ _id: c._id, type: 'client' }}
                  fields={{ intent: 'login-as', _id: c._id }}
                  label="Login As Client"
                  ariaLabel={`Login As Client ${c.companyDetails.companyName}`}
                />
              ) : null,
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Clients | Draftdesk' }]
