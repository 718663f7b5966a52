// Billing set-ups shared by the client billing tests: an organisation with a Stripe customer and a
// subscription, and one whose renewal was declined (past due, an open invoice), through the real SDK.
import Stripe from 'stripe'
import { platformDb } from '#app/services/db.server'
import type { PaymentsService } from '#app/services/stripe.server'
import { createTenant } from '#tests/factories/index'

let sequence = 0
export const uniqueKey = (what: string) => `${what}-${++sequence}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

/** Makes an emulated card start (or stop) declining, through the emulator's control endpoint. */
export async function setDecline(emulatorUrl: string, paymentMethodId: string, code: 'generic_decline' | 'insufficient_funds' | 'none') {
  const res = await fetch(`${emulatorUrl}/_emulator/payment_methods/${paymentMethodId}/decline`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decline_code=${code}`,
  })
  if (res.status !== 200) throw new Error(`decline ${paymentMethodId}: ${res.status} ${await res.text()}`)
}

/**
 * A new organisation subscribed on its own test clock with a Visa as default card; `pastDue` then
 * makes that card decline and moves the clock past the renewal, leaving an open invoice, and marks
 * the organisation past due for 9 days (locked), as the webhook and the daily pass would.
 */
export async function subscribedOrganisation(stripe: Stripe, payments: PaymentsService, emulatorUrl: string, opts: { pastDue?: boolean; name?: string } = {}) {
  const tenant = await createTenant(opts.name)
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) })
  const price = await payments.createPlanPrice({ productName: 'Team', unitAmountCents: 2900, currency: 'usd', interval: 'month' }, uniqueKey('plan'))
  const customer = await payments.createCustomer(
    { email: tenant.owner.email, name: tenant.org.name, metadata: { clientId: tenant.org.publicId }, testClockId: clock.id },
    uniqueKey('customer'),
  )
  const visa = await payments.attachPaymentMethod(customer.id, 'pm_card_visa', { makeDefault: true }, uniqueKey('pm'))
  const sub = await payments.createSubscription(
    { customerId: customer.id, priceId: price.priceId, quantity: 1, paymentMethodId: visa.id, metadata: { clientId: tenant.org.publicId } },
    uniqueKey('sub'),
  )
  await platformDb
    .updateTable('organisations')
    .set({ stripe_customer_id: customer.id, stripe_subscription_id: sub.id, subscription_status: sub.status })
    .where('id', '=', tenant.org.id)
    .execute()
  if (opts.pastDue) {
    await setDecline(emulatorUrl, visa.id, 'generic_decline')
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: sub.currentPeriodEnd + 3600 })
    await platformDb
      .updateTable('organisations')
      .set({ package_status: 'past_due', subscription_status: 'past_due', payment_due_since: new Date(Date.now() - 9 * 86_400_000) })
      .where('id', '=', tenant.org.id)
      .execute()
  }
  return { ...tenant, clock, customer, visa, sub, price }
}

export async function organisationRow(id: number) {
  return platformDb
    .selectFrom('organisations')
    .select(['package_status', 'payment_due_since', 'stripe_customer_id', 'stripe_subscription_id', 'stripe_connect_account_id', 'subscription_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
