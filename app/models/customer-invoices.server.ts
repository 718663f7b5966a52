// A customer's invoices on the portal (issue 25, ADR 0063): the list and one printable invoice or receipt
// of their own order invoices (never test ones), and paying an open one online: a direct charge on the
// organisation's connected account (as the checkout), then the invoice paid as the back office marks it.
// Hidden when the organisation set `hide_invoices`.
import { sql } from 'kysely'
import { noteInvoicesChanged } from './analytics-events.server'
import { chargeOnConnectedAccount, type ConnectedChargeOutcome } from './connected-charges.server'
import { deliver, notify, type Outbox } from './notifications.server'
import { type MailIds, orderMail } from './order-mail.server'
import { recordActivity } from './orders.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { portalBrand } from './platform-domains.server'
import type { PortalCustomer } from './portal-auth.server'
import { storefrontPayments } from './storefront-payments.server'
import { PAYMENT_UNAVAILABLE } from './portal-checkout.server'
import { scoped, scopedAs, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'

export const INVOICE_NOT_FOUND = 'Invoice not found'
export const INVOICE_ALREADY_PAID = 'This invoice has already been paid.'
export const INVOICE_NOT_PAYABLE = 'This invoice cannot be paid online.'
export const INVOICE_PAYMENT_REQUIRED = 'Please choose a card to pay with.'
export const INVOICES_NOT_TAKING_PAYMENTS = 'Online payment is not available right now. Please contact us to pay this invoice.'
export const IMPERSONATION_PAYMENT_REFUSED = 'You are signed in as someone else: only the customer can pay invoices, in their own session.'

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/

export type MyInvoiceSummary = {
  _id: string
  number: string
  status: 'unpaid' | 'paid' | 'refunded'
  totalCents: number
  currency: string
  createdAt: string
  paidAt: string | null
  description: string
}

export type MyInvoice = MyInvoiceSummary & {
  items: { description: string; quantity: number; priceCents: number; orderId: string | null }[]
  refundCents: number | null
  refundedAt: string | null
  customer: { name: string; email: string }
  seller: { name: string; email: string | null; phone: string | null; address: string | null }
}

/** Are invoices shown in this organisation's portal (`hide_invoices` off)? */
export async function invoicesShown(t: TenantScope): Promise<boolean> {
  return !(await getWebsiteSettings(t)).hide_invoices
}

/**
 * The customer's own invoices: not test invoices, and not an invoice of a test order (the customer
 * does not see those orders either). Hidden orders' invoices stay: the customer paid them.
 */
function ownInvoices(t: TenantScope, customerId: number) {
  return scopedAs(t, 'order_invoices', 'i')
    .where('i.customer_id', '=', customerId)
    .where('i.is_test', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_invoice_items as ti')
            .innerJoin('orders as tord', (j) => scopedJoin(t, 'tord', j.onRef('tord.id', '=', 'ti.order_id')))
            .select('ti.id')
            .whereRef('ti.invoice_id', '=', 'i.id')
            .where('ti.client_id', '=', t.clientId)
            .where('tord.test_order', '=', true),
        ),
      ),
    )
}

/** The number printed on an invoice: the organisation's invoice id, upper-case (ids are random, not sequential). */
const invoiceNumber = (publicId: string) => publicId.toUpperCase()

async function itemsOf(t: TenantScope, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return []
  return scopedAs(t, 'order_invoice_items', 'ii')
    .leftJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'ii.order_id')))
    .select(['ii.invoice_id', 'ii.package_name', 'ii.quantity', 'ii.price_cents', 'o.public_id as order_public_id', 'o.hide_order'])
    .where('ii.invoice_id', 'in', invoiceIds)
    .orderBy('ii.id')
    .execute()
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** The customer's invoices, newest first (at most 200). */
export async function listMyInvoices(t: TenantScope, customerId: number): Promise<MyInvoiceSummary[]> {
  const rows = await ownInvoices(t, customerId)
    .select(['i.id', 'i.public_id', 'i.status', 'i.price_cents', 'i.currency', 'i.created_at', 'i.paid_at'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(200)
    .execute()
  const items = await itemsOf(
    t,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    _id: r.public_id,
    number: invoiceNumber(r.public_id),
    status: r.status,
    totalCents: Number(r.price_cents),
    currency: r.currency,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    description: [...new Set(items.filter((i) => i.invoice_id === r.id).map((i) => i.package_name))].join(', '),
  }))
}

/** One of the customer's invoices with what a printed invoice shows; null for anyone else's, a test one, or no invoice. */
export async function getMyInvoice(t: TenantScope, customer: Pick<PortalCustomer, 'id' | 'firstName' | 'lastName' | 'email'>, publicId: string): Promise<MyInvoice | null> {
  if (!PUBLIC_ID.test(publicId)) return null
  const row = await ownInvoices(t, customer.id)
    .select(['i.id', 'i.public_id', 'i.status', 'i.price_cents', 'i.currency', 'i.created_at', 'i.paid_at', 'i.refund_amount_cents', 'i.refunded_at'])
    .where('i.public_id', '=', publicId)
    .executeTakeFirst()
  if (!row) return null
  const [items, brand, contact] = await Promise.all([
    itemsOf(t, [row.id]),
    portalBrand(t.clientId),
    scoped(t, 'website_customizations').select(['company_phone', 'company_email', 'company_address']).executeTakeFirst(),
  ])
  return {
    _id: row.public_id,
    number: invoiceNumber(row.public_id),
    status: row.status,
    totalCents: Number(row.price_cents),
    currency: row.currency,
    createdAt: iso(row.created_at)!,
    paidAt: iso(row.paid_at),
    description: [...new Set(items.map((i) => i.package_name))].join(', '),
    // A hidden order's id is not a page the customer can open: the line shows without it.
    items: items.map((i) => ({ description: i.package_name, quantity: Number(i.quantity), priceCents: Number(i.price_cents), orderId: i.hide_order ? null : i.order_public_id })),
    refundCents: row.refund_amount_cents === null ? null : Number(row.refund_amount_cents),
    refundedAt: iso(row.refunded_at),
    customer: { name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email },
    seller: {
      name: brand?.companyName ?? '',
      email: contact?.company_email || null,
      phone: contact?.company_phone || null,
      address: contact?.company_address || null,
    },
  }
}

