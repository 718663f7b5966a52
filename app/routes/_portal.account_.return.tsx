// POST /account/return: ends a customer log-in-as session of the portal and goes back to the admin's own session
// (parked on this host, or on the host they came from), ADR 0059.
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { leavePortalLoginAs, requirePortalHost } from './portal-sessions.server'

export async function action({ request }: ActionFunctionArgs) {
  requirePortalHost(request)
  return leavePortalLoginAs(request)
}

export const loader = () => redirect('/account')
