// /products/forms/list: View Forms (server-paged, 'Show Archived Forms') and the provider's sample forms.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { PageHeader, smallButton, Toast } from '#app/components/content/fields'
import { auditAction } from '#app/models/audit.server'
import { listPageQuery, readToast, redirectWithToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getForm, listForms, sampleFormTemplates, setFormArchived } from '#app/models/forms.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/services/auth.server'
import { ButtonLink } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { notFound } from '#app/utils/http.server'

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
  const form = await request.formData()
  const row = await getForm(t, String(form.get('id') ?? ''))
  if (!row) throw notFound()
  const archived = form.get('archived') === 'true'
  await setFormArchived(t, row, archived)
  await auditAction(t, request, { module: 'QUESTIONNAIRES', action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `Form "${row.name}" ${archived ? 'archived' : 'restored'}` })
  return redirectWithToast(request, `/products/forms/list${new URL(request.url).search}`, 'Saved Successfully!')
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
                  {canUpdate && (
                    <Form method="post">
                      <input type="hidden" name="id" value={f._id} />
                      <input type="hidden" name="archived" value={f.archived ? 'false' : 'true'} />
                      <button type="submit" className={smallButton} aria-label={`${f.archived ? 'Unarchive' : 'Archive'} ${f.name}`}>
                        {f.archived ? 'Unarchive' : 'Archive'}
                      </button>
                    </Form>
                  )}
                </div>
              ),
            },
          ]}
        />
      </div>
      <Card aria-label="Sample forms">
        <h2 className="mb-3 text-lg font-semibold text-gray-900">Sample forms</h2>
        {samples.length === 0 ? (
          <p className="text-sm text-gray-500">No Record Found</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {samples.map((s) => (
              <li key={s._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>{s.name}</span>
                <span className="flex gap-2">
                  <Link to={`/products/forms/template?key=${s._id}&flag=true`} className={smallButton} aria-label={`View ${s.name}`}>
                    View
                  </Link>
                  {canUpdate && (
                    <Link to={`/products/forms/clone?key=${s._id}&flag=true`} className={smallButton} aria-label={`Clone ${s.name}`}>
                      Clone
                    </Link>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Forms | Draftdesk' }]
