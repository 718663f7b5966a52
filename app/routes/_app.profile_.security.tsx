// /profile/security: TOTP two-factor authentication (ADR 0012). Set up with any authenticator app
// (QR code or the secret typed in) after giving the current password, confirm with a first code, see the
// recovery codes once; turn off with the password and a code; renew recovery codes with a code. Plain forms, with or without JavaScript.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import QRCode from 'qrcode'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { SubmitButton, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import {
  cancelTotpEnrollment,
  confirmTotpEnrollment,
  disableTotp,
  type Failure,
  mustEnrollTotp,
  regenerateRecoveryCodes,
  startTotpEnrollment,
  twoFactorStatus,
  TWO_FACTOR_PAGE,
} from '#app/models/two-factor.server'
import {
  disableTotpValidator,
  RECOVERY_CODES_RENEWED,
  startTotpValidator,
  TOTP_DISABLED,
  TOTP_ENABLED,
  TOTP_SETUP_CANCELLED,
  totpCodeValidator,
  TWO_FACTOR_FORMS,
} from '#app/models/two-factor.schema'
import { routeGuard } from '#app/rules/routes'
import { getAuth, IMPERSONATION_CREDENTIALS_REFUSED, requireOwnCredentials, requireUser } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { clientIp } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, routeGuard(TWO_FACTOR_PAGE))
  const { session } = await getAuth(request)
  const impersonating = !!session.get('impersonatorUserId')
  const status = await twoFactorStatus(user)
  const { toast, headers } = await takeToast(request)
  // A log-in-as session sees whether TOTP is on, never a secret.
  const pending = status.pending && !impersonating ? { ...status.pending, qr: await qrImage(status.pending.uri) } : null
  return data(
    {
      enabled: status.enabled,
      recoveryCodesLeft: status.recoveryCodesLeft,
      pending,
      // The refusal a log-in-as session gets from the action, shown up front.
      impersonating: impersonating ? IMPERSONATION_CREDENTIALS_REFUSED : null,
      required: await mustEnrollTotp(user),
      toast,
    },
    { headers },
  )
}

/** The otpauth:// URI as an SVG data URL (CSP allows data: images). */
async function qrImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

type ActionData = { recoveryCodes: string[]; notice: string } | { formError: string }

export async function action({ request }: ActionFunctionArgs) {
  // A log-in-as session never changes another person's second factor.
  const user = await requireOwnCredentials(request)
  const ctx = { ip: clientIp(request) }
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'start': {
      const result = await startTotpValidator.validate(form)
      if (result.error) return validationError(result.error, {})
      const started = await startTotpEnrollment(user, result.data, ctx)
      if (!started.ok) return failed(started, TWO_FACTOR_FORMS.start)
      return redirect(TWO_FACTOR_PAGE)
    }
    case 'cancel':
      await cancelTotpEnrollment(user)
      return redirectWithToast(request, TWO_FACTOR_PAGE, TOTP_SETUP_CANCELLED)
    case 'confirm': {
      const result = await totpCodeValidator.validate(form)
      if (result.error) return validationError(result.error, {})
      const confirmed = await confirmTotpEnrollment(user, result.data.code, ctx)
      if (!confirmed.ok) return failed(confirmed, TWO_FACTOR_FORMS.confirm)
      // Shown once, straight from the action: recovery codes are never stored in plain text or in a session.
      return data<ActionData>({ recoveryCodes: confirmed.recoveryCodes, notice: TOTP_ENABLED })
    }
    case 'regenerate': {
      const result = await totpCodeValidator.validate(form)
      if (result.error) return validationError(result.error, {})
      const renewed = await regenerateRecoveryCodes(user, result.data, ctx)
      if (!renewed.ok) return failed(renewed, TWO_FACTOR_FORMS.regenerate)
      return data<ActionData>({ recoveryCodes: renewed.recoveryCodes, notice: RECOVERY_CODES_RENEWED })
    }
    case 'disable': {
      const result = await disableTotpValidator.validate(form)
      if (result.error) return validationError(result.error, {})
      const disabled = await disableTotp(user, result.data, ctx)
      if (!disabled.ok) return failed(disabled, TWO_FACTOR_FORMS.disable)
      return redirectWithToast(request, TWO_FACTOR_PAGE, TOTP_DISABLED)
    }
    default:
      return data<ActionData>({ formError: 'Unknown action' }, { status: 400 })
  }
}

/** A refused code or password goes back to its field of the form that sent it. */
function failed(failure: Failure, formId: string) {
  if (!failure.field) return data<ActionData>({ formError: failure.message }, { status: failure.status })
  return validationError({ fieldErrors: { [failure.field]: failure.message }, formId }, {})
}

