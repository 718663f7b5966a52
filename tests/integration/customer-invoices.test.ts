// A customer's invoices on the portal (issue 25, ADR 0063) against the real database, the Stripe emulator
// and the mail pipeline: only their own non-test invoices; an open one paid online is one direct charge on
// the organisation's account however many attempts race, recorded as the back office records a payment,
// the staff notified and invoice_payment_received sent once; a log-in-as session and hide_invoices pay nothing.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getMyInvoice, IMPERSONATION_PAYMENT_REFUSED, INVOICE_NOT_FOUND, listMyInvoices, payMyInvoice } from '#app/models/customer-invoices.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { loadPortalCustomer, type PortalCustomer } from '#app/models/portal-auth.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { createStripeClient } from '#app/services/stripe.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { createTenant } from '#tests/factories/index'
import { activityOf, createInvoice, invoiceRow } from '#tests/factories/order-invoices'
import { mailsTo, waitForMail } from '#tests/mailbox'
import { queuesDrained, startMailPipeline } from './helpers'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let stripe: Stripe
let stop: () => Promise<void>

beforeAll(async () => {
  stripe = createStripeClient('sk_test_portal_invoices', emulator.url)
  stop = await startMailPipeline()
})
afterAll(async () => {
  await stop()
  await closeQueues()
})

async function portalCustomer(userId: number, clientId: number, impersonatorUserId: number | null = null): Promise<PortalCustomer> {
  const c = await loadPortalCustomer(userId, clientId)
  if (!c) throw new Error('no such customer')
  return { ...c, impersonatorUserId }
}

async function world() {
  const { org, owner } = await createTenant()
  const t = tenantForJob(org.id)
  const accountId = await createConnectedAccount({ clientId: org.id })
  const data = await createCustomerOrders(org.id)
  const row = (id: number) => platformDb.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const open = await createInvoice(org.id, [await row(data.orders.writing.id)], { status: 'unpaid' })
  const paid = await createInvoice(org.id, [await row(data.orders.done.id)], { status: 'paid', createdAt: new Date(Date.now() - 86_400_000) })
  const testInvoice = await createInvoice(org.id, [await row(data.orders.brief.id)], { status: 'unpaid', isTest: true })
  const ofTestOrder = await createInvoice(org.id, [await row(data.orders.testOrder.id)], { status: 'unpaid' })
  const others = await createInvoice(org.id, [await row(data.orders.othersOrder.id)], { status: 'unpaid' })
  return {
    org,
    t,
    accountId,
    data,
    ownerId: owner.accounts.get(org.id)!.id,
    customer: await portalCustomer(data.customer.userId, org.id),
    invoices: { open, paid, testInvoice, ofTestOrder, others },
  }
}

describe('the customer’s invoices', () => {
  it('lists only their own, non-test invoices, newest first; another customer or organisation gets none of them', async () => {
    const w = await world()
    const list = await listMyInvoices(w.t, w.customer.id)
    expect(list.map((i) => i._id)).toEqual([w.invoices.open.publicId, w.invoices.paid.publicId])
    expect(list[0]).toMatchObject({ status: 'unpaid', currency: 'usd' })
    for (const id of [w.invoices.testInvoice.publicId, w.invoices.ofTestOrder.publicId, w.invoices.others.publicId, 'nope']) {
      expect(await getMyInvoice(w.t, w.customer, id)).toBeNull()
    }
    const b = await world()
    expect(await getMyInvoice(b.t, b.customer, w.invoices.open.publicId)).toBeNull()
    expect(await listMyInvoices(b.t, w.customer.id)).toEqual([])
    const shown = await getMyInvoice(w.t, w.customer, w.invoices.open.publicId)
    expect(shown).toMatchObject({ number: w.invoices.open.publicId.toUpperCase(), customer: { name: 'Olive Owner' } })
    expect(shown!.items[0]).toMatchObject({ orderId: w.data.orders.writing.public_id, quantity: 1 })
  })
})

