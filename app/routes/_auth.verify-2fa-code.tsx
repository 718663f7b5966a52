// Second sign-in step: the e-mailed code of an organisation with 2FA (with a resend button), or the
// code of the account's authenticator app or a recovery code (ADR 0012); and the end of a challenge
// that can no longer succeed.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, linkClass, SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { CODE_RESENT, INCORRECT_CODE, twoFactorValidator } from '#app/models/login.schema'
import { CODE_ATTEMPTS_EXHAUSTED, pendingChallengeMethod, resendTwoFactor, verifyTwoFactor } from '#app/models/two-factor-sign-in.server'
import { landingPath, safeReturnPath } from '#app/rules/landing'
import { getAuth } from '#app/models/auth-guards.server'
import { type AppSession, commitSession, startSession } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

// A dead challenge is cleared from the session and the page says why through a fixed reason, so
// the message survives the redirect (and the loader's check) without JavaScript.
const ENDED = { expired: INCORRECT_CODE, attempts: CODE_ATTEMPTS_EXHAUSTED } as const
type EndReason = keyof typeof ENDED

type VerifyState = { formError?: string; notice?: string; fieldErrors?: Record<string, string> }

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await getAuth(request)
  if (user) throw redirect('/dashboard')
  const pending = session.get('pendingTwoFactor')
  if (!pending) {
    const reason = new URL(request.url).searchParams.get('ended')
    if (reason && reason in ENDED) return { ended: ENDED[reason as EndReason] as string, method: null }
    throw redirect('/dashboard')
  }
  // A challenge that can no longer succeed still shows its form: the next post says why and ends it.
  return { ended: null, method: (await pendingChallengeMethod(pending)) ?? 'email' }
}

export async function action({ request }: ActionFunctionArgs) {
  const { session } = await getAuth(request)
  const pending = session.get('pendingTwoFactor')
  if (!pending) throw redirect('/login')
  const form = await readForm(request)

  if (form.get('intent') === 'resend') {
    const sent = await resendTwoFactor(pending)
    if (sent.ok) return data<VerifyState>({ notice: CODE_RESENT })
    if (sent.status === 401) return endChallenge(session, 'expired')
    return data<VerifyState>({ formError: sent.message }, { status: sent.status })
  }

  const result = await twoFactorValidator.validate(form)
  if (result.error) return data<VerifyState>({ fieldErrors: result.error.fieldErrors }, { status: 422 })
  const outcome = await verifyTwoFactor(pending, result.data.code, { ip: clientIp(request) })
  if (outcome.kind === 'signed-in') {
    // A new session id, without the pending challenge.
    const cookie = await startSession(request, outcome.session)
    return redirect(safeReturnPath(pending.returnTo, landingPath(outcome.user)), { headers: { 'Set-Cookie': cookie } })
  }
  if (outcome.dead) return endChallenge(session, outcome.status === 403 ? 'attempts' : 'expired')
  return data<VerifyState>({ formError: outcome.message }, { status: outcome.status })
}

async function endChallenge(session: AppSession, reason: EndReason) {
  session.unset('pendingTwoFactor')
  return redirect(`/verify-2fa-code?ended=${reason}`, { headers: { 'Set-Cookie': await commitSession(session) } })
}

export default function VerifyTwoFactorRoute() {
  const { ended, method } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()

  if (ended) {
    return (
      <>
        <AuthHeading title="Verification" />
        <FormAlert>{ended}</FormAlert>
        <p className="text-sm text-gray-700">
          Please{' '}
          <Link to="/login" className={linkClass}>
            log in again
          </Link>
          .
        </p>
      </>
    )
  }

  return (
    <>
      <AuthHeading
        title="Verification"
        subtitle={
          method === 'totp'
            ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes, to finish signing in.'
            : 'We sent a verification code to your e-mail. Enter it below to finish signing in.'
        }
      />
      <FormAlert>{actionData?.formError}</FormAlert>
      <SuccessAlert>{actionData?.notice}</SuccessAlert>
      <ValidatedForm method="post" validator={twoFactorValidator} noValidate={hydrated} className="space-y-5">
        <input type="hidden" name="intent" value="verify" />
        <TextField name="code" label="Verification code" inputMode={method === 'totp' ? 'text' : 'numeric'} autoComplete="one-time-code" required autoFocus />
        <SubmitButton>Verify</SubmitButton>
      </ValidatedForm>
      {/* An authenticator makes its own codes: there is nothing to resend. */}
      {method === 'email' && (
        <Form method="post" className="mt-4 text-center text-sm text-gray-600">
          Did not get it?{' '}
          <button type="submit" name="intent" value="resend" className={linkClass}>
            Resend code
          </button>
        </Form>
      )}
      <LoginLink className="mt-4" />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Verify code | Draftdesk' }]
