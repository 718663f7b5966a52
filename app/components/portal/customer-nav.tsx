// The signed-in customer's entries in the portal header (issue 25, ADR 0063): Messages, Invoices (unless the
// organisation hides them) and Notifications with the unread count.
import { NavLink } from '@remix-run/react'
import type { CustomerNav } from '#app/models/customer-nav.server'
import { PortalBell } from './portal-bell'

export function CustomerNavLinks({ nav, className }: { nav: CustomerNav; className: (state: { isActive: boolean }) => string }) {
  return (
    <>
      <NavLink to="/messages" className={className}>
        Messages{nav.messages > 0 ? ` (${nav.messages})` : ''}
        {nav.messages > 0 ? <span className="sr-only"> unread</span> : null}
      </NavLink>
      {nav.invoices ? (
        <NavLink to="/invoices" className={className}>
          Invoices
        </NavLink>
      ) : null}
      <PortalBell unread={nav.unread} className={className} />
    </>
  )
}
