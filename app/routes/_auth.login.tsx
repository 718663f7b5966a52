// Sign in: e-mail first, then organisation, password and remember me. A two-step form post that
// JavaScript enhances by loading the organisations while the e-mail is typed.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { type ComponentProps, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useField, ValidatedForm } from 'remix-validated-form'
import { AuthHeading } from '#app/components/auth/auth-shell'
import { FieldError, FormAlert, inputClass, labelClass, linkClass, SubmitButton, TextField, useHydrated, VALIDATE_ON_SUBMIT } from '#app/components/forms'
import { normalizeEmail, type OrganisationChoice, organisationsForEmail } from '#app/models/account.server'
import { choicesForHost, organisationChoiceOf } from '#app/models/platform-domains.server'
import {
  emailStepSchema,
  emailStepValidator,
  hostLoginValidator,
  loginChoice,
  loginValidator,
  LOOKUP_FAILED,
  NO_ACCOUNT_FOR_EMAIL,
  PLATFORM_CHOICE,
} from '#app/models/login.schema'
import { landingPath, safeReturnPath } from '#app/rules/landing'
import { authenticator } from '#app/models/password-sign-in.server'
import { getAuth } from '#app/models/auth-guards.server'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { lookUpOrganisations } from './organisation-lookup.server'
import { startSession } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'
import { messageFrom } from '#app/rules/messages'
import { readForm } from '#app/services/form-request.server'
import { hostClientId } from '#app/services/request-host.server'
import { attemptHostLogin } from '#app/models/customer-sign-in.server'
import { getCustomer } from '#app/models/portal-auth.server'

/** Where a customer lands after signing in, unless redirectTo says otherwise (the checkout, say). */
const CUSTOMER_LANDING = '/account'

/** What the page shows; the action answers with it so a post without JavaScript re-renders the same step. */
type LoginState = {
  email: string
  /** The organisations of `orgsFor`; null while the e-mail step is not done. */
  orgs: OrganisationChoice[] | null
  orgsFor?: string
  clientId?: string
  remember?: boolean
  formError?: string
  /** remix-validated-form reads these two keys to show server-side field errors. */
  fieldErrors?: Record<string, string>
  repopulateFields?: Record<string, unknown>
}

function reply(state: LoginState, status = 200, headers?: HeadersInit) {
  return data(state, { status, headers })
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = url.searchParams.get('redirectTo') ?? ''
  const { user } = await getAuth(request)
  if (user) throw redirect(safeReturnPath(redirectTo, landingPath(user)))
  if (await getCustomer(request)) throw redirect(safeReturnPath(redirectTo, CUSTOMER_LANDING))
  const hostClient = hostClientId(request)
  // On an organisation's own host the organisation is known: one step, for its staff and customers alike (ADR 0059).
  const host = hostClient === null ? null : await organisationChoiceOf(hostClient)
  return { email: url.searchParams.get('email') ?? '', redirectTo, host }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const hostClient = hostClientId(request)
  if (hostClient !== null) return hostLoginStep(request, form, hostClient)
  const email = String(form.get('email') ?? '')
  const orgsFor = String(form.get('orgsFor') ?? '')
  // An e-mail edited after its organisations were listed starts over: the old list is not its list.
  if (form.get('intent') !== 'login' || normalizeEmail(email) !== normalizeEmail(orgsFor)) return emailStep(request, form)
  return loginStep(request, form)
}

async function emailStep(request: Request, form: FormData) {
  const result = await emailStepValidator.validate(form)
  if (result.error) {
    const email = String(result.submittedData.email ?? '')
    return reply({ email, orgs: null, fieldErrors: result.error.fieldErrors, repopulateFields: { email } }, 422)
  }
  const { email } = result.data
  const lookup = await lookUpOrganisations(request, email)
  if (!lookup.ok) return reply({ email, orgs: null, formError: TOO_MANY_ATTEMPTS }, 429)
  const orgs = lookup.orgs
  if (!orgs) return reply({ email, orgs: null, formError: NO_ACCOUNT_FOR_EMAIL }, 404)
  return reply({ email, orgs, orgsFor: email })
}

/**
 * The sign-in of an organisation's host: e-mail and password against that realm's account, whoever it is
 * (ADR 0059). Staff go on as on any host (two-factor included); customers land on /account or redirectTo.
 */
