// Payment invoices through the real SDK against the emulator (ADR 0036): the organisation's invoices
// and receipts in the spec's fields, Pay Now with the default card, and the platform's view across organisations.
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { PAYMENT_INVOICES_FAILED } from '#app/models/payment-invoices.schema'
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
  stripe = createStripeClient('sk_test_invoices', emulator.url)
  payments = paymentsService(stripe)
})

const clientApi = async () => (await import('#app/routes/api.client.payments.invoices.get')).loader
const platformApi = async () => (await import('#app/routes/api.payments.invoices.get')).loader

describe('GET /api/client/payments/invoices/get', () => {
  it("answers the spec's fields: the paid first invoice with its receipt, addressed to the owner", async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url)
    const client = await signIn(new Client(), o.owner.email, o.org.name, TEST_PASSWORD)
    const res = await client.call((await clientApi()) as never, { path: '/api/client/payments/invoices/get' })
    expect(res.status).toBe(200)
    const [invoice] = res.json.invoices
    const charge = (await stripe.charges.list({ customer: o.customer.id })).data[0]!
    expect(res.json.invoices).toHaveLength(1)
    expect(invoice).toEqual({
      _id: o.sub.latestInvoiceId,
      user: { firstName: 'Test', lastName: 'Person', email: o.owner.email },
      invoice_number: expect.any(String),
      receipt_number: null,
      amount_due: 2900,
      amount_paid: 2900,
      currency: 'usd',
      status: 'paid',
      created: expect.any(Number),
      invoice_url: expect.stringContaining(`/_emulator/invoices/${o.sub.latestInvoiceId}`),
      invoice_pdf: expect.stringContaining('/pdf'),
      receipt_url: charge.receipt_url,
    })
    expect(invoice.invoice_number).not.toBe('n/a')
  })

  it('lists the declined renewal as open; Pay Now with the default card shows the decline, then pays and unlocks', async () => {
    const o = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const client = await signIn(new Client(), o.owner.email, o.org.name, TEST_PASSWORD)
    const rows = (await client.call((await clientApi()) as never, { path: '/api/client/payments/invoices/get' })).json.invoices
    expect(rows.map((r: { status: string; amount_paid: number }) => [r.status, r.amount_paid])).toEqual([
      ['open', 0],
      ['paid', 2900],
    ])
    const open = rows[0]
    expect(open.receipt_url).toBeNull()

    const page = await import('#app/routes/_app.payments.invoices')
    const loaded = await callPage(client, page.loader as never, { path: '/payments/invoices' })
    expect(loaded.data).toMatchObject({ canPay: true, loadError: null })
    const declined = await callPage(client, page.action as never, {
      path: '/payments/invoices',
      form: { intent: 'pay', invoice_id: open._id, requestKey: 'pay-key-aaaaaaaaaaaaaa' },
    })
    expect(declined.status).toBe(402)
    expect(declined.data.error).toBe('Your card was declined.')
    expect(declined.data.requestKey).not.toBe('pay-key-aaaaaaaaaaaaaa')

    await setDecline(emulator.url, o.visa.id, 'none')
    const paid = await callPage(client, page.action as never, { path: '/payments/invoices', form: { intent: 'pay', invoice_id: open._id, requestKey: declined.data.requestKey } })
    expect(paid.status).toBe(302)
    expect((await callPage(client, page.loader as never, { path: '/payments/invoices' })).data.toast).toBe('Invoice paid successfully.')
    expect((await stripe.invoices.retrieve(open._id)).status).toBe('paid')
    expect(await organisationRow(o.org.id)).toMatchObject({ package_status: 'active', payment_due_since: null })
    // Paid now: nothing left to pay.
    const again = await callPage(client, page.action as never, { path: '/payments/invoices', form: { intent: 'pay', invoice_id: open._id, requestKey: 'pay-key-cccccccccccccc' } })
    expect(again.status).toBe(404)
  })

  it("refuses to pay another organisation's invoice, and staff without WRITE_PAYMENT_METHOD", async () => {
    const a = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const b = await subscribedOrganisation(stripe, payments, emulator.url)
    const openA = (await stripe.invoices.list({ customer: a.customer.id, status: 'open' })).data[0]!
    const page = await import('#app/routes/_app.payments.invoices')
    const ownerB = await signIn(new Client(), b.owner.email, b.org.name, TEST_PASSWORD)
    const res = await callPage(ownerB, page.action as never, { path: '/payments/invoices', form: { intent: 'pay', invoice_id: openA.id, requestKey: 'pay-key-bbbbbbbbbbbbbb' } })
    expect(res.status).toBe(404)
    expect((await stripe.invoices.retrieve(openA.id)).status).toBe('open')

    const reader = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_SUBSCRIPTION_INVOICES'] }] })
    const staff = await signIn(new Client(), reader.email, a.org.name, TEST_PASSWORD)
    // The account is locked (past due 9 days), yet the invoices stay readable to whoever may read them.
    expect((await callPage(staff, page.loader as never, { path: '/payments/invoices' })).data).toMatchObject({ canPay: false })
    expect((await callPage(staff, page.action as never, { path: '/payments/invoices', form: { intent: 'pay', invoice_id: openA.id } })).status).toBe(403)
  })

  it('an organisation without a customer has no invoices, and makes none by looking', async () => {
    const { org, owner } = await createTenant()
    const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    expect((await client.call((await clientApi()) as never, { path: '/api/client/payments/invoices/get' })).json).toMatchObject({ status: true, invoices: [] })
    // A customer Stripe forgot (the emulator restarted): still an empty list, not an error.
    const forgotten = `cus_forgotten${org.publicId}`
    await platformDb.updateTable('organisations').set({ stripe_customer_id: forgotten }).where('id', '=', org.id).execute()
    expect((await client.call((await clientApi()) as never, { path: '/api/client/payments/invoices/get' })).json).toMatchObject({ status: true, invoices: [] })
    expect((await organisationRow(org.id)).stripe_customer_id).toBe(forgotten)
  })
})

