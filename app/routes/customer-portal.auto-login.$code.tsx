// /customer-portal/auto-login/{code}: where a customer's log-in-as link points. The customer portal is a separate
// application; this placeholder asks first (GET), spends the link only on the POST, and leaves the admin's own
// session untouched. Like every log-in-as link it works only in the session that created it (ADR 13).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthHeading, AuthShell } from '#app/components/auth/auth-shell'
import { FormAlert, linkClass, primaryButtonClass } from '#app/components/forms'
import { autoLoginContext } from './auto-login.server'
import { consumeCustomerPortalLink, previewAutoLogin } from '#app/models/auto-login-links.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const preview = await previewAutoLogin(params.code ?? '', await autoLoginContext(request), 'customer')
  if (!preview.ok) return data({ error: preview.message, target: null }, { status: preview.status })
  return { error: null, target: { name: preview.name, organisation: preview.organisation } }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const used = await consumeCustomerPortalLink(params.code ?? '', await autoLoginContext(request))
  if (!used.ok) return data({ error: used.message, opened: null }, { status: used.status })
  // An explicit 200: without JavaScript the loader runs after the action and would set the page's status (401, link spent).
  return data({ error: null, opened: used.name }, { status: 200 })
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
  if (posted?.opened) {
    return (
      <AuthShell>
        <AuthHeading title="Customer portal" subtitle={`The link was used: the customer portal, served separately from this admin portal, signs you in as ${posted.opened}.`} />
        {back}
      </AuthShell>
    )
  }
  // After a POST the loader runs again and finds the link spent: the action's answer is the one that counts.
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
        subtitle="This single-use link signs in to the customer portal, which is served separately from this admin portal."
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
