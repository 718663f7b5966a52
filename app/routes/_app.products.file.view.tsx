// /products/file/view: downloadable files (server-paged 50/100/200), archive switch, create and edit links.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArchiveButton } from '#app/components/content/list-parts'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { smallButton } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { archiveFromList, listPageQuery, readToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getDownloadable, listDownloadables, setDownloadableArchived, toDownloadableJson } from '#app/models/downloadables.server'
import { formatKb } from '#app/rules/file-name'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/file/view'))
  const { query, archived, list } = listPageQuery(request)
  const { rows, count } = await listDownloadables(t, list)
  const { toast, headers } = await readToast(request)
  return data(
    {
      files: rows.map(toDownloadableJson),
      count,
      query,
      archived,
      toast,
      canCreate: can(t.user, { all: ['WRITE_DOWNLOADABLES'] }),
      canUpdate: can(t.user, { all: ['UPDATE_DOWNLOADABLES'] }),
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_DOWNLOADABLES'] })
  return archiveFromList(t, request, { find: getDownloadable, archive: setDownloadableArchived, module: 'DOWNLOADABLES', describe: (r) => `File "${r.title}"` })
}

export default function FilesViewRoute() {
  const { files, count, query, toast, canCreate, canUpdate } = useLoaderData<typeof loader>()
  return (
    <div>
      <PageHeader title="Files">{canCreate && <ButtonLink to="/products/file/create">Add File</ButtonLink>}</PageHeader>
      <Toast message={toast} />
      <DataTable
        label="Files"
        rows={files}
        rowKey={(f) => f._id}
        total={count}
        query={query}
        sizes={LIST_SIZES}
        searchPlaceholder="Search files"
        toolbar={<ArchivedToggle label="Show Archived Files" />}
        columns={[
          { key: 'n', header: '#', cell: (_f, i) => i + 1 },
          { key: 'title', header: 'Title', sort: 'name', cell: (f) => f.title },
          {
            key: 'file',
            header: 'File',
            cell: (f) => (
              <a href={`/api/file/download/${encodeURIComponent(f.data.key)}`} className="text-brand-600 hover:underline" download>
                {f.data.originalname}
              </a>
            ),
          },
          { key: 'size', header: 'Size', cell: (f) => formatKb(f.data.size) },
          { key: 'created', header: 'Created', sort: 'createdAt', cell: (f) => (f.createdAt ? f.createdAt.slice(0, 10) : '') },
          ...(canUpdate
            ? [
                {
                  key: 'actions',
                  header: 'Actions',
                  cell: (f: (typeof files)[number]) => (
                    <div className="flex items-center gap-2">
                      <Link to={`/products/file/edit/${f._id}`} className={smallButton} aria-label={`Edit ${f.title}`}>
                        Edit
                      </Link>
                      <ArchiveButton id={f._id} archived={f.archived} name={f.title} />
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Files | Draftdesk' }]
