// POST /account/return: ends a customer log-in-as session of the portal and goes back to the admin's own session
// (parked on this host: a redirect; on the host they came from: a page that forwards there), ADR 0059.
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { ForwardPage } from '#app/components/auth/forward-page'
import { linkClass } from '#app/components/form-parts'
import { leavePortalLoginAs } from './portal-sessions.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

export function loader() {
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  requirePortalHost(request)
  const left = await leavePortalLoginAs(request)
  if (left instanceof Response) return left
  return data({ back: left.elsewhere }, { headers: { 'Set-Cookie': left.cookie } })
}

export default function LeaveLoginAsRoute() {
  const posted = useActionData<typeof action>()
  if (posted?.back) {
    return (
      <div className="mx-auto max-w-md">
        <ForwardPage url={posted.back} title="Back to the back office" subtitle="You are no longer signed in as the customer here." label="Go to the back office" />
      </div>
    )
  }
  return (
    <p className="text-sm">
      <Link to="/account" className={linkClass}>
        My account
      </Link>
    </p>
  )
}

export const meta: MetaFunction = () => [{ title: 'Back to the back office' }, { name: 'robots', content: 'noindex' }]
