// /login/handoff/{code} on an organisation's host: the second half of a customer log-in-as (ADR 0059). The code
// came from the admin's own host a moment ago; the POST (sent at once with JavaScript) spends it and opens the
// portal as that customer, marked as log-in-as. The GET changes nothing.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { AuthHeading } from '#app/components/auth/auth-shell'
import { FormAlert, primaryButtonClass, useHydrated } from '#app/components/forms'
import { openHandoff, previewHandoff } from '#app/models/customer-links.server'
import { linkContext, startHandoffSession } from './portal-sessions.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  requirePortalHost(request)
  const preview = await previewHandoff(params.code ?? '', linkContext(request))
  if (!preview.ok) return data({ error: preview.message, name: null }, { status: preview.status })
  return { error: null, name: preview.name }
}

export async function action({ request, params }: ActionFunctionArgs) {
  requirePortalHost(request)
  const opened = await openHandoff(params.code ?? '', linkContext(request))
  if (!opened.ok) return data({ error: opened.message }, { status: opened.status })
  return redirect('/account', { headers: { 'Set-Cookie': await startHandoffSession(request, opened) } })
}

export default function PortalHandoffRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const error = posted?.error ?? loaded.error
  // The admin already confirmed on their own host: with JavaScript the portal opens without a second click.
  useEffect(() => {
    if (hydrated && !error) form.current?.requestSubmit()
  }, [hydrated, error])
  if (error || !loaded.name) {
    return (
      <>
        <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
        <FormAlert>{error}</FormAlert>
      </>
    )
  }
  return (
    <>
      <AuthHeading title={`Opening the portal as ${loaded.name}`} subtitle="You are signing in as this customer from the back office." />
      <Form method="post" reloadDocument ref={form}>
        <button type="submit" className={primaryButtonClass}>
          Continue as {loaded.name}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customer portal' }, { name: 'robots', content: 'noindex' }]
