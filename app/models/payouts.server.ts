// Payouts (ADR 0037): the organisation's Stripe Connect account, its onboarding state (the spec's
// payout profile) and the Stripe-hosted onboarding link. The account id lives on the organisation.
import { NO_PAYOUT_PROFILE, type PayoutProfile, payoutState, type PayoutState } from '#app/rules/payouts'
import { platformDb } from '#app/services/db.server'
import type { PaymentsService } from '#app/services/stripe.server'
import { publicUrl } from '#app/services/public-url.server'
import type { Tenant } from './auth-guards.server'
import { audited } from './audit.server'
import { isMissingResource } from './billing-account.server'
import { billingOrganisation, type BillingOrganisation } from './client-billing.server'

export const PAYOUTS_FAILED = 'Please Try Again Later!'

/** Where Stripe sends the owner back: from configuration (PUBLIC_URL), never from the request's headers. */
export function onboardingUrls() {
  return { returnUrl: publicUrl('/payments/payouts?setup=returned'), refreshUrl: publicUrl('/payments/payouts?setup=expired') }
}

export type PayoutStatus = { profile: PayoutProfile; state: PayoutState }

/** The payout profile; an account Stripe no longer knows reads as not started (setup makes a new one). */
export async function payoutStatus(t: Pick<Tenant, 'clientId'>, payments: PaymentsService): Promise<PayoutStatus> {
  const org = await billingOrganisation(t)
  if (!org.stripe_connect_account_id) return { profile: NO_PAYOUT_PROFILE, state: 'not_started' }
  try {
    const account = await payments.getConnectAccountProfile(org.stripe_connect_account_id)
    const profile: PayoutProfile = {
      payouts_enabled: account.payouts_enabled,
      charges_enabled: account.charges_enabled,
      details_submitted: account.details_submitted,
      requirements: { currently_due: account.requirements.currently_due },
    }
    return { profile, state: payoutState(profile) }
  } catch (error) {
    if (isMissingResource(error)) return { profile: NO_PAYOUT_PROFILE, state: 'not_started' }
    throw error
  }
}

/**
 * The organisation's Connect account: the stored one while Stripe has it, else a new one. The
 * idempotency key names the account it replaces, so two setups at once make one account, and the
 * row keeps whichever was stored first.
 */
async function connectAccountId(t: Tenant, org: BillingOrganisation, payments: PaymentsService): Promise<string> {
  if (org.stripe_connect_account_id) {
    try {
      return (await payments.getConnectAccountProfile(org.stripe_connect_account_id)).id
    } catch (error) {
      if (!isMissingResource(error)) throw error
    }
  }
  const account = await payments.createConnectAccount(
    { email: t.user.email, metadata: { clientId: org.public_id } },
    `payouts-account-${org.public_id}-${org.stripe_connect_account_id ?? 'first'}`,
  )
  let update = platformDb.updateTable('organisations').set({ stripe_connect_account_id: account.id }).where('id', '=', org.id)
  update = org.stripe_connect_account_id ? update.where('stripe_connect_account_id', '=', org.stripe_connect_account_id) : update.where('stripe_connect_account_id', 'is', null)
  await update.execute()
  return (await billingOrganisation(t)).stripe_connect_account_id ?? account.id
}

export type SetupOutcome = { ok: true; url: string } | { ok: false; status: 502; error: string }

export const payoutActions = {
  status: payoutStatus,

  /** A fresh onboarding link (links are single-use and expire within minutes, so one per click). */
  async initiateSetup(t: Tenant, request: Request, payments: PaymentsService): Promise<SetupOutcome> {
    const org = await billingOrganisation(t)
    let result: SetupOutcome
    let accountId: string | null = null
    try {
      accountId = await connectAccountId(t, org, payments)
      result = { ok: true, url: await payments.createOnboardingLink(accountId, onboardingUrls()) }
    } catch (error) {
      console.error('[billing] payouts setup failed at the payment provider', error instanceof Error ? error.message : error)
      result = { ok: false, status: 502, error: PAYOUTS_FAILED }
    }
    return audited(
      t,
      request,
      { module: 'billing', action: 'payouts-setup', message: result.ok ? `Opened payouts onboarding for account ${accountId}` : `Payouts onboarding not opened: ${result.error}` },
      result,
    )
  },
}
