// /products/contracts/view: the organisation's contracts (server-paged) and the provider's sample contracts.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArchiveButton, SampleList } from '#app/components/content/list-parts'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { archiveFromList, listPageQuery, readToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getContract, listContracts, packagesByContract, sampleContractNames, setContractArchived, toContractJson } from '#app/models/contracts.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/contracts/view'))
  const { query, archived, list } = listPageQuery(request)
  const { rows, count } = await listContracts(t, list)
  const packages = await packagesByContract(
    t,
    rows.map((r) => r.id),
  )
  const samples = await sampleContractNames(t)
  const { toast, headers } = await readToast(request)
  return data(
    {
      // The list needs no HTML; the content is shown on the edit page.
      contracts: rows.map((r) => ({ ...toContractJson(r, packages.get(r.id)), content: '' })),
      samples,
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
  return archiveFromList(t, request, { find: getContract, archive: setContractArchived, module: 'CONTRACTS', describe: (r) => `Contract "${r.title}"` })
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
                        {canUpdate && <ArchiveButton id={c._id} archived={c.archived} name={c.title} />}
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <SampleList
        title="Sample contracts"
        samples={samples}
        viewHref={(id) => `/products/contracts/edit/${id}?flag=true`}
        cloneHref={canCreate ? (id) => `/products/contracts/clone?key=${id}&flag=true` : undefined}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contracts | Draftdesk' }]
