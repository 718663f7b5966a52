// /clients/view: every client organisation (owner, e-mail, active, contributor and customer counts,
// trial label) with 'Login As Client'.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Badge, PageHeader } from '#app/components/platform/fields'
import { LoginAsClientButton } from '#app/components/platform/login-as-client'
import { SimpleTable } from '#app/components/platform/simple-table'
import { listClients, loginAsClient } from '#app/models/platform-clients.server'
import { trialLabel } from '#app/rules/account-status'
import { requirePlatform } from '#app/services/auth.server'
import { notFound } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'clients')
  return { clients: await listClients() }
}

/** The no-JavaScript path of 'Login As Client': the form opens a new window that lands on the link. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'clients')
  const form = await request.formData()
  const link = await loginAsClient(actor, request, String(form.get('_id') ?? ''))
  if (!link) throw notFound()
  return redirect(link)
}

export default function ClientsViewRoute() {
  const { clients } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader title="Clients" />
      <SimpleTable
        label="Clients"
        rows={clients}
        rowKey={(c) => c._id}
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
            cell: (c) => (c.owner_id && c.active ? <LoginAsClientButton clientId={c._id} name={c.companyDetails.companyName} /> : null),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Clients | Draftdesk' }]
