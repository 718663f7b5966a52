// /products/contracts/view: the organisation's contracts (server-paged) and the provider's sample contracts.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { PageHeader, smallButton, Toast } from '#app/components/content/fields'
import { auditAction } from '#app/models/audit.server'
import { listPageQuery, readToast, redirectWithToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getContract, listContracts, packagesByContract, sampleContractTemplates, setContractArchived, toContractJson } from '#app/models/contracts.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/services/auth.server'
import { ButtonLink } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { notFound } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/contracts/view'))
  const { query, archived, list } = listPageQuery(request)
  const { rows, count } = await listContracts(t, list)
  const packages = await packagesByContract(t, rows.map((r) => r.id))
  const { templates } = await sampleContractTemplates(t)
  const { toast, headers } = await readToast(request)
  return data(
    {
      // The list needs no HTML; the content is shown on the edit page.
      contracts: rows.map((r) => ({ ...toContractJson(r, packages.get(r.id)), content: '' })),
      samples: templates.map((s) => ({ _id: s._id, title: s.title })),
      count,
      query,
      archived,
      toast,
      canCreate: can(t.user, { all: ['WRITE_CONTRACTS'] }),
      canUpdate: can(t.user, { all: ['UPDATE_CONTRACTS'] }),
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS'] })
  const form = await request.formData()
  const row = await getContract(t, String(form.get('id') ?? ''))
  if (!row) throw notFound()
  const archived = form.get('archived') === 'true'
  await setContractArchived(t, row, archived)
  await auditAction(t, request, { module: 'CONTRACTS', action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `Contract "${row.title}" ${archived ? 'archived' : 'restored'}` })
  return redirectWithToast(request, `/products/contracts/view${new URL(request.url).search}`, 'Saved Successfully!')
}

export default function ContractsViewRoute() {
  const { contracts, samples, count, query, toast, canCreate, canUpdate } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <div>
        <PageHeader title="Contracts">{canCreate && <ButtonLink to="/products/contracts/create">Add Contract</ButtonLink>}</PageHeader>
        <Toast message={toast} />
        <DataTable
          label="Contracts"
          rows={contracts}
          rowKey={(c) => c._id}
          total={count}
          query={query}
          sizes={LIST_SIZES}
          searchPlaceholder="Search contracts"
          toolbar={<ArchivedToggle label="Show Archived Contracts" />}
          columns={[
            { key: 'n', header: '#', cell: (_c, i) => i + 1 },
            { key: 'title', header: 'Title', sort: 'name', cell: (c) => c.title },
            { key: 'products', header: 'Products', cell: (c) => c.packages.map((p) => p.packageName).join(', ') || '—' },
            { key: 'created', header: 'Created', sort: 'createdAt', cell: (c) => (c.createdAt ? c.createdAt.slice(0, 10) : '') },
            ...(canUpdate || canCreate
              ? [
                  {
                    key: 'actions',
                    header: 'Actions',
                    cell: (c: (typeof contracts)[number]) => (
                      <div className="flex items-center gap-2">
                        {canUpdate && (
                          <Link to={`/products/contracts/edit/${c._id}`} className={smallButton} aria-label={`Edit ${c.title}`}>
                            Edit
                          </Link>
                        )}
                        {canCreate && (
                          <Link to={`/products/contracts/clone?key=${c._id}`} className={smallButton} aria-label={`Clone ${c.title}`}>
                            Clone
                          </Link>
                        )}
                        {canUpdate && (
                          <Form method="post">
                            <input type="hidden" name="id" value={c._id} />
                            <input type="hidden" name="archived" value={c.archived ? 'false' : 'true'} />
                            <button type="submit" className={smallButton} aria-label={`${c.archived ? 'Unarchive' : 'Archive'} ${c.title}`}>
                              {c.archived ? 'Unarchive' : 'Archive'}
                            </button>
                          </Form>
                        )}
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <Card aria-label="Sample contracts">
        <h2 className="mb-3 text-lg font-semibold text-gray-900">Sample contracts</h2>
        {samples.length === 0 ? (
          <p className="text-sm text-gray-500">No Record Found</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {samples.map((s) => (
              <li key={s._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>{s.title}</span>
                <span className="flex gap-2">
                  <Link to={`/products/contracts/edit/${s._id}?flag=true`} className={smallButton} aria-label={`View ${s.title}`}>
                    View
                  </Link>
                  {canCreate && (
                    <Link to={`/products/contracts/clone?key=${s._id}&flag=true`} className={smallButton} aria-label={`Clone ${s.title}`}>
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

export const meta: MetaFunction = () => [{ title: 'Contracts | Draftdesk' }]
