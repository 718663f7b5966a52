// /customer-portal/auto-login/{code}: a customer's log-in-as link, opened on the admin's own host (ADR 13: it works
// only in the session that created it). The GET asks; the POST spends it and hands over to the organisation's
// subdomain host with a second, short-lived code, since this session's cookie does not go there (ADR 0059).
// The hand-over is a page that moves on by itself (ForwardPage), not a redirect.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthHeading, AuthShell } from '#app/components/auth/auth-shell'
import { ForwardPage } from '#app/components/auth/forward-page'
import { FormAlert, linkClass, primaryButtonClass } from '#app/components/form-parts'
import { autoLoginContext } from './auto-login.server'
import { consumeCustomerPortalLink, previewAutoLogin } from '#app/models/auto-login-links.server'
import { adminOrigin } from '#app/models/impersonation.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const preview = await previewAutoLogin(params.code ?? '', await autoLoginContext(request), 'customer')
  if (!preview.ok) return data({ error: preview.message, target: null }, { status: preview.status })
  return { error: null, target: { name: preview.name, organisation: preview.organisation } }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const returnUrl = `${await adminOrigin(request)}/customers/view`
  const used = await consumeCustomerPortalLink(params.code ?? '', await autoLoginContext(request), returnUrl)
  if (!used.ok) return data({ error: used.message, handoff: null }, { status: used.status })
  // An explicit 200: without JavaScript the loader runs after the action and would set the page's status (401, link spent).
  return data({ error: null, handoff: { url: used.handoffUrl, name: used.name } }, { status: 200 })
}

export default function CustomerPortalAutoLoginRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const back = (
    <p className="mt-6 text-center text-sm">
      <Link to="/customers/view" className={linkClass}>
        Back to customers
      </Link>
    </p>
  )
  if (posted?.handoff) {
    const { url, name } = posted.handoff
    return (
      <AuthShell>
        <ForwardPage url={url} title="Opening the customer portal" subtitle={`Signing in as ${name} on the business's own address.`} label={`Open the portal as ${name}`} />
      </AuthShell>
    )
  }
  // After a POST the loader runs again and may find the link spent: the action's answer is the one that counts.
  const error = posted ? posted.error : loaded.error
  if (error || !loaded.target) {
    return (
      <AuthShell>
        <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
        <FormAlert>{error}</FormAlert>
        {back}
      </AuthShell>
    )
  }
  const { name, organisation } = loaded.target
  return (
    <AuthShell>
      <AuthHeading
        title={organisation ? `Sign in as ${name} of ${organisation}?` : `Sign in as ${name}?`}
        subtitle="This single-use link opens the customer portal on the business's own address, signed in as this customer. You stay signed in here."
      />
      <Form method="post">
        <button type="submit" className={primaryButtonClass}>
          Sign in as {name}
        </button>
      </Form>
      {back}
    </AuthShell>
  )
}

export const meta: MetaFunction = () => [{ title: 'Customer portal | Draftdesk' }, { name: 'robots', content: 'noindex' }]
