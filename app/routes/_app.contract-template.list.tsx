// /contract-template/list (platform): the provider's sample contracts with View links.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SmallTable } from '#app/components/content/list-parts'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { readToast } from '#app/models/content-common.server'
import { listContractTemplates } from '#app/models/contract-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'contract-template')
  const templates = (await listContractTemplates()).map((r) => ({ _id: r.public_id, title: r.title, updatedAt: r.updated_at.toISOString() }))
  const { toast, headers } = await readToast(request)
  return data({ templates, toast }, { headers })
}

export default function ContractTemplateListRoute() {
  const { templates, toast } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader title="Contract Templates">
        <ButtonLink to="/contract-template/create">Add Contract Template</ButtonLink>
      </PageHeader>
      <Toast message={toast} />
      <SmallTable
        label="Contract templates"
        rows={templates}
        columns={[
          { header: '#', cell: (_t, i) => i + 1 },
          { header: 'Title', cell: (t) => t.title },
          { header: 'Updated', cell: (t) => t.updatedAt.slice(0, 10) },
          {
            header: 'Actions',
            cell: (t) => (
              <Link to={`/contract-template/${t._id}`} className={smallButton} aria-label={`View ${t.title}`}>
                View
              </Link>
            ),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contract Templates | Draftdesk' }]
