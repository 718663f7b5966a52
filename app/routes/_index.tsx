// /: sends each visitor where they belong (login, the platform dashboard, or their landing page).
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { landingPath } from '#app/rules/landing'
import { getOptionalUser } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request)
  if (!user) throw redirect('/login')
  if (user.role === 'superadmin') throw redirect('/dashboard')
  throw redirect(landingPath(user))
}

export default function IndexRoute() {
  return null
}

export const meta: MetaFunction = () => [{ title: 'Draftdesk' }]