async function hostLoginStep(request: Request, form: FormData, clientId: number) {
  const result = await hostLoginValidator.validate(form)
  const submitted = result.submittedData
  const email = String(submitted.email ?? '').trim()
  const host = await organisationChoiceOf(clientId)
  const kept = { email, orgs: [host], orgsFor: email, clientId: host.client_id ?? '', remember: !!submitted.remember }
  if (result.error) return reply({ ...kept, fieldErrors: result.error.fieldErrors, repopulateFields: { email, remember: submitted.remember } }, 422)
  const outcome = await attemptHostLogin(clientId, { email: result.data.email, password: result.data.password, remember: !!result.data.remember }, { ip: clientIp(request) })
  const redirectTo = result.data.redirectTo || new URL(request.url).searchParams.get('redirectTo')
  if (outcome.kind === 'customer') {
    const cookie = await startSession(request, outcome.session)
    return redirect(safeReturnPath(redirectTo, CUSTOMER_LANDING), { headers: { 'Set-Cookie': cookie } })
  }
  if (outcome.kind === 'signed-in') {
    const cookie = await startSession(request, outcome.session)
    return redirect(safeReturnPath(redirectTo, landingPath(outcome.user)), { headers: { 'Set-Cookie': cookie } })
  }
  if (outcome.kind === 'two-factor') {
    const returnTo = safeReturnPath(redirectTo, '')
    const cookie = await startSession(request, { pendingTwoFactor: { ...outcome.session.pendingTwoFactor!, ...(returnTo ? { returnTo } : {}) } })
    return redirect('/verify-2fa-code', { headers: { 'Set-Cookie': cookie } })
  }
  return reply({ ...kept, formError: outcome.message }, outcome.status)
}

async function loginStep(request: Request, form: FormData) {
  const result = await loginValidator.validate(form)
  const submitted = result.submittedData
  const email = String(submitted.email ?? '').trim()
  const kept = { email, clientId: String(submitted.clientId ?? ''), remember: !!submitted.remember }
  const again = async (extra: Partial<LoginState>, status: number) => {
    const orgs = await choicesForHost(request, await organisationsForEmail(email))
    return reply({ ...kept, orgs, orgsFor: orgs ? email : undefined, ...extra }, status)
  }
  if (result.error) {
    return again({ fieldErrors: result.error.fieldErrors, repopulateFields: { email, clientId: kept.clientId, remember: submitted.remember } }, 422)
  }

  // The strategy reads the body itself, so it gets a request of its own with the normalised choice.
  const { clientId, role } = loginChoice(result.data.clientId, result.data.role)
  const headers = new Headers(request.headers)
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  headers.delete('Content-Length')
  const body = new URLSearchParams({
    email: result.data.email,
    password: result.data.password,
    clientId: clientId ?? '',
    role: role ?? '',
    remember: result.data.remember ? 'on' : '',
  })
  const outcome = await authenticator.authenticate('password', new Request(request.url, { method: 'POST', headers, body }))
  const redirectTo = result.data.redirectTo || new URL(request.url).searchParams.get('redirectTo')

  if (outcome.kind === 'signed-in') {
    const cookie = await startSession(request, outcome.session)
    return redirect(safeReturnPath(redirectTo, landingPath(outcome.user)), { headers: { 'Set-Cookie': cookie } })
  }
  if (outcome.kind === 'two-factor') {
    // A fresh session holding only the pending login: whoever was signed in here is not any more.
    const returnTo = safeReturnPath(redirectTo, '')
    const cookie = await startSession(request, { pendingTwoFactor: { ...outcome.session.pendingTwoFactor!, ...(returnTo ? { returnTo } : {}) } })
    return redirect('/verify-2fa-code', { headers: { 'Set-Cookie': cookie } })
  }
  return again({ formError: outcome.message }, outcome.status)
}

const choiceValue = (o: OrganisationChoice) => o.client_id ?? PLATFORM_CHOICE
const choiceLabel = (o: OrganisationChoice) => o.companyDetails?.companyName ?? 'Platform administration (superadmin)'

type Lookup = { orgs: OrganisationChoice[] } | { error: string } | null

