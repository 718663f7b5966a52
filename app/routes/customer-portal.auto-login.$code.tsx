// /customer-portal/auto-login/{code}: where a customer's log-in-as link points. The customer portal is a separate
// application; this placeholder leaves both the token and the admin's own session untouched.
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthHeading, AuthShell } from '#app/components/auth/auth-shell'
import { linkClass } from '#app/components/forms'

export default function CustomerPortalAutoLoginRoute() {
  return (
    <AuthShell>
      <AuthHeading title="Customer portal" subtitle="This single-use link signs in to the customer portal, which is served separately from this admin portal." />
      <p className="text-center text-sm">
        <Link to="/customers/view" className={linkClass}>
          Back to customers
        </Link>
      </p>
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customer portal | Draftdesk' }, { name: 'robots', content: 'noindex' }]