export type PayInvoiceResult = { ok: true; invoiceId: string; alreadyPaid: boolean } | { ok: false; status: number; error: string; field?: 'payment' }

/**
 * Pays an open invoice of the customer's own: the invoice row stays locked from the check to the
 * record, so a second attempt (a double click, two tabs) waits and then finds it paid: one charge.
 * The charge's idempotency key and a look for an earlier succeeded charge of this invoice cover a crash
 * between the charge and the record.
 */
export async function payMyInvoice(t: TenantScope, customer: PortalCustomer, publicId: string, paymentMethodId: string): Promise<PayInvoiceResult> {
  // A log-in-as session may look around the portal, never spend the customer's money.
  if (customer.impersonatorUserId) return { ok: false, status: 403, error: IMPERSONATION_PAYMENT_REFUSED }
  if (!(await invoicesShown(t)) || !PUBLIC_ID.test(publicId)) return { ok: false, status: 404, error: INVOICE_NOT_FOUND }
  const own = await ownInvoices(t, customer.id).select(['i.id', 'i.status', 'i.price_cents']).where('i.public_id', '=', publicId).executeTakeFirst()
  if (!own) return { ok: false, status: 404, error: INVOICE_NOT_FOUND }
  if (own.status === 'paid') return { ok: true, invoiceId: publicId, alreadyPaid: true }
  if (own.status !== 'unpaid') return { ok: false, status: 409, error: INVOICE_NOT_PAYABLE }
  if (Number(own.price_cents) > 0 && !paymentMethodId) return { ok: false, status: 400, error: INVOICE_PAYMENT_REQUIRED, field: 'payment' }
  const payments = await storefrontPayments(t)
  if (!payments.takingOrders) return { ok: false, status: 409, error: INVOICES_NOT_TAKING_PAYMENTS }
  let outbox: Outbox = []
  let mails: MailIds = []
  const outcome = await tenantTransaction(t, async (tx): Promise<PayInvoiceResult> => {
    const invoice = await scoped(tx, 'order_invoices').select(['id', 'status', 'price_cents', 'currency']).where('id', '=', own.id).forUpdate().executeTakeFirst()
    if (!invoice) return { ok: false, status: 404, error: INVOICE_NOT_FOUND }
    if (invoice.status === 'paid') return { ok: true, invoiceId: publicId, alreadyPaid: true }
    if (invoice.status !== 'unpaid') return { ok: false, status: 409, error: INVOICE_NOT_PAYABLE }
    const cents = Number(invoice.price_cents)
    if (cents > 0 && !paymentMethodId) return { ok: false, status: 400, error: INVOICE_PAYMENT_REQUIRED, field: 'payment' }
    const charge =
      cents > 0
        ? await chargeInvoice(tx, { publicId, cents, currency: invoice.currency, accountId: payments.accountId, paymentMethodId })
        : { ok: true as const, paymentIntentId: null }
    if (!charge.ok) return charge
    await scopedUpdate(tx, 'order_invoices')
      .set({
        status: 'paid',
        paid_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
        updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
        provider_payment_id: charge.paymentIntentId,
        provider_paid_cents: charge.paymentIntentId ? cents : 0,
        provider_account_id: charge.paymentIntentId ? payments.accountId : null,
      })
      .where('id', '=', invoice.id)
      .where('status', '=', 'unpaid')
      .execute()
    const orders = await scoped(tx, 'order_invoice_items').select('order_id').where('invoice_id', '=', invoice.id).execute()
    await recordActivity(tx, [...new Set(orders.map((o) => o.order_id).filter((id): id is number => id !== null))], customer.id, 'Invoice paid online by the customer')
    outbox = await notify.invoicePaid(tx, { invoiceId: invoice.id, actorUserId: customer.id })
    // The e-mail commits with the payment (ADR 0109); its job id is the invoice's, so it is sent once however often this runs.
    mails = await orderMail.invoicePaid(tx, publicId)
    return { ok: true, invoiceId: publicId, alreadyPaid: false }
  })
  if (!outcome.ok || outcome.alreadyPaid) return outcome
  await kickOutbox(mails)
  await noteInvoicesChanged(t, [publicId])
  await deliver(outbox)
  return outcome
}

async function chargeInvoice(
  t: TenantScope,
  input: { publicId: string; cents: number; currency: string; accountId: string; paymentMethodId: string },
): Promise<ConnectedChargeOutcome> {
  return chargeOnConnectedAccount(t, {
    accountId: input.accountId,
    paymentMethodId: input.paymentMethodId,
    amountCents: input.cents,
    currency: input.currency,
    description: `Invoice ${invoiceNumber(input.publicId)}`,
    metadata: { orderInvoiceId: input.publicId, organisation: String(t.clientId) },
    keyPrefix: 'portal-invoice',
    keyParts: [input.publicId, input.paymentMethodId, input.cents, input.currency],
    findEarlier: true,
    messages: { unavailable: PAYMENT_UNAVAILABLE, notTaking: INVOICES_NOT_TAKING_PAYMENTS },
    what: `charge of invoice ${input.publicId}`,
  })
}
