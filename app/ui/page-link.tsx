// The pagers' First/Previous/Next/Last control: a button-styled link, or a disabled look-alike when there is no such page.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass } from './button'

/** `to` null or `disabled` renders an inert span with the same label, so the pager keeps its layout on the first and last page. */
export function PageLink({ to, disabled, label, children }: { to: string | null; disabled?: boolean; label: string; children: ReactNode }) {
  if (!to || disabled) {
    return (
      <span aria-disabled="true" aria-label={label} className={buttonClass('secondary', 'pointer-events-none py-1 opacity-50')}>
        {children}
      </span>
    )
  }
  return (
    <Link to={to} aria-label={label} preventScrollReset className={buttonClass('secondary', 'py-1')}>
      {children}
    </Link>
  )
}
