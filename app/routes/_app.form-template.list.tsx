// /form-template/list (platform): #, Name, Actions with View; 'No Record Found' when empty.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader, smallButton, Toast } from '#app/components/content/fields'
import { readToast } from '#app/models/content-common.server'
import { listFormTemplates } from '#app/models/form-templates.server'
import { requirePlatform } from '#app/services/auth.server'
import { ButtonLink } from '#app/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'questionnaire-template')
  const { rows } = await listFormTemplates()
  const { toast, headers } = await readToast(request)
  return data({ templates: rows.map((r) => ({ _id: r.public_id, name: r.name, published: !!r.published_at })), toast }, { headers })
}

export default function FormTemplateListRoute() {
  const { templates, toast } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader title="Form Templates">
        <ButtonLink to="/form-template/clone" variant="secondary">
          Clone Template
        </ButtonLink>
        <ButtonLink to="/form-template/create">Add Form Template</ButtonLink>
      </PageHeader>
      <Toast message={toast} />
      <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label="Form templates">
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th className="px-4 py-3">#</th>
              <th className="px-4 py-3">Name</th>
              <th className="px-4 py-3">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {templates.length === 0 ? (
              <tr>
                <td colSpan={3} className="px-4 py-8 text-center text-gray-500">
                  No Record Found
                </td>
              </tr>
            ) : (
              templates.map((t, i) => (
                <tr key={t._id}>
                  <td className="px-4 py-3">{i + 1}</td>
                  <td className="px-4 py-3">
                    {t.name}
                    {!t.published && <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">Draft</span>}
                  </td>
                  <td className="px-4 py-3">
                    <Link to={`/form-template/template?key=${t._id}`} className={smallButton} aria-label={`View ${t.name}`}>
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

export const meta: MetaFunction = () => [{ title: 'Form Templates | Draftdesk' }]