/** null means "no JSON answer" (for instance the API is not deployed): the form post still works. */
async function lookupOrganisations(email: string, signal: AbortSignal): Promise<Lookup> {
  const response = await fetch(`/api/user/orgs?email=${encodeURIComponent(email)}`, {
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return null
  const body = (await response.json().catch(() => null)) as { status?: boolean; userData?: unknown } | null
  if (!body) return null
  if (response.ok && body.status === true && Array.isArray(body.userData)) return { orgs: body.userData as OrganisationChoice[] }
  return { error: messageFrom(body, null) ?? LOOKUP_FAILED }
}

const looksLikeEmail = (value: string) => emailStepSchema.safeParse({ email: value }).success

export default function LoginRoute() {
  const { email, redirectTo, host } = useLoaderData<typeof loader>()
  return host ? <HostLogin host={host} initialEmail={email} redirectTo={redirectTo} /> : <PickerLogin initialEmail={email} redirectTo={redirectTo} />
}

/** On an organisation's own host: e-mail and password, no picker; customers may ask for a link instead (ADR 0059). */
function HostLogin({ host, initialEmail, redirectTo }: { host: OrganisationChoice; initialEmail: string; redirectTo: string }) {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  return (
    <>
      <AuthHeading title="Sign in" subtitle={`Sign in to ${host.companyDetails?.companyName ?? 'your account'}.`} />
      <FormAlert>{actionData?.formError}</FormAlert>
      <ValidatedForm method="post" validator={hostLoginValidator} noValidate={hydrated} defaultValues={{ email: actionData?.email ?? initialEmail }} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField name="email" label="Email" type="email" autoComplete="username" required autoFocus={!actionData} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required autoFocus={!!actionData} />
        <div className="flex items-center justify-between">
          <RememberAndForgot remember={actionData?.remember} />
        </div>
        <SubmitButton name="intent" value="login">
          Login
        </SubmitButton>
      </ValidatedForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/login/link" className={linkClass}>
          E-mail me a sign-in link
        </Link>
      </p>
    </>
  )
}

function PickerLogin({ initialEmail, redirectTo }: { initialEmail: string; redirectTo: string }) {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [state, setState] = useState<LoginState>(() => actionData ?? { email: initialEmail, orgs: null })
  const [looking, setLooking] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!actionData) return
    setState(actionData)
    // Keep what was typed, except the password.
    if (actionData.formError && passwordRef.current) passwordRef.current.value = ''
  }, [actionData])

  // Organisations load while the e-mail is typed (debounced); a failed or missing API leaves the "Next" post.
  const needsLookup = hydrated && state.orgs === null && !state.formError && looksLikeEmail(state.email)
  const email = state.email.trim()
  useEffect(() => {
    if (!needsLookup) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      setLooking(true)
      try {
        const result = await lookupOrganisations(email, controller.signal)
        if (!result || controller.signal.aborted) return
        setState((s) => {
          if (s.email.trim() !== email || s.orgs !== null) return s
          return 'orgs' in result ? { ...s, orgs: result.orgs, orgsFor: email } : { ...s, formError: result.error }
        })
      } catch {
        if (!controller.signal.aborted) setState((s) => (s.email.trim() === email && s.orgs === null ? { ...s, formError: LOOKUP_FAILED } : s))
      } finally {
        if (!controller.signal.aborted) setLooking(false)
      }
    }, 500)
    return () => {
      clearTimeout(timer)
      controller.abort()
      setLooking(false)
    }
  }, [needsLookup, email])

  const onEmailChange = (value: string) => {
    // A new e-mail resets the organisation list (and any message about the old one).
    setState((s) => (s.email === value ? s : { email: value, orgs: null }))
  }

  const stepTwo = state.orgs !== null
  return (
    <>
      <AuthHeading title="Sign in" subtitle={stepTwo ? 'Choose your organization and enter your password.' : 'Enter your e-mail to continue.'} />
      <FormAlert>{state.formError}</FormAlert>
      <ValidatedForm method="post" validator={stepTwo ? loginValidator : emailStepValidator} noValidate={hydrated} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {stepTwo ? <input type="hidden" name="orgsFor" value={state.orgsFor ?? state.email} /> : null}
        <LoginFields state={state} hydrated={hydrated} looking={looking} redirectTo={redirectTo} passwordRef={passwordRef} onEmailChange={onEmailChange} />
      </ValidatedForm>
    </>
  )
}