describe('paying an open invoice', () => {
  it('charges once on the connected account even when two attempts race; recorded, notified and mailed once', async () => {
    const w = await world()
    const id = w.invoices.open.publicId
    const [first, second] = await Promise.all([payMyInvoice(w.t, w.customer, id, 'pm_card_visa'), payMyInvoice(w.t, w.customer, id, 'pm_card_visa')])
    expect([first, second].every((r) => r.ok)).toBe(true)
    expect([first, second].filter((r) => r.ok && !r.alreadyPaid)).toHaveLength(1)
    const paidCharges = (await stripe.charges.list({}, { stripeAccount: w.accountId })).data.filter((ch) => ch.paid)
    expect(paidCharges).toHaveLength(1)
    const row = await invoiceRow(id)
    expect(row).toMatchObject({ status: 'paid', provider_account_id: w.accountId, provider_paid_cents: row.price_cents })
    expect(row.provider_payment_id).toBe(paidCharges[0]!.payment_intent)
    expect(row.paid_at).not.toBeNull()
    expect(await activityOf(w.data.orders.writing.id)).toContain('Invoice paid online by the customer')
    const staff = await platformDb.selectFrom('notifications').select(['user_id', 'kind']).where('client_id', '=', w.org.id).where('kind', '=', 'invoice_paid').execute()
    expect(staff.map((n) => n.user_id)).toContain(w.ownerId)
    // A third attempt: already paid, nothing charged.
    expect(await payMyInvoice(w.t, w.customer, id, 'pm_card_visa')).toMatchObject({ ok: true, alreadyPaid: true })
    await waitForMail(w.data.customer.email, /Payment received/)
    await queuesDrained()
    expect((await mailsTo(w.data.customer.email)).filter((m) => /Payment received/.test(m.subject))).toHaveLength(1)
    expect((await stripe.charges.list({}, { stripeAccount: w.accountId })).data.filter((ch) => ch.paid)).toHaveLength(1)
  })

  it('a declined card leaves the invoice open', async () => {
    const w = await world()
    const result = await payMyInvoice(w.t, w.customer, w.invoices.open.publicId, 'pm_card_chargeDeclined')
    expect(result).toMatchObject({ ok: false, status: 402, field: 'payment' })
    expect(await invoiceRow(w.invoices.open.publicId)).toMatchObject({ status: 'unpaid', provider_payment_id: null })
  })

  it("refuses a log-in-as session (403), another customer's invoice, a test invoice (404) and hide_invoices (404)", async () => {
    const w = await world()
    const id = w.invoices.open.publicId
    expect(await payMyInvoice(w.t, await portalCustomer(w.data.customer.userId, w.org.id, w.ownerId), id, 'pm_card_visa')).toEqual({
      ok: false,
      status: 403,
      error: IMPERSONATION_PAYMENT_REFUSED,
    })
    expect(await payMyInvoice(w.t, await portalCustomer(w.data.other.userId, w.org.id), id, 'pm_card_visa')).toMatchObject({ ok: false, status: 404, error: INVOICE_NOT_FOUND })
    expect(await payMyInvoice(w.t, w.customer, w.invoices.testInvoice.publicId, 'pm_card_visa')).toMatchObject({ ok: false, status: 404 })
    expect(await payMyInvoice(w.t, w.customer, w.invoices.others.publicId, 'pm_card_visa')).toMatchObject({ ok: false, status: 404 })
    await saveWebsiteSettings(w.t, { hide_invoices: true })
    expect(await payMyInvoice(w.t, w.customer, id, 'pm_card_visa')).toMatchObject({ ok: false, status: 404 })
    expect(await invoiceRow(id)).toMatchObject({ status: 'unpaid' })
    expect((await stripe.charges.list({}, { stripeAccount: w.accountId })).data).toHaveLength(0)
  })
})
