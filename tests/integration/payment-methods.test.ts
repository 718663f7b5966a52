// /payments/methods and its JSON calls through the real SDK against the emulator (ADR 0036): the first
// card becomes the default, set default only among the organisation's own cards, card errors carry
// Stripe's message, and a card added or chosen while an invoice is open pays it and unlocks the account.
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ADD_FAILED, DEFAULT_FAILED } from '#app/models/payment-methods.schema'
import { paymentMethodActions } from '#app/models/payment-methods.server'
import { tenantOf } from '#app/models/auth-guards.server'
import { loadAuthUser } from '#app/models/account.server'
import { platformDb } from '#app/services/db.server'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { organisationRow, setDecline, subscribedOrganisation } from './billing-fixtures'
import { Client, signIn } from './helpers'
import { callPage } from './page-calls'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let stripe: Stripe
let payments: PaymentsService

beforeAll(() => {
  stripe = createStripeClient('sk_test_methods', emulator.url)
  payments = paymentsService(stripe)
})

async function ownerClient(email: string, orgName: string) {
  return signIn(new Client(), email, orgName, TEST_PASSWORD)
}

const methodsApi = async () => ({
  get: (await import('#app/routes/api.payments.methods.get')).loader,
  add: (await import('#app/routes/api.payments.methods.add')).action,
  setDefault: (await import('#app/routes/api.payments.methods.default')).action,
})

async function tenantFor(userEmail: string, clientId: number) {
  const user = await platformDb.selectFrom('users').select('id').where('email', '=', userEmail).where('client_id', '=', clientId).executeTakeFirstOrThrow()
  return tenantOf((await loadAuthUser(user.id, clientId)) as never)
}

