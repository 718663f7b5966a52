// Table primitives: the scroll frame, the table, its head and body, header cells (plain or sorting through a
// link) and the empty row. Each table keeps its own columns and cell classes; the structure is written once here.
import { Link } from '@remix-run/react'
import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { cn } from './cn'

/** The card look of the app's lists: a white ringed box that scrolls sideways on narrow screens. */
const CARD_FRAME = 'overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-gray-200'

export type TableProps = Omit<ComponentPropsWithoutRef<'table'>, 'frame'> & {
  /** The accessible name (aria-label); tests and screen readers find the table by it. */
  label?: string
  /** 'card': the ringed white box; 'scroll': only the sideways scroll; 'none': the bare table. */
  frame?: 'card' | 'scroll' | 'none'
  /** Extra classes of the frame (e.g. dimmed while the next page loads). */
  frameClassName?: string
}

export function Table({ label, frame = 'card', frameClassName, ...props }: TableProps) {
  const table = <table aria-label={label} {...props} />
  if (frame === 'none') return table
  // The frame scrolls sideways on a narrow screen, so a keyboard must reach it (WCAG 2.1.1): it takes focus.
  // No role or name of its own: the table inside is named, and a second element named like it would be noise.
  return (
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region scrolls by the arrow keys once focused
      tabIndex={0}
      className={cn(frame === 'card' ? CARD_FRAME : 'overflow-x-auto', 'focus-visible:outline-2 focus-visible:outline-brand-600', frameClassName)}
    >
      {table}
    </div>
  )
}

/** The head with its one row of header cells: grey unless `plain` or given a `className`; `rowClassName` styles its row. */
export function THead({ plain, className, rowClassName, children }: { plain?: boolean; className?: string; rowClassName?: string; children: ReactNode }) {
  return (
    <thead className={plain ? undefined : (className ?? 'bg-gray-50')}>
      <tr className={rowClassName}>{children}</tr>
    </thead>
  )
}

/** The body: rows divided by a light rule unless `plain` or given a `className`. */
export function TBody({ plain, className, ...props }: ComponentPropsWithoutRef<'tbody'> & { plain?: boolean }) {
  return <tbody className={plain ? undefined : (className ?? 'divide-y divide-gray-100')} {...props} />
}

/** A column header (scope="col" unless told otherwise). */
export function Th({ scope = 'col', ...props }: ComponentPropsWithoutRef<'th'>) {
  return <th scope={scope} {...props} />
}

/** A column header that sorts through a link (so it works without JavaScript): aria-sort and an arrow on the active column. */
export function SortTh({ href, active, dir, className, children }: { href: string; active: boolean; dir: 'asc' | 'desc'; className?: string; children: ReactNode }) {
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={className}>
      {/* Inline, not flex: a long header may wrap between its words, the arrow staying with the last one. */}
      <Link to={href} preventScrollReset className="hover:text-brand-700">
        {children}
        <span aria-hidden="true" className="ml-1 text-gray-400">
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  )
}

/** The single row of a table without rows, spanning every column. */
export function EmptyRow({
  colSpan,
  className = 'px-4 py-8 text-center text-gray-500',
  children = 'No Record Found',
}: {
  colSpan: number
  className?: string
  children?: ReactNode
}) {
  return (
    <tr>
      <td colSpan={colSpan} className={className}>
        {children}
      </td>
    </tr>
  )
}
