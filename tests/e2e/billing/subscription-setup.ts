// Organisations with a real subscription in the emulator the test server talks to (STRIPE_API_URL),
// set up the way checkout leaves them: a customer with a default card, a plan, the row synced.
import type { Page } from '@playwright/test'
import Stripe from 'stripe'
import { syncSubscription } from '#app/models/platform-billing.server'
import { platformDb } from '#app/services/db.server'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createPlan, type PlanOptions, subscribeOrganisation } from '#tests/factories/subscriptions'

export const DAY = 86_400

function emulatorUrl() {
  if (!process.env.STRIPE_API_URL) throw new Error('Set STRIPE_API_URL to the emulator the test server uses')
  return process.env.STRIPE_API_URL
}

export const stripe = () => createStripeClient('sk_test_subscription_e2e', emulatorUrl())
export const payments = () => paymentsService(stripe())

export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

/** A dialog by its title: Headless UI's dialog with JavaScript, the page section it becomes without. */
export function panel(page: Page, name: string) {
  return page.getByRole('dialog', { name, exact: true }).or(page.getByRole('region', { name, exact: true }))
}

/** Waits for hydration when JavaScript runs, so clicks reach React's handlers. */
export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.locator('[data-hydrated]').first().waitFor()
}

/** A new organisation with its owner; subscribed to a new plan unless `plan` is null. */
export async function subscribedOrganisation(opts: { status?: string; trialDays?: number; card?: string | null; plan?: PlanOptions | null; testClock?: boolean } = {}) {
  const org = await createOrganisation({ packageStatus: opts.status ?? 'active', trialEndsAt: opts.trialDays ? new Date(Date.now() + (opts.trialDays + 0.5) * DAY * 1000) : null })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const plan = opts.plan === null ? undefined : await createPlan({ name: unique('Plan'), ...opts.plan })
  const clock = opts.testClock ? await stripe().testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) }) : null
  const { sub, card, customer } = await subscribeOrganisation(payments(), org, { plan, trialDays: opts.trialDays, card: opts.card, testClockId: clock?.id })
  return { org, owner, plan, sub, card, customer, clock }
}

/** Moves a test clock forward; what falls due runs at the emulator, then the row follows (as the webhook would). */
export async function advanceClock(clockId: string, seconds: number, org: { id: number; publicId: string }) {
  const client: Stripe = stripe()
  const clock = await client.testHelpers.testClocks.retrieve(clockId)
  await client.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + seconds })
  const row = await platformDb.selectFrom('organisations').select('stripe_subscription_id').where('id', '=', org.id).executeTakeFirstOrThrow()
  await syncSubscription({ subscriptionId: row.stripe_subscription_id!, customerId: null, metadataClientId: org.publicId }, payments())
}

export async function setDecline(paymentMethodId: string, code: 'generic_decline' | 'none') {
  const res = await fetch(`${emulatorUrl()}/_emulator/payment_methods/${paymentMethodId}/decline`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decline_code=${code}`,
  })
  if (!res.ok) throw new Error(`decline ${code}: ${res.status}`)
}
