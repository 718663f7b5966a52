// A customer's own account in the portal (ADR 0059): signing up (the checkout's account step), and the profile's
// names, e-mail and password through the same profile actions as staff, for the customer's realm only.
import { tenantForJob } from '#app/services/db.server'
import type { TenantScope } from '#db/tenant'
import { normalizeEmail } from './account.server'
import { recordAudit } from './audit.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { ACCOUNT_EXISTS, portalSignUpSchema, type PortalSignUpInput } from './customer-accounts.schema'
import { customerActor } from './customer-sign-in.server'
import { createMember } from './people.server'
import type { PortalCustomer } from './portal-auth.server'
import { type Person, pendingEmailChange, profileActions } from './profile.server'
import type { PasswordChangeInput, ProfileInput } from './profile.schema'

/** The portal API's customer (`GET /api/portal/me`, the sign-in call). */
export function customerJson(customer: Pick<PortalCustomer, 'publicId' | 'firstName' | 'lastName' | 'email'>) {
  return { _id: customer.publicId, firstName: customer.firstName, lastName: customer.lastName, email: customer.email }
}

export type PortalSignUpOutcome =
  { ok: true; userId: number; publicId: string } | { ok: false; field: 'firstName' | 'lastName' | 'email' | 'password'; error: string; accountExists?: true }

/**
 * A new customer account of this organisation (its realm, ADR 0011) with the password the customer chose.
 * An address that already has an account here (customer or staff) answers ACCOUNT_EXISTS on `email`, with
 * `accountExists`, so the caller can offer the sign-in instead; the account is never touched.
 */
export async function createPortalCustomer(t: TenantScope, input: PortalSignUpInput, opts: { ip?: string } = {}): Promise<PortalSignUpOutcome> {
  const parsed = portalSignUpSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, field: issue.path[0] as 'firstName' | 'lastName' | 'email' | 'password', error: issue.message }
  }
  const created = await createMember(t, { ...parsed.data, role: 'customer', permissions: [] })
  if (!created.ok) return { ok: false, field: 'email', error: ACCOUNT_EXISTS, accountExists: true }
  await recordAudit({
    clientId: t.clientId,
    ...customerActor({ id: created.userId, firstName: parsed.data.firstName, lastName: parsed.data.lastName }),
    module: 'customers',
    action: 'create',
    status: 'success',
    ip: opts.ip ?? null,
    message: `Customer ${parsed.data.email} created their account in the portal`,
  })
  return { ok: true, userId: created.userId, publicId: created.publicId }
}

async function personOf(customer: PortalCustomer): Promise<Person> {
  const org = await tenantForJob(customer.clientId).db.selectFrom('organisations').select('name').where('id', '=', customer.clientId).executeTakeFirst()
  return {
    id: customer.id,
    clientId: customer.clientId,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    role: 'customer',
    organisationName: org?.name ?? null,
  }
}

/**
 * The profile of /account. Routes refuse credential changes (e-mail, password) in a log-in-as session
 * before calling these (ADR 13); names stay editable there.
 */
export const customerProfileActions = {
  async update(customer: PortalCustomer, request: Request, input: ProfileInput) {
    // The organisation keeps each customer on the address they bought with (issue 25, ADR 0063).
    if (normalizeEmail(input.email) !== normalizeEmail(customer.email) && (await emailReassignDisabled(customer.clientId))) {
      return { ok: false as const, field: 'email' as const, error: EMAIL_REASSIGN_DISABLED }
    }
    return profileActions.update(await personOf(customer), request, input)
  },
  async changePassword(customer: PortalCustomer, request: Request, input: PasswordChangeInput, keepSessionToken: string | undefined) {
    return profileActions.changePassword(await personOf(customer), request, input, keepSessionToken)
  },
}

export const EMAIL_REASSIGN_DISABLED = 'Your e-mail address cannot be changed here. Please contact us if it needs to change.'

/** `disable_customer_email_reassign`: customers of this organisation keep their e-mail address. */
export async function emailReassignDisabled(clientId: number): Promise<boolean> {
  return (await getWebsiteSettings(tenantForJob(clientId))).disable_customer_email_reassign
}

export function customerPendingEmail(customer: Pick<PortalCustomer, 'id'>): Promise<string | null> {
  return pendingEmailChange(customer)
}