export default function ProfileSecurityRoute() {
  const { enabled, recoveryCodesLeft, pending, impersonating, required, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const shown = actionData && 'recoveryCodes' in actionData ? actionData : null
  const formError = actionData && 'formError' in actionData ? actionData.formError : null

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Two-factor authentication</h1>
      <SuccessAlert>{shown?.notice ?? toast}</SuccessAlert>
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      {required ? <Alert tone="warning">Platform accounts must turn on two-factor authentication before they can use Draftdesk.</Alert> : null}
      {impersonating ? (
        <Alert tone="warning">{impersonating}</Alert>
      ) : shown ? (
        <RecoveryCodes codes={shown.recoveryCodes} />
      ) : enabled ? (
        <>
          <Card aria-label="Status">
            <p className="text-sm text-gray-700">
              Two-factor authentication is <strong>on</strong>: signing in asks for a code from your authenticator app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>.
            </p>
          </Card>
          <RegenerateForm />
          <DisableForm />
        </>
      ) : pending ? (
        <EnrollForm pending={pending} />
      ) : (
        <StartForm />
      )}
    </div>
  )
}

function StartForm() {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Set up">
      <p className="mb-4 text-sm text-gray-700">
        Two-factor authentication is <strong>off</strong>. Turn it on to sign in with your password and a code from an authenticator app (Google Authenticator, 1Password, Authy, or
        any app that supports time-based codes).
      </p>
      <ValidatedForm method="post" id={TWO_FACTOR_FORMS.start} validator={startTotpValidator} noValidate={hydrated} className="space-y-4">
        <input type="hidden" name="intent" value="start" />
        <TextField name="password" label="Current password" type="password" autoComplete="current-password" aria-required />
        <SubmitButton className={buttonClass('primary')}>Set up authenticator app</SubmitButton>
      </ValidatedForm>
    </Card>
  )
}

function EnrollForm({ pending }: { pending: { secret: string; uri: string; qr: string } }) {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Set up authenticator app">
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Scan the code</h2>
      <p className="mb-4 text-sm text-gray-700">Scan the QR code with your authenticator app, or type the key into it. Then enter the code the app shows.</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img src={pending.qr} alt="QR code for your authenticator app" width={176} height={176} className="size-44 rounded ring-1 ring-gray-200" />
        <dl className="min-w-0 space-y-2 text-sm">
          <dt className="font-medium text-gray-500">Key</dt>
          <dd className="font-mono break-all text-gray-900" data-testid="totp-secret">
            {pending.secret.match(/.{1,4}/g)?.join(' ')}
          </dd>
          <dt className="font-medium text-gray-500">Link</dt>
          <dd className="font-mono text-xs break-all text-gray-600">{pending.uri}</dd>
        </dl>
      </div>
      <ValidatedForm method="post" id={TWO_FACTOR_FORMS.confirm} validator={totpCodeValidator} noValidate={hydrated} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <TextField name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" aria-required />
        <SubmitButton className={buttonClass('primary')}>Turn on</SubmitButton>
      </ValidatedForm>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="cancel" className={buttonClass('ghost')}>
          Cancel set-up
        </button>
      </Form>
    </Card>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Card aria-label="Recovery codes">
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Recovery codes</h2>
      <p className="mb-4 text-sm text-gray-700">Keep these somewhere safe: each one signs you in once if you lose your authenticator app. They are shown only now.</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-gray-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Form method="get" className="mt-4">
        <button type="submit" className={buttonClass('primary')}>
          I have saved them
        </button>
      </Form>
    </Card>
  )
}

function RegenerateForm() {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Renew recovery codes">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Renew recovery codes</h2>
      <ValidatedForm method="post" id={TWO_FACTOR_FORMS.regenerate} validator={totpCodeValidator} noValidate={hydrated} className="space-y-4">
        <input type="hidden" name="intent" value="regenerate" />
        <TextField name="code" label="Code from the app" autoComplete="one-time-code" aria-required />
        <SubmitButton className={buttonClass('secondary')}>Renew recovery codes</SubmitButton>
      </ValidatedForm>
    </Card>
  )
}

function DisableForm() {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Turn off">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Turn off two-factor authentication</h2>
      <ValidatedForm method="post" id={TWO_FACTOR_FORMS.disable} validator={disableTotpValidator} noValidate={hydrated} className="space-y-4">
        <input type="hidden" name="intent" value="disable" />
        <TextField name="password" label="Current password" type="password" autoComplete="current-password" aria-required />
        <TextField name="code" label="Code from the app or a recovery code" autoComplete="one-time-code" aria-required />
        <SubmitButton className={buttonClass('secondary')}>Turn off</SubmitButton>
      </ValidatedForm>
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication | Draftdesk' }]
