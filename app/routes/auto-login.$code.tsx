// Single-use sign-in links: ends whoever is signed in here, then signs the link's user in.
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AuthShell, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert } from '#app/components/forms'
import { consumeAutoLogin, recordLogout } from '#app/models/auth.server'
import { getAuth } from '#app/services/auth.server'
import { destroySession, startSession } from '#app/services/session.server'
import { clientIp } from '#app/utils/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ip = clientIp(request)
  const { user, session } = await getAuth(request)
  const lang = session.get('lang')
  if (user) await recordLogout(user, ip)
  const signedOut = await destroySession(session)

  const outcome = await consumeAutoLogin(params.code ?? '', { ip, origin: new URL(request.url).origin })
  if (outcome.ok) {
    const cookie = await startSession(request, { ...outcome.session, ...(lang ? { lang } : {}) })
    throw redirect('/dashboard', { headers: { 'Set-Cookie': cookie } })
  }
  return data({ message: outcome.message }, { status: outcome.status, headers: { 'Set-Cookie': signedOut } })
}

export default function AutoLoginRoute() {
  const { message } = useLoaderData<typeof loader>()
  return (
    <AuthShell>
      <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
      <FormAlert>{message}</FormAlert>
      <LoginLink label="Go to login" className="" />
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Auto login | Draftdesk' }]
