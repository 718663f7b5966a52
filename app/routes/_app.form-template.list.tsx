// /form-template/list (platform): #, Name, Actions with View; 'No Record Found' when empty.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SmallTable } from '#app/components/content/list-parts'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { readToast } from '#app/models/content-common.server'
import { listFormTemplates } from '#app/models/form-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
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
      <SmallTable
        label="Form templates"
        rows={templates}
        columns={[
          { header: '#', cell: (_t, i) => i + 1 },
          {
            header: 'Name',
            cell: (t) => (
              <>
                {t.name}
                {!t.published && <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">Draft</span>}
              </>
            ),
          },
          {
            header: 'Actions',
            cell: (t) => (
              <Link to={`/form-template/template?key=${t._id}`} className={smallButton} aria-label={`View ${t.name}`}>
                View
              </Link>
            ),
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Form Templates | Draftdesk' }]
