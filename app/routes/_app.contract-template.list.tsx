// /contract-template/list (platform): the provider's sample contracts with View links.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader, smallButton, Toast } from '#app/components/content/fields'
import { readToast } from '#app/models/content-common.server'
import { listContractTemplates } from '#app/models/contract-templates.server'
import { requirePlatform } from '#app/services/auth.server'
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
      <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label="Contract templates">
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th className="px-4 py-3">#</th>
              <th className="px-4 py-3">Title</th>
              <th className="px-4 py-3">Updated</th>
              <th className="px-4 py-3">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {templates.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-gray-500">
                  No Record Found
                </td>
              </tr>
            ) : (
              templates.map((t, i) => (
                <tr key={t._id}>
                  <td className="px-4 py-3">{i + 1}</td>
                  <td className="px-4 py-3">{t.title}</td>
                  <td className="px-4 py-3">{t.updatedAt.slice(0, 10)}</td>
                  <td className="px-4 py-3">
                    <Link to={`/contract-template/${t._id}`} className={smallButton} aria-label={`View ${t.title}`}>
                      View
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contract Templates | Draftdesk' }]
