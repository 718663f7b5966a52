// /auto-login/{code}: a single-use sign-in link behind a confirmation (ADR 13). The GET only shows whom the
// link signs in as; the POST spends it, so no page elsewhere can sign a visitor in through a GET. A
// log-in-as link works only in the session that created it.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthShell, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, primaryButtonClass } from '#app/components/form-parts'
import { previewAutoLogin } from '#app/models/auto-login-links.server'
import { landingPath } from '#app/rules/landing'
import { autoLoginContext, openAutoLoginLink } from './auto-login.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const preview = await previewAutoLogin(params.code ?? '', await autoLoginContext(request))
  if (!preview.ok) return data({ error: preview.message, target: null }, { status: preview.status })
  return { error: null, target: { name: preview.name, organisation: preview.organisation, impersonating: preview.impersonating } }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const opened = await openAutoLoginLink(request, params.code ?? '')
  if (!opened.ok) return data({ error: opened.message }, { status: opened.status })
  throw redirect(landingPath(opened.user), { headers: { 'Set-Cookie': opened.cookie } })
}

export default function AutoLoginRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  // After a POST the loader runs again and finds the link spent: the action's answer is the one that counts.
  const error = posted ? posted.error : loaded.error
  if (error || !loaded.target) {
    return (
      <AuthShell>
        <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
        <FormAlert>{error}</FormAlert>
        <LoginLink label="Go to login" className="" />
      </AuthShell>
    )
  }
  const { name, organisation, impersonating } = loaded.target
  return (
    <AuthShell>
      <h1 className="mb-2 text-xl font-semibold text-gray-900">{organisation ? `Sign in as ${name} of ${organisation}?` : `Sign in as ${name}?`}</h1>
      <p className="mb-6 text-sm text-gray-600">
        {impersonating
          ? 'You will act as this person until you return to your own account from the banner. Everything you do is recorded as done by you.'
          : 'Whoever is signed in here now will be signed out.'}
      </p>
      <Form method="post">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Sign in as {name}
        </button>
      </Form>
      <LoginLink label="Cancel" />
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Auto login | Draftdesk' }, { name: 'robots', content: 'noindex' }]
