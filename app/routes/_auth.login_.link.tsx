// /login/link on an organisation's host: a customer asks for a single-use sign-in link by e-mail (ADR 0059).
// The answer is the same whether or not the address has an account here.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { SIGN_IN_LINK_SENT } from '#app/models/customer-accounts.schema'
import { requestSignInLink } from '#app/models/customer-links.server'
import { forgotPasswordValidator } from '#app/models/login.schema'
import { clientIp } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

type LinkState = { sent?: boolean; formError?: string; fieldErrors?: Record<string, string>; repopulateFields?: Record<string, unknown> }

export async function loader({ request }: LoaderFunctionArgs) {
  requirePortalHost(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const { clientId } = requirePortalHost(request)
  const result = await forgotPasswordValidator.validate(await readForm(request))
  if (result.error) return data<LinkState>({ fieldErrors: result.error.fieldErrors, repopulateFields: { email: result.submittedData.email } }, { status: 422 })
  const outcome = await requestSignInLink(clientId, result.data.email, { ip: clientIp(request) })
  if (!outcome.ok) return data<LinkState>({ formError: outcome.message, fieldErrors: {}, repopulateFields: { email: result.data.email } }, { status: 429 })
  return data<LinkState>({ sent: true })
}

export default function SignInLinkRequestRoute() {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  return (
    <>
      <AuthHeading
        title="E-mail me a sign-in link"
        subtitle={actionData?.sent ? undefined : 'Customers can sign in without a password: we send a link that works once, within 15 minutes.'}
      />
      {actionData?.sent ? (
        <SuccessAlert>{SIGN_IN_LINK_SENT}</SuccessAlert>
      ) : (
        <>
          <FormAlert>{actionData?.formError}</FormAlert>
          <ValidatedForm method="post" validator={forgotPasswordValidator} noValidate={hydrated} className="space-y-5">
            <TextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
            <SubmitButton>Send me a link</SubmitButton>
          </ValidatedForm>
        </>
      )}
      <LoginLink />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sign-in link' }]
