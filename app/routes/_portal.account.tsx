// /account on an organisation's host: the signed-in customer's profile (names, e-mail confirmed by a link, password
// with the current one) and sign-out (ADR 0059). A log-in-as session gets no credential forms (ADR 13); the shell shows its banner.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/form-parts'
import { ChangePasswordForm, PASSWORD_FORM, PROFILE_FORM, ProfileDetailsForm } from '#app/components/profile/profile-forms'
import { IMPERSONATION_CREDENTIALS_REFUSED } from '#app/models/auth-guards.server'
import { customerPendingEmail, customerProfileActions, EMAIL_REASSIGN_DISABLED, emailReassignDisabled } from '#app/models/customer-accounts.server'
import { type PortalCustomer, requireCustomer } from '#app/models/portal-auth.server'
import { EMAIL_CONFIRMATION_SENT, PASSWORD_CHANGED, passwordValidator, PROFILE_UPDATED, profileValidator } from '#app/models/profile.schema'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { forbidden } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { getSession } from '#app/services/session.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { requirePortalHost } from '#app/models/portal-auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  requirePortalHost(request)
  const customer = await requireCustomer(request)
  const { toast, headers } = await takeToast(request)
  return data(
    {
      profile: { firstName: customer.firstName, lastName: customer.lastName, email: customer.email },
      pendingEmail: await customerPendingEmail(customer),
      // The shell shows the log-in-as banner; here the credential forms say why they are closed.
      credentialsLocked: customer.impersonatorUserId ? IMPERSONATION_CREDENTIALS_REFUSED : null,
      emailFixed: (await emailReassignDisabled(customer.clientId)) ? EMAIL_REASSIGN_DISABLED : null,
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  requirePortalHost(request)
  const customer = await requireCustomer(request)
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'profile':
      return updateProfile(request, customer, form)
    case 'password':
      return changePassword(request, customer, form)
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

/** Credentials change only in a session the customer opened themselves (ADR 13). */
function refuseBorrowedSession(customer: PortalCustomer) {
  if (customer.impersonatorUserId) throw forbidden(IMPERSONATION_CREDENTIALS_REFUSED)
}

async function updateProfile(request: Request, customer: PortalCustomer, form: FormData) {
  const result = await profileValidator.validate(form)
  const { currentPassword: _secret, ...kept } = result.submittedData
  if (result.error) return validationError({ ...result.error, formId: PROFILE_FORM }, kept)
  const asked = result.data.email !== customer.email
  if (asked) refuseBorrowedSession(customer)
  const outcome = await customerProfileActions.update(customer, request, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field]: outcome.error }, formId: PROFILE_FORM }, kept)
  return redirectWithToast(request, '/account', asked ? `${PROFILE_UPDATED}. ${EMAIL_CONFIRMATION_SENT} ${result.data.email}.` : PROFILE_UPDATED)
}

async function changePassword(request: Request, customer: PortalCustomer, form: FormData) {
  refuseBorrowedSession(customer)
  const result = await passwordValidator.validate(form)
  // Secrets are never sent back into the form.
  if (result.error) return validationError({ ...result.error, formId: PASSWORD_FORM }, {})
  const session = await getSession(request)
  const outcome = await customerProfileActions.changePassword(customer, request, result.data, session.id || undefined)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field]: outcome.error }, formId: PASSWORD_FORM }, {})
  return redirectWithToast(request, '/account', PASSWORD_CHANGED)
}

export default function AccountRoute() {
  const { profile, pendingEmail, credentialsLocked, emailFixed, toast } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">My account</h1>
      <SuccessAlert>{toast}</SuccessAlert>
      <p>
        <Link to="/my-orders" className="font-medium text-brand-700 hover:underline">
          My orders
        </Link>
      </p>
      <Card aria-label="Account details">
        <dl className="divide-y divide-gray-100 text-sm">
          <div className="grid grid-cols-3 gap-4 py-3">
            <dt className="font-medium text-gray-500">Name</dt>
            <dd className="col-span-2 text-gray-900">{`${profile.firstName} ${profile.lastName}`.trim()}</dd>
          </div>
          <div className="grid grid-cols-3 gap-4 py-3">
            <dt className="font-medium text-gray-500">Email</dt>
            <dd className="col-span-2 text-gray-900">
              {profile.email}
              {pendingEmail ? <span className="block text-xs text-amber-700">pending confirmation for {pendingEmail}</span> : null}
            </dd>
          </div>
        </dl>
      </Card>
      <ProfileDetailsForm defaults={profile} locked={credentialsLocked} emailFixed={emailFixed} />
      <ChangePasswordForm locked={credentialsLocked} />
      <Form method="post" action="/logout">
        <button type="submit" className={buttonClass('secondary')}>
          Sign out
        </button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'My account' }]
