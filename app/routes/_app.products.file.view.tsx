// /products/file/view: downloadable files (server-paged 50/100/200), archive switch, create and edit links.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ArchivedToggle, DataTable } from '#app/components/data-table'
import { PageHeader, smallButton, Toast } from '#app/components/content/fields'
import { auditAction } from '#app/models/audit.server'
import { listPageQuery, readToast, redirectWithToast } from '#app/models/content-common.server'
import { LIST_SIZES } from '#app/models/content.schema'
import { getDownloadable, listDownloadables, setDownloadableArchived, toDownloadableJson } from '#app/models/downloadables.server'
import { formatKb } from '#app/rules/file-name'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/services/auth.server'
import { ButtonLink } from '#app/ui/button'
import { notFound } from '#app/utils/http.server'

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
  const form = await request.formData()
  const row = await getDownloadable(t, String(form.get('id') ?? ''))
  if (!row) throw notFound()
  const archived = form.get('archived') === 'true'
  await setDownloadableArchived(t, row, archived)
  await auditAction(t, request, { module: 'DOWNLOADABLES', action: archived ? 'ARCHIVE' : 'UNARCHIVE', message: `File "${row.title}" ${archived ? 'archived' : 'restored'}` })
  const url = new URL(request.url)
  return redirectWithToast(request, `/products/file/view${url.search}`, 'Saved Successfully!')
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
                      <Form method="post">
                        <input type="hidden" name="id" value={f._id} />
                        <input type="hidden" name="archived" value={f.archived ? 'false' : 'true'} />
                        <button type="submit" className={smallButton} aria-label={`${f.archived ? 'Unarchive' : 'Archive'} ${f.title}`}>
                          {f.archived ? 'Unarchive' : 'Archive'}
                        </button>
                      </Form>
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