function LoginFields({
  state,
  hydrated,
  looking,
  redirectTo,
  passwordRef,
  onEmailChange,
}: {
  state: LoginState
  hydrated: boolean
  looking: boolean
  redirectTo: string
  passwordRef: RefObject<HTMLInputElement>
  onEmailChange: (value: string) => void
}) {
  const id = useId()
  const emailField = useField('email')
  const orgField = useField('clientId')
  const passwordField = useField('password', { validationBehavior: VALIDATE_ON_SUBMIT })
  const emailRef = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState(state.clientId)
  useEffect(() => setPicked(state.clientId), [state.clientId])

  const options = state.orgs ?? []
  const platformOnly = options.length === 1 && options[0].client_id === null
  const value = picked && options.some((o) => choiceValue(o) === picked) ? picked : options[0] ? choiceValue(options[0]) : ''
  const selected = options.find((o) => choiceValue(o) === value)
  const changeHref = `/login?${new URLSearchParams({ email: state.email, ...(redirectTo ? { redirectTo } : {}) })}`

  return (
    <>
      <div>
        <div className="mb-1 flex items-baseline justify-between">
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email
          </label>
          {state.orgs !== null ? (
            hydrated ? (
              <button
                type="button"
                className={`text-sm ${linkClass}`}
                aria-label="Change email"
                onClick={() => {
                  emailRef.current?.focus()
                  emailRef.current?.select()
                }}
              >
                Change
              </button>
            ) : (
              <Link to={changeHref} className={`text-sm ${linkClass}`} aria-label="Change email">
                Change
              </Link>
            )
          ) : null}
        </div>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus={state.orgs === null}
          value={state.email}
          onChange={(e) => {
            onEmailChange(e.target.value)
            if (emailField.error) emailField.clearError()
          }}
          className={inputClass}
          aria-invalid={emailField.error ? true : undefined}
          aria-describedby={emailField.error ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`} error={emailField.error} />
        {looking ? (
          <p className="mt-1 text-sm text-gray-500" aria-live="polite">
            Looking up your organizations...
          </p>
        ) : null}
      </div>

      {state.orgs === null ? (
        <>
          <SubmitButton name="intent" value="email">
            Next
          </SubmitButton>
          <p className="text-center text-sm">
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
          </p>
        </>
      ) : (
        <>
          {platformOnly ? (
            <input type="hidden" name="role" value={PLATFORM_CHOICE} />
          ) : (
            <div>
              <label htmlFor={`${id}-org`} className={labelClass}>
                Organization
              </label>
              <select
                id={`${id}-org`}
                name="clientId"
                value={value}
                onChange={(e) => {
                  setPicked(e.target.value)
                  if (orgField.error) orgField.clearError()
                }}
                className={inputClass}
                aria-invalid={orgField.error ? true : undefined}
                aria-describedby={orgField.error ? `${id}-org-error` : undefined}
              >
                {options.length === 0 ? <option value="">No organization available</option> : null}
                {options.map((o) => (
                  <option key={choiceValue(o)} value={choiceValue(o)}>
                    {choiceLabel(o)}
                  </option>
                ))}
              </select>
              <input type="hidden" name="role" value={selected?.role ?? ''} />
              <FieldError id={`${id}-org-error`} error={orgField.error} />
            </div>
          )}

          <div>
            <label htmlFor={`${id}-password`} className={labelClass}>
              Password
            </label>
            <input
              {...passwordField.getInputProps<ComponentProps<'input'>>({
                id: `${id}-password`,
                type: 'password',
                autoComplete: 'current-password',
                required: true,
                // Only on a server-rendered step two: with JavaScript the list may appear while the e-mail is still being typed.
                autoFocus: !hydrated,
                className: inputClass,
                'aria-invalid': passwordField.error ? true : undefined,
                'aria-describedby': passwordField.error ? `${id}-password-error` : undefined,
              })}
              ref={passwordRef}
            />
            <FieldError id={`${id}-password-error`} error={passwordField.error} />
          </div>

          <div className="flex items-center justify-between">
            <RememberAndForgot remember={state.remember} />
          </div>

          <SubmitButton name="intent" value="login">
            Login
          </SubmitButton>
        </>
      )}
    </>
  )
}

/** The row under the password of both login forms. */
function RememberAndForgot({ remember }: { remember: boolean | undefined }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" name="remember" defaultChecked={remember} className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600" />
        Remember me
      </label>
      <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
        Forgot password?
      </Link>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Login | Draftdesk' }]
