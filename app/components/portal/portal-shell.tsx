// The customer portal's frame (issue 24): a branded header (name or logo, Shop, Cart, account), the
// page, and a footer with the company's details and social links. Works without JavaScript.
import { Form, Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { PortalShellData } from '#app/models/portal-shell.server'
import { ShellMain, SkipLink } from '#app/ui/main-landmark'
import { CustomerNavLinks } from './customer-nav'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:underline ${isActive ? 'underline underline-offset-4' : ''}`

export function PortalShell({ shell, children }: { shell: PortalShellData; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-gray-50" style={shell.theme as React.CSSProperties}>
      <SkipLink label="Skip to content" />
      {shell.customer?.impersonated ? (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900" role="status">
          You are signed in as {shell.customer.firstName} {shell.customer.lastName}.{' '}
          {/* The admin's own session may live on another host: /account/return knows where (ADR 0059). */}
          <Form method="post" action="/account/return" reloadDocument className="inline">
            <button type="submit" className="font-medium underline">
              Return to your account
            </button>
          </Form>
        </p>
      ) : null}
      <header className="portal-topbar border-b border-gray-200">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to="/" className="inline-flex min-h-11 items-center text-lg font-semibold">
            {shell.logoUrl ? <img src={shell.logoUrl} alt={shell.companyName} className="h-10 max-w-48 object-contain" /> : shell.companyName}
          </Link>
          <nav aria-label="Shop" className="flex flex-wrap items-center gap-1">
            <NavLink to="/" end className={navClass}>
              Shop
            </NavLink>
            <NavLink to="/cart" className={navClass}>
              Cart{shell.cartCount > 0 ? ` (${shell.cartCount})` : ''}
            </NavLink>
            {shell.customer ? (
              <>
                <NavLink to="/my-orders" className={navClass}>
                  My orders
                </NavLink>
                {shell.customerNav ? <CustomerNavLinks nav={shell.customerNav} className={navClass} /> : null}
                <NavLink to="/account" className={navClass}>
                  My account
                </NavLink>
                <Form method="post" action="/logout">
                  <button type="submit" className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:underline">
                    Sign out
                  </button>
                </Form>
              </>
            ) : shell.member ? (
              <NavLink to="/dashboard" className={navClass}>
                Back office
              </NavLink>
            ) : (
              <NavLink to="/login" className={navClass}>
                Sign in
              </NavLink>
            )}
          </nav>
        </div>
      </header>
      <ShellMain className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">{children}</ShellMain>
      <footer className="portal-footer border-t border-gray-200 px-4 py-6 text-sm">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-medium">© {shell.companyName}</p>
            {shell.contact ? (
              <address className="flex flex-col items-start not-italic">
                {shell.contact.address ? <span className="block">{shell.contact.address}</span> : null}
                {shell.contact.phone ? (
                  <a href={`tel:${shell.contact.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-6 items-center hover:underline">
                    {shell.contact.phone}
                  </a>
                ) : null}
                {shell.contact.email ? (
                  <a href={`mailto:${shell.contact.email}`} className="inline-flex min-h-6 items-center hover:underline">
                    {shell.contact.email}
                  </a>
                ) : null}
              </address>
            ) : null}
          </div>
          {shell.links.length ? (
            <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Social links">
              {shell.links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </footer>
    </div>
  )
}
