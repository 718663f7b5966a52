// Sets a new password from an e-mailed single-use link, then returns to the login page.
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node'
import { useActionData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { resetPassword } from '#app/models/password-reset.server'
import { PASSWORD_UPDATED, resetPasswordValidator } from '#app/models/login.schema'
import { clientIp } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'
import { readForm } from '#app/services/form-request.server'

/** The spec's success alert shows for 3 seconds before the login page. */
const REDIRECT_AFTER_MS = 3000

type ResetState = { done?: boolean; formError?: string; fieldErrors?: Record<string, string> }

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await resetPasswordValidator.validate(await readForm(request))
  // Nothing is repopulated: both fields are secrets.
  if (result.error) return data<ResetState>({ fieldErrors: result.error.fieldErrors }, { status: 422 })
  const outcome = await resetPassword(params.code ?? '', result.data.password, { ip: clientIp(request), hostClientId: hostClientId(request) })
  if (!outcome.ok) return data<ResetState>({ formError: outcome.message }, { status: 400 })
  return data<ResetState>({ done: true })
}

export default function ResetPasswordRoute() {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const done = !!actionData?.done

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  if (done) {
    return (
      <>
        {/* Without JavaScript the browser follows this instead of the timer. */}
        {hydrated ? null : <meta httpEquiv="refresh" content={`${REDIRECT_AFTER_MS / 1000};url=/login`} />}
        <AuthHeading title="Reset password" />
        <SuccessAlert>{PASSWORD_UPDATED}</SuccessAlert>
        <LoginLink label="Go to login" className="" />
      </>
    )
  }

  return (
    <>
      <AuthHeading title="Reset password" subtitle="Choose a new password for your account." />
      <FormAlert>{actionData?.formError}</FormAlert>
      <ValidatedForm method="post" validator={resetPasswordValidator} noValidate={hydrated} className="space-y-5">
        <TextField name="password" label="New Password" type="password" autoComplete="new-password" required minLength={8} autoFocus />
        <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" required />
        <SubmitButton>Update password</SubmitButton>
      </ValidatedForm>
      <LoginLink />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Reset password | Draftdesk' }]
