// POST /impersonation/return: ends a log-in-as session and signs the original person back in (or out, if they no longer may).
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { returnFromLoginAs } from '#app/models/impersonation.server'
import { landingPath } from '#app/rules/landing'
import { getAuth } from '#app/models/auth-guards.server'
import { destroySession } from '#app/services/session.server'

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await getAuth(request)
  const outcome = await returnFromLoginAs(request, user)
  if (outcome.ok) return redirect(landingPath(outcome.user), { headers: { 'Set-Cookie': outcome.cookie } })
  if (outcome.reason === 'not-impersonating') return redirect(user ? landingPath(user) : '/login')
  // The original account was deactivated meanwhile: the borrowed session ends and nobody is signed in.
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } })
}

export const loader = () => redirect('/dashboard')
