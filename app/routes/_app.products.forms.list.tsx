// /products/forms/list: View Forms (server-paged, 'Show Archived Forms') and the provider's sample forms.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArchiveButton, SampleList } from '#app/components/content/list-parts'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { archiveFromList, listPageQuery, readToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getForm, listForms, sampleFormTemplates, setFormArchived } from '#app/models/forms.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/forms/list'))
  const { query, archived, list } = listPageQuery(request)
  const { rows, count } = await listForms(t, list)
  const { templates } = await sampleFormTemplates(t)
  const { toast, headers } = await readToast(request)
  return data(
    {
      forms: rows.map((r) => ({
        _id: r.public_id,
        name: r.name,
        archived: !!r.archived,
        published: !!r.published_at,
        questions: r.draft_data?.items?.length ?? 0,
        updatedAt: r.updated_at.toISOString(),
      })),
      samples: templates.map((s) => ({ _id: s._id, name: s.name })),
      count,
      query,
      archived,
      toast,
      canCreate: can(t.user, { all: ['WRITE_QUESTIONNAIRES'] }),
      canUpdate: can(t.user, { all: ['UPDATE_QUESTIONNAIRES'] }),
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  return archiveFromList(t, request, { find: getForm, archive: setFormArchived, module: 'QUESTIONNAIRES', describe: (r) => `Form "${r.name}"` })
}

export default function FormsListRoute() {
  const { forms, samples, count, query, toast, canCreate, canUpdate } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <div>
        <PageHeader title="View Forms">{canCreate && <ButtonLink to="/products/forms/create">Add Form</ButtonLink>}</PageHeader>
        <Toast message={toast} />
        <DataTable
          label="Forms"
          rows={forms}
          rowKey={(f) => f._id}
          total={count}
          query={query}
          sizes={LIST_SIZES}
          searchPlaceholder="Search forms"
          toolbar={<ArchivedToggle label="Show Archived Forms" />}
          columns={[
            { key: 'n', header: '#', cell: (_f, i) => i + 1 },
            { key: 'name', header: 'Name', sort: 'name', cell: (f) => f.name },
            { key: 'questions', header: 'Questions', cell: (f) => f.questions },
            { key: 'status', header: 'Status', cell: (f) => (f.published ? 'Published' : 'Draft') },
            { key: 'created', header: 'Updated', sort: 'createdAt', cell: (f) => f.updatedAt.slice(0, 10) },
            {
              key: 'actions',
              header: 'Actions',
              cell: (f) => (
                <div className="flex items-center gap-2">
                  <Link to={`/products/forms/template?key=${f._id}`} className={smallButton} aria-label={`Edit ${f.name}`}>
                    {canUpdate ? 'Edit' : 'View'}
                  </Link>
                  {canUpdate && (
                    <Link to={`/products/forms/clone?key=${f._id}`} className={smallButton} aria-label={`Clone ${f.name}`}>
                      Clone
                    </Link>
                  )}
                  {canUpdate && <ArchiveButton id={f._id} archived={f.archived} name={f.name} />}
                </div>
              ),
            },
          ]}
        />
      </div>
      <SampleList
        title="Sample forms"
        samples={samples}
        viewHref={(id) => `/products/forms/template?key=${id}&flag=true`}
        cloneHref={canUpdate ? (id) => `/products/forms/clone?key=${id}&flag=true` : undefined}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Forms | Draftdesk' }]
