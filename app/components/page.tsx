// Page furniture shared by the back-office screens: the header with breadcrumbs, the toast line, badges.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Alert } from '#app/ui/alert'
import { ButtonLink } from '#app/ui/button'
import { cn } from '#app/ui/cn'

/**
 * The one create button of a list page (ADR 0076): "Create <Thing>", the primary button at the header's right,
 * after any secondary actions. `label` only where the spec names what the button opens ('Add Form', 'Add User').
 */
export type CreateAction = { to: string; thing: string; label?: string; preventScrollReset?: boolean }

export function createLabel({ thing, label }: Pick<CreateAction, 'thing' | 'label'>) {
  return label ?? `Create ${thing}`
}

/**
 * The header of every back-office page: breadcrumbs, the h1 naming what the page shows, and on its right the
 * page's actions (children, secondary) followed by the create button.
 */
export function PageHeader({ title, children, crumbs, create }: { title: string; children?: ReactNode; crumbs?: { to: string; label: string }[]; create?: CreateAction | null }) {
  const actions = children || create
  return (
    <header data-page-header="" className={cn('space-y-1', crumbs && 'mb-5')}>
      {crumbs && (
        <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
          {crumbs.map((c, i) => (
            <span key={c.to}>
              {i > 0 && ' / '}
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </Link>
            </span>
          ))}
        </nav>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {actions ? (
          <div className="flex flex-wrap items-center gap-2">
            {children}
            {create ? (
              <ButtonLink to={create.to} preventScrollReset={create.preventScrollReset} data-create-button="">
                {createLabel(create)}
              </ButtonLink>
            ) : null}
          </div>
        ) : null}
      </div>
    </header>
  )
}

export function Toast({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <Alert tone="success" className="mb-4">
      {message}
    </Alert>
  )
}

export function Badge({ tone = 'gray', children }: { tone?: 'gray' | 'green' | 'red' | 'amber' | 'blue'; children: ReactNode }) {
  const tones = {
    gray: 'bg-gray-100 text-gray-700',
    green: 'bg-green-50 text-green-700 ring-green-600/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  }
  return <span className={cn('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ring-transparent', tones[tone])}>{children}</span>
}
