// Pieces of the content lists (files, contracts, forms, templates): the archive button, the samples card, a small table.
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { smallButton } from '#app/components/form-parts'
import { Card } from '#app/ui/card'
import { EmptyRow, Table, TBody, Th, THead } from '#app/ui/table'

/** Posts `id` and the wanted `archived` value to the page's action; works without JavaScript. */
export function ArchiveButton({ id, archived, name }: { id: string; archived: boolean; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="archived" value={archived ? 'false' : 'true'} />
      <button type="submit" className={smallButton} aria-label={`${archived ? 'Unarchive' : 'Archive'} ${name}`}>
        {archived ? 'Unarchive' : 'Archive'}
      </button>
    </Form>
  )
}

/** The provider's samples under a list: View, and Clone when `cloneHref` is given. */
export function SampleList({
  title,
  samples,
  viewHref,
  cloneHref,
}: {
  title: string
  samples: { _id: string; name: string }[]
  viewHref: (id: string) => string
  cloneHref?: (id: string) => string
}) {
  return (
    <Card aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-gray-900">{title}</h2>
      {samples.length === 0 ? (
        <p className="text-sm text-gray-500">No Record Found</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {samples.map((s) => (
            <li key={s._id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>{s.name}</span>
              <span className="flex gap-2">
                <Link to={viewHref(s._id)} className={smallButton} aria-label={`View ${s.name}`}>
                  View
                </Link>
                {cloneHref && (
                  <Link to={cloneHref(s._id)} className={smallButton} aria-label={`Clone ${s.name}`}>
                    Clone
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** An unpaged table of a few rows (the platform's templates); 'No Record Found' when empty. */
export function SmallTable<T extends { _id: string }>({
  label,
  rows,
  columns,
}: {
  label: string
  rows: T[]
  columns: { header: string; cell: (row: T, index: number) => ReactNode }[]
}) {
  return (
    <Table label={label} className="min-w-full divide-y divide-gray-200 text-sm">
      <THead className="bg-gray-50 text-left text-gray-700">
        {columns.map((c) => (
          <Th key={c.header} className="px-4 py-3">
            {c.header}
          </Th>
        ))}
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={columns.length} />
        ) : (
          rows.map((row, i) => (
            <tr key={row._id}>
              {columns.map((c) => (
                <td key={c.header} className="px-4 py-3">
                  {c.cell(row, i)}
                </td>
              ))}
            </tr>
          ))
        )}
      </TBody>
    </Table>
  )
}