describe('GET /api/payments/invoices/get (platform)', () => {
  it('superadmin sees invoices across organisations with their client, pages with starting_after, filters by clientId', async () => {
    const a = await subscribedOrganisation(stripe, payments, emulator.url, { pastDue: true })
    const b = await subscribedOrganisation(stripe, payments, emulator.url)
    const admin = await createUser({ superadmin: true })
    const client = await signIn(new Client(), admin.email, null, TEST_PASSWORD)
    const loader = await platformApi()
    const all = await client.call(loader as never, { path: '/api/payments/invoices/get' })
    expect(all.status).toBe(200)
    const mine = all.json.invoices.filter((i: { client: { _id: string } | null }) => [a.org.publicId, b.org.publicId].includes(i.client?._id ?? ''))
    expect(mine).toHaveLength(3)
    expect(mine.find((i: { client: { _id: string } }) => i.client._id === b.org.publicId)).toMatchObject({
      client: { name: b.org.name },
      user: { email: b.owner.email },
      status: 'paid',
    })

    const onlyA = await client.call(loader as never, { path: `/api/payments/invoices/get?clientId=${a.org.publicId}` })
    expect(onlyA.json.invoices.map((i: { status: string }) => i.status)).toEqual(['open', 'paid'])
    expect(onlyA.json.hasMore).toBe(false)

    const first = await client.call(loader as never, { path: '/api/payments/invoices/get?limit=1' })
    expect(first.json.invoices).toHaveLength(1)
    expect(first.json.hasMore).toBe(true)
    const next = await client.call(loader as never, { path: `/api/payments/invoices/get?limit=1&starting_after=${first.json.invoices[0]._id}` })
    expect(next.json.invoices[0]._id).not.toBe(first.json.invoices[0]._id)

    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'starting_after=in%20valid']) {
      expect((await client.call(loader as never, { path: `/api/payments/invoices/get?${bad}` })).status, bad).toBe(400)
    }
    expect((await client.call(loader as never, { path: '/api/payments/invoices/get?clientId=nope' })).status).toBe(404)
  })

  it('is closed to organisations and to platform staff without the payments module', async () => {
    const { org, owner } = await createTenant()
    const loader = await platformApi()
    const ownerClient = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    expect((await ownerClient.call(loader as never, { path: '/api/payments/invoices/get' })).status).toBe(403)
    expect((await new Client().call(loader as never, { path: '/api/payments/invoices/get' })).status).toBe(401)
    expect(PAYMENT_INVOICES_FAILED).toBe('Something went wrong, please try again later')
  })
})
