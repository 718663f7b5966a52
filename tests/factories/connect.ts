// Connected accounts (Stripe Connect) for tests: made through the payments service at the test run's
// Stripe emulator, with the onboarding state set through its control endpoint, and optionally stored
// as an organisation's payout account, as /payments/payouts leaves it.
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { paymentsService } from '#app/services/stripe.server'

/** Sets an account's onboarding flags at the emulator (the account holder finishing Stripe's forms). */
export async function setConnectState(accountId: string, state: { chargesEnabled: boolean; payoutsEnabled?: boolean; detailsSubmitted?: boolean }) {
  const apiUrl = env().STRIPE_API_URL
  if (!apiUrl) throw new Error('setConnectState needs the Stripe emulator (STRIPE_API_URL)')
  const body = new URLSearchParams({
    charges_enabled: String(state.chargesEnabled),
    payouts_enabled: String(state.payoutsEnabled ?? state.chargesEnabled),
    details_submitted: String(state.detailsSubmitted ?? true),
  })
  const res = await fetch(`${apiUrl}/_emulator/accounts/${accountId}`, { method: 'POST', body })
  if (!res.ok) throw new Error(`the emulator refused the account state: ${res.status} ${await res.text()}`)
}

/** A new Express account; onboarded (charges and payouts enabled) unless `chargesEnabled` is false. */
export async function createConnectedAccount(opts: { chargesEnabled?: boolean; clientId?: number } = {}) {
  const account = await paymentsService().createConnectAccount({ email: `seller-${newPublicId()}@example.test` }, `test-connect-${newPublicId()}`)
  await setConnectState(account.id, { chargesEnabled: opts.chargesEnabled ?? true })
  if (opts.clientId !== undefined) {
    await platformDb.updateTable('organisations').set({ stripe_connect_account_id: account.id }).where('id', '=', opts.clientId).execute()
  }
  return account.id
}
