// /login/link/{code}: an e-mailed sign-in link (ADR 0059). The GET only asks (mail scanners fetch links); the POST
// spends it, once, within 15 minutes, on its own organisation's host, and signs the customer in.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, primaryButtonClass } from '#app/components/form-parts'
import { openSignInLink, previewSignInLink } from '#app/models/customer-links.server'
import { startSession } from '#app/services/session.server'
import { linkContext } from './portal-sessions.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  requirePortalHost(request)
  const preview = await previewSignInLink(params.code ?? '', linkContext(request))
  if (!preview.ok) return data({ error: preview.message, name: null }, { status: preview.status })
  return { error: null, name: preview.name }
}

export async function action({ request, params }: ActionFunctionArgs) {
  requirePortalHost(request)
  const opened = await openSignInLink(params.code ?? '', linkContext(request))
  if (!opened.ok) return data({ error: opened.message }, { status: opened.status })
  return redirect('/account', { headers: { 'Set-Cookie': await startSession(request, opened.session) } })
}

export default function SignInLinkRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const error = posted?.error ?? loaded.error
  if (error || !loaded.name) {
    return (
      <>
        <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
        <FormAlert>{error}</FormAlert>
        <LoginLink />
      </>
    )
  }
  return (
    <>
      <AuthHeading title={`Sign in as ${loaded.name}?`} subtitle="This link works once. Signing in ends any other sign-in of this browser here." />
      <Form method="post" reloadDocument>
        <button type="submit" className={primaryButtonClass}>
          Sign in
        </button>
      </Form>
      <LoginLink />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sign in' }, { name: 'robots', content: 'noindex' }]
