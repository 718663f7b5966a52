// /welcome/{code}: the link of a customer's welcome e-mail (ADR 0059). The customer chooses their password (the
// link works once, within 7 days) and, on their organisation's host, is signed in to the portal.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { previewWelcomeLink, setPasswordWithWelcomeLink } from '#app/models/customer-links.server'
import { resetPasswordValidator } from '#app/models/login.schema'
import { readForm } from '#app/services/form-request.server'
import { startSession } from '#app/services/session.server'
import { linkContext } from './portal-sessions.server'

type WelcomeState = { done?: boolean; formError?: string; fieldErrors?: Record<string, string> }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const preview = await previewWelcomeLink(params.code ?? '', linkContext(request))
  if (!preview.ok) return data({ error: preview.message, target: null }, { status: preview.status })
  return { error: null, target: { name: preview.name, email: preview.email, organisation: preview.organisation } }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await resetPasswordValidator.validate(await readForm(request))
  // Nothing is repopulated: both fields are secrets.
  if (result.error) return data<WelcomeState>({ fieldErrors: result.error.fieldErrors }, { status: 422 })
  const outcome = await setPasswordWithWelcomeLink(params.code ?? '', result.data.password, linkContext(request))
  if (!outcome.ok) return data<WelcomeState>({ formError: outcome.message }, { status: outcome.status })
  if (outcome.session) return redirect('/account', { headers: { 'Set-Cookie': await startSession(request, outcome.session) } })
  return data<WelcomeState>({ done: true }, { status: 200 })
}

export default function WelcomeRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const hydrated = useHydrated()
  if (posted?.done) {
    return (
      <>
        <AuthHeading title="Password saved" />
        <SuccessAlert>Your password is set. Sign in with it from now on.</SuccessAlert>
        <LoginLink label="Go to sign in" className="" />
      </>
    )
  }
  if (!loaded.target) {
    return (
      <>
        <h1 className="mb-4 text-xl font-semibold text-gray-900">Error</h1>
        <FormAlert>{loaded.error}</FormAlert>
        <LoginLink />
      </>
    )
  }
  return (
    <>
      <AuthHeading title={`Welcome, ${loaded.target.name}`} subtitle={`Choose a password for ${loaded.target.email} at ${loaded.target.organisation}.`} />
      <FormAlert>{posted?.formError}</FormAlert>
      <ValidatedForm method="post" validator={resetPasswordValidator} noValidate={hydrated} className="space-y-5">
        <TextField name="password" label="New Password" type="password" autoComplete="new-password" required minLength={8} autoFocus />
        <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" required />
        <SubmitButton>Save password</SubmitButton>
      </ValidatedForm>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Welcome' }, { name: 'robots', content: 'noindex' }]
