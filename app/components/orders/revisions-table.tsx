// The Revisions Approval table: drafts waiting for a decision, their files and notes, Approve and Reject.
import { useSearchParams } from '@remix-run/react'
import { type Column, DataTable, ListDate } from '#app/components/data-table'
import type { RevisionJson } from '#app/models/revisions.server'
import { REVISIONS_PAGE_SIZES } from '#app/models/revisions.names'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import type { TableQuery } from '#app/rules/table-query'
import { buttonClass } from '#app/ui/button'
import type { DraftFile } from '#db/tables/orders'
import { rowActionClass, RowForm, RowLink } from '#app/ui/row-actions'

// One formatter for the whole table: creating one per cell costs more than the rest of the row.

const downloadHref = (f: DraftFile) => `/api/file/download/${encodeURIComponent(f.file.key)}`

/** The draft's files as download links, each labelled with its kind and name. */
export function RevisionFiles({ data }: { data: RevisionJson['data'] }) {
  const files: { label: string; file: DraftFile }[] = [
    ...(data.dataPdf ? [{ label: 'PDF', file: data.dataPdf }] : []),
    ...(data.dataWord ? [{ label: 'Word', file: data.dataWord }] : []),
    ...(data.dataOther ? [{ label: 'Other', file: data.dataOther }] : []),
    ...data.additionalFiles.map((file, n) => ({ label: `Additional ${n + 1}`, file })),
  ]
  if (files.length === 0) return <span className="text-gray-500">No Files</span>
  return (
    <ul className="space-y-1">
      {files.map(({ label, file }) => (
        <li key={`${label}-${file.file.key}`}>
          <a href={downloadHref(file)} download className="font-medium text-brand-600 hover:underline">
            {label}: {file.file.originalname}
          </a>
        </li>
      ))}
    </ul>
  )
}

export function RevisionsTable({ revisions, count, query }: { revisions: RevisionJson[]; count: number; query: TableQuery }) {
  const [params] = useSearchParams()
  const search = params.toString() ? `?${params}` : ''
  const describe = (r: RevisionJson) => `${r.serviceName || r.packageName} of ${r.customerName}`
  const columns: Column<RevisionJson>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    {
      key: 'product',
      header: 'Product',
      cell: (r) => (
        <div>
          <RowLink to={`/project/view/${r.order_id}`} className="font-medium text-brand-700 hover:underline">
            {r.packageName}
          </RowLink>
          <div className="text-xs text-gray-500">{r.serviceName}</div>
        </div>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (r) => r.customerName },
    { key: 'writer', header: 'Contributor', cell: (r) => r.writerName ?? NO_CONTRIBUTOR },
    { key: 'createdAt', header: 'Submitted', cell: (r) => <ListDate value={r.createdAt} time /> },
    { key: 'files', header: 'Files', cell: (r) => <RevisionFiles data={r.data} /> },
    { key: 'notes', header: 'Notes', cell: (r) => <p className="max-w-xs text-sm whitespace-pre-line text-gray-700">{r.data.notes || '-'}</p> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-2">
          <RowForm action={`/orders/revisions${search}`}>
            <input type="hidden" name="id" value={r._id} />
            <button type="submit" name="intent" value="approve" aria-label={`Approve ${describe(r)}`} className={buttonClass('primary', 'py-1')}>
              Approve
            </button>
          </RowForm>
          <RowLink to={`/orders/revisions/reject/${r._id}${search}`} preventScrollReset aria-label={`Reject ${describe(r)}`} className={rowActionClass()}>
            Reject
          </RowLink>
        </div>
      ),
    },
  ]
  return (
    <DataTable
      label="Revisions"
      columns={columns}
      rows={revisions}
      rowKey={(r) => r._id}
      total={count}
      query={query}
      sizes={REVISIONS_PAGE_SIZES}
      searchable={false}
      empty="No revisions are waiting for approval"
    />
  )
}
