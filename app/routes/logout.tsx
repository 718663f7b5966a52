// Signing out: ends the session (a GET link or a form post) and returns to the login page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { recordCustomerLogout } from '#app/models/customer-sign-in.server'
import { recordLogout } from '#app/models/sign-in.server'
import { getAuth } from '#app/models/auth-guards.server'
import { destroySession } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'

async function signOut(request: Request) {
  const { user, session } = await getAuth(request)
  if (user) await recordLogout(user, clientIp(request), request)
  else await recordCustomerLogout(request)
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } })
}

export async function loader({ request }: LoaderFunctionArgs) {
  return signOut(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request)
}

// A page module (not a resource route) so a client-side <Form action="/logout"> works too.
export default function LogoutRoute() {
  return null
}

export const meta: MetaFunction = () => [{ title: 'Logout | Draftdesk' }]
