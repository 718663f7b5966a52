// Asks for a reset link. The answer never tells whether the address has an account.
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { forgotPasswordValidator, RESET_LINK_SENT } from '#app/models/login.schema'
import { requestPasswordReset } from '#app/models/password-reset.server'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { clientIp } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'
import { readForm } from '#app/services/form-request.server'

type ForgotState = { sent?: boolean; formError?: string; fieldErrors?: Record<string, string>; repopulateFields?: Record<string, unknown> }

export async function action({ request }: ActionFunctionArgs) {
  const result = await forgotPasswordValidator.validate(await readForm(request))
  if (result.error) {
    return data<ForgotState>({ fieldErrors: result.error.fieldErrors, repopulateFields: { email: result.submittedData.email } }, { status: 422 })
  }
  const outcome = await requestPasswordReset(result.data.email, { ip: clientIp(request), hostClientId: hostClientId(request) })
  if (!outcome.ok) {
    return data<ForgotState>({ formError: TOO_MANY_ATTEMPTS, fieldErrors: {}, repopulateFields: { email: result.data.email } }, { status: 429 })
  }
  return data<ForgotState>({ sent: true })
}

export default function ForgotPasswordRoute() {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()

  return (
    <>
      <AuthHeading title="Forgot password?" subtitle={actionData?.sent ? undefined : 'Enter your e-mail and we will send you a link to reset your password.'} />
      {actionData?.sent ? (
        <SuccessAlert>{RESET_LINK_SENT}</SuccessAlert>
      ) : (
        <>
          <FormAlert>{actionData?.formError}</FormAlert>
          <ValidatedForm method="post" validator={forgotPasswordValidator} noValidate={hydrated} className="space-y-5">
            <TextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
            <SubmitButton>Send reset link</SubmitButton>
          </ValidatedForm>
        </>
      )}
      <LoginLink />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Forgot password | Draftdesk' }]