describe('adding cards and the default', () => {
  it('makes a customer on the first card, which becomes the default; a second one only when asked', async () => {
    const { org, owner } = await createTenant()
    const client = await ownerClient(owner.email, org.name)
    const api = await methodsApi()
    expect((await client.call(api.get as never, { path: '/api/payments/methods/get' })).json).toMatchObject({ status: true, paymentMethods: [] })
    // Listing made nothing at Stripe.
    expect((await organisationRow(org.id)).stripe_customer_id).toBeNull()

    const first = await client.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_visa' } })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({
      status: true,
      message: 'Saved Successfully!',
      paymentMethod: { brand: 'visa', last4: '4242', exp_month: 12, is_default: true },
      paidInvoices: [],
    })
    const customerId = (await organisationRow(org.id)).stripe_customer_id!
    expect((await stripe.customers.retrieve(customerId)) as Stripe.Customer).toMatchObject({ metadata: { clientId: org.publicId } })

    const second = await client.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_mastercard' } })
    expect(second.json.paymentMethod).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false })
    const third = await client.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_amex', makeDefault: true } })
    expect(third.json.paymentMethod).toMatchObject({ brand: 'amex', is_default: true })

    const list = (await client.call(api.get as never, { path: '/api/payments/methods/get' })).json.paymentMethods
    expect(list).toHaveLength(3)
    expect(list.filter((m: { is_default: boolean }) => m.is_default).map((m: { brand: string }) => m.brand)).toEqual(['amex'])
    for (const m of list) expect(Object.keys(m).sort()).toEqual(['_id', 'brand', 'exp_month', 'exp_year', 'is_default', 'last4'])

    const visa = list.find((m: { brand: string }) => m.brand === 'visa')
    const changed = await client.call(api.setDefault as never, { path: '/api/payments/methods/default', body: { id: visa._id } })
    expect(changed.json).toMatchObject({ status: true, message: 'Changed Successfully!' })
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).invoice_settings.default_payment_method).toBe(visa._id)
  })

  it("refuses another organisation's card id and an unknown one with the spec's text; nothing changes", async () => {
    const a = await createTenant()
    const b = await createTenant()
    const api = await methodsApi()
    const clientA = await ownerClient(a.owner.email, a.org.name)
    const clientB = await ownerClient(b.owner.email, b.org.name)
    const cardA = (await clientA.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_visa' } })).json.paymentMethod._id
    await clientB.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_mastercard' } })
    const customerB = (await organisationRow(b.org.id)).stripe_customer_id!
    const before = ((await stripe.customers.retrieve(customerB)) as Stripe.Customer).invoice_settings.default_payment_method

    for (const id of [cardA, 'pm_does_not_exist']) {
      const res = await clientB.call(api.setDefault as never, { path: '/api/payments/methods/default', body: { id } })
      expect(res.status).toBe(404)
      expect(res.json).toMatchObject({ status: false, error: DEFAULT_FAILED })
    }
    expect(((await stripe.customers.retrieve(customerB)) as Stripe.Customer).invoice_settings.default_payment_method).toBe(before)
    // A's card is still A's only.
    expect(((await stripe.paymentMethods.retrieve(cardA)) as Stripe.PaymentMethod).customer).toBe((await organisationRow(a.org.id)).stripe_customer_id)
  })

  it('answers malformed bodies with 400 and the field message, never reaching Stripe', async () => {
    const { org, owner } = await createTenant()
    const client = await ownerClient(owner.email, org.name)
    const api = await methodsApi()
    for (const body of [{}, { data: '' }, { data: 42 }, { data: 'tok_visa' }, { data: 'pm_card_visa; drop' }, { data: ['pm_card_visa'] }]) {
      const res = await client.call(api.add as never, { path: '/api/payments/methods/add', body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json).toMatchObject({ status: false, error: 'Select a card' })
    }
    for (const body of [{}, { id: null }, { id: 'card_123' }]) {
      expect((await client.call(api.setDefault as never, { path: '/api/payments/methods/default', body })).status).toBe(400)
    }
    expect((await organisationRow(org.id)).stripe_customer_id).toBeNull()
  })

  it("shows Stripe's own message for a card error and the spec's Error 0002 for anything else", async () => {
    const { org, owner } = await createTenant()
    const t = await tenantFor(owner.email, org.id)
    const request = new Request('http://localhost/api/payments/methods/add', { method: 'POST' })
    const declining: PaymentsService = {
      ...payments,
      attachPaymentMethod: async () => {
        // What live Stripe answers when a declining card is attached.
        throw new Stripe.errors.StripeCardError({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
      },
    }
    expect(await paymentMethodActions.add(t, request, { paymentMethodId: 'pm_card_chargeDeclined', makeDefault: false }, declining, 'k1-aaaaaaaaaaaaaaaa')).toEqual({
      ok: false,
      status: 402,
      error: 'Your card was declined.',
    })
    const down: PaymentsService = { ...payments, attachPaymentMethod: async () => Promise.reject(new Stripe.errors.StripeAPIError({ message: 'boom' })) }
    expect(await paymentMethodActions.add(t, request, { paymentMethodId: 'pm_card_visa', makeDefault: false }, down, 'k2-aaaaaaaaaaaaaaaa')).toEqual({
      ok: false,
      status: 502,
      error: ADD_FAILED,
    })
    const logs = await platformDb.selectFrom('audit_logs').select(['module', 'action', 'status', 'message']).where('client_id', '=', org.id).orderBy('id').execute()
    expect(logs).toMatchObject([
      { module: 'billing', action: 'add-payment-method', status: 'failure', message: 'Card not added: Your card was declined.' },
      { module: 'billing', action: 'add-payment-method', status: 'failure', message: `Card not added: ${ADD_FAILED}` },
    ])
  })
})

describe('a past-due organisation pays with the card it adds or chooses', () => {
  it('a declining card shows the provider message and is not kept; a good one pays, becomes the default and unlocks', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const open = await stripe.invoices.list({ customer: o.customer.id, status: 'open' })
    expect(open.data).toHaveLength(1)
    const client = await ownerClient(o.owner.email, o.org.name)
    const api = await methodsApi()

    const declined = await client.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_chargeDeclined' } })
    expect(declined.status).toBe(402)
    expect(declined.json).toMatchObject({ status: false, error: 'Your card was declined.' })
    const cards = (await client.call(api.get as never, { path: '/api/payments/methods/get' })).json.paymentMethods
    expect(cards.map((c: { last4: string; is_default: boolean }) => [c.last4, c.is_default])).toEqual([['4242', true]])
    expect((await organisationRow(o.org.id)).package_status).toBe('past_due')

    const paid = await client.call(api.add as never, { path: '/api/payments/methods/add', body: { data: 'pm_card_mastercard' } })
    expect(paid.status).toBe(200)
    expect(paid.json.paymentMethod).toMatchObject({ last4: '4444', is_default: true })
    expect(paid.json.paidInvoices).toEqual([open.data[0]!.number])
    expect((await stripe.invoices.retrieve(open.data[0]!.id)).status).toBe('paid')
    const sub = await stripe.subscriptions.retrieve(o.sub.id)
    expect(sub.status).toBe('active')
    // Renewals charge the new card: the subscription's own default changed with the customer's.
    expect(sub.default_payment_method).toBe(paid.json.paymentMethod._id)
    expect(await organisationRow(o.org.id)).toMatchObject({ package_status: 'active', payment_due_since: null })
  })

  it('choosing another card as default pays the open invoice with it; a declining choice changes nothing', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const spare = await payments.attachPaymentMethod(o.customer.id, 'pm_card_mastercard', { makeDefault: false }, `spare-${o.org.publicId}`)
    await setDecline(emulator.url, spare.id, 'insufficient_funds')
    const client = await ownerClient(o.owner.email, o.org.name)
    const api = await methodsApi()
    const refused = await client.call(api.setDefault as never, { path: '/api/payments/methods/default', body: { id: spare.id } })
    expect(refused.status).toBe(402)
    expect(refused.json.error).toBe('Your card has insufficient funds.')
    expect(((await stripe.customers.retrieve(o.customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBe(o.visa.id)

    await setDecline(emulator.url, spare.id, 'none')
    const ok = await client.call(api.setDefault as never, { path: '/api/payments/methods/default', body: { id: spare.id } })
    expect(ok.status).toBe(200)
    expect(ok.json.paidInvoices).toHaveLength(1)
    expect(await organisationRow(o.org.id)).toMatchObject({ package_status: 'active', payment_due_since: null })
  })

  it('the locked owner reaches the page and its calls (how they pay)', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const client = await ownerClient(o.owner.email, o.org.name)
    const page = await import('#app/routes/_app.payments.methods')
    const loaded = await callPage(client, page.loader as never, { path: '/payments/methods' })
    expect(loaded.status).toBe(200)
    expect(loaded.data).toMatchObject({ canWrite: true, pastDue: true, card: { kind: 'test-cards' }, loadError: null })
    expect(loaded.data.methods).toHaveLength(1)
    // A page post without JavaScript: the add form, then the toast after the redirect.
    const posted = await callPage(client, page.action as never, {
      path: '/payments/methods',
      form: { intent: 'add', data: 'pm_card_visa_debit', requestKey: 'form-key-aaaaaaaaaaaa' },
    })
    expect(posted.status).toBe(302)
    expect(posted.location).toBe('/payments/methods')
    const after = await callPage(client, page.loader as never, { path: '/payments/methods' })
    expect(after.data.toast).toMatch(/^Saved Successfully! Paid invoice /)
    expect(await organisationRow(o.org.id)).toMatchObject({ package_status: 'active' })
  })
})

describe('the page', () => {
  it('keeps the choice and gives a new request key after a refusal; staff without the write permission only read', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const client = await ownerClient(o.owner.email, o.org.name)
    const page = await import('#app/routes/_app.payments.methods')
    const refused = await callPage(client, page.action as never, {
      path: '/payments/methods',
      form: { intent: 'add', data: 'pm_card_chargeDeclined', requestKey: 'form-key-bbbbbbbbbbbb' },
    })
    expect(refused.status).toBe(422)
    expect(refused.data.fieldErrors).toEqual({ _form: 'Your card was declined.' })
    expect(refused.data.repopulateFields.data).toBe('pm_card_chargeDeclined')
    expect(refused.data.repopulateFields.requestKey).not.toBe('form-key-bbbbbbbbbbbb')
    const invalid = await callPage(client, page.action as never, { path: '/payments/methods', form: { intent: 'add', data: '' } })
    expect(invalid.data.fieldErrors).toEqual({ data: 'Select a card' })
    expect((await callPage(client, page.action as never, { path: '/payments/methods', form: { intent: 'nope' } })).status).toBe(400)

    const reader = await createUser({ memberships: [{ clientId: o.org.id, role: 'user', permissions: ['READ_PAYMENT_METHOD'] }] })
    const staff = await signIn(new Client(), reader.email, o.org.name, TEST_PASSWORD)
    expect((await callPage(staff, page.loader as never, { path: '/payments/methods' })).data).toMatchObject({ canWrite: false })
    expect((await callPage(staff, page.action as never, { path: '/payments/methods', form: { intent: 'add', data: 'pm_card_visa' } })).status).toBe(403)
    expect((await callPage(staff, page.action as never, { path: '/payments/methods', form: { intent: 'default', id: o.visa.id } })).status).toBe(403)
  })
})
