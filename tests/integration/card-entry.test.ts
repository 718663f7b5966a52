// How cards are entered when STRIPE_PUBLISHABLE_KEY is set (ADR 0035, 0039): Stripe Elements on
// /payments/methods as at checkout (one component, one rule), with the test cards kept as the
// no-JavaScript fallback while billing runs in test mode; the payment method Elements makes is added.
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { seedId } from '#db/seed/ids'
import { TEST_PASSWORD } from '#tests/factories/index'
import { subscribedOrganisation } from './billing-fixtures'
import { Client, signIn } from './helpers'
import { callPage } from './page-calls'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile({ STRIPE_PUBLISHABLE_KEY: 'pk_test_card_entry' }))
let stripe: Stripe
let payments: PaymentsService

beforeAll(() => {
  stripe = createStripeClient('sk_test_card_entry', emulator.url)
  payments = paymentsService(stripe)
})

describe('card entry with a publishable key', () => {
  it('/payments/methods offers Stripe Elements, as checkout does, with the test cards behind it in test mode', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url)
    const client = await signIn(new Client(), o.owner.email, o.org.name, TEST_PASSWORD)
    const methods = await import('#app/routes/_app.payments.methods')
    const loaded = await callPage(client, methods.loader as never, { path: '/payments/methods' })
    expect(loaded.status).toBe(200)
    expect(loaded.data.card).toMatchObject({ kind: 'elements', publishableKey: 'pk_test_card_entry' })
    expect(loaded.data.card.testCards.map((c: { value: string }) => c.value)).toContain('pm_card_visa')

    const checkoutPage = await import('#app/routes/checkout')
    const checkout = await callPage(new Client(), checkoutPage.loader as never, { path: `/checkout?item=${seedId('client-package:team')}` })
    expect(checkout.data.plan.card).toEqual(loaded.data.card)
  })

  it('the payment method Elements made in the browser is what the add form sends, and it is added', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url)
    const client = await signIn(new Client(), o.owner.email, o.org.name, TEST_PASSWORD)
    // What stripe.createPaymentMethod({type: 'card', card}) gives the page: an unattached pm_ id.
    const made = await stripe.paymentMethods.create({ type: 'card' })
    const methods = await import('#app/routes/_app.payments.methods')
    const posted = await callPage(client, methods.action as never, {
      path: '/payments/methods',
      form: { intent: 'add', data: made.id, makeDefault: 'on', requestKey: 'elements-key-aaaaaaaaaaaa' },
    })
    expect(posted.status).toBe(302)
    const cards = await payments.listPaymentMethods(o.customer.id)
    expect(cards.find((c) => c.id === made.id)).toMatchObject({ isDefault: true })
  })
})
