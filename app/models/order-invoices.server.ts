// Order invoices: the list with its items and customers, invoices for new orders, Mark As Paid and Refund.
import { type Selectable, sql } from 'kysely'
import { noteInvoicesChanged } from './analytics-events.server'
import { audited } from './audit.server'
import { deliver, notify, type Outbox } from './notifications.server'
import { orderMail } from './order-mail.server'
import { type OrderRow, peopleById, recordActivity } from './orders.server'
import { INVOICE_NOT_FOUND, MARK_PAID_REFUSED, REFUND_REFUSED } from './order-invoices.schema'
import { centsToAmount, formatMoney } from '#app/rules/money'
import { canMarkPaid, canRefund, checkRefundAmount, refundBounds } from '#app/rules/refund'
import type { InvoiceState } from '#app/rules/order-payment'
import { newPublicId } from '#app/services/crypto.server'
import { refundPayment } from '#app/services/payments.server'
import { scopedAs, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import type { Database } from '#db/types'

const INVOICE_COLUMNS = [
  'i.id',
  'i.public_id',
  'i.customer_id',
  'i.type',
  'i.currency',
  'i.status',
  'i.price_cents',
  'i.provider_paid_cents',
  'i.provider_payment_id',
  'i.provider_account_id',
  'i.refund_amount_cents',
  'i.is_test',
  'i.paid_at',
  'i.refunded_at',
  'i.created_at',
] as const

type Unaliased<C> = C extends `i.${infer Column}` ? Column : never
export type InvoiceRow = Pick<Selectable<Database['order_invoices']>, Unaliased<(typeof INVOICE_COLUMNS)[number]>>

function invoicesQuery(t: TenantScope) {
  return scopedAs(t, 'order_invoices', 'i')
}

/** The rules in app/rules/refund.ts read this shape. */
export function invoiceState(row: Pick<InvoiceRow, 'status' | 'provider_paid_cents'>) {
  return { status: row.status, providerPaidCents: Number(row.provider_paid_cents) }
}

export async function findInvoice(t: TenantScope, publicId: string, opts: { forUpdate?: boolean } = {}): Promise<InvoiceRow | undefined> {
  let query = invoicesQuery(t).select(INVOICE_COLUMNS).where('i.public_id', '=', publicId)
  if (opts.forUpdate) query = query.forUpdate()
  return (await query.executeTakeFirst()) as InvoiceRow | undefined
}

/** The items of the invoices (with their order's and product's public ids), in order. */
function itemRows(t: TenantScope, invoiceIds: readonly number[]) {
  return scopedAs(t, 'order_invoice_items', 'ii')
    .leftJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'ii.order_id')))
    .leftJoin('products as p', (j) => scopedJoin(t, 'p', j.onRef('p.id', '=', 'o.product_id')))
    .select(['ii.invoice_id', 'ii.package_name', 'ii.quantity', 'ii.price_cents', 'ii.order_id', 'o.public_id as order_public_id', 'p.public_id as product_public_id'])
    .where('ii.invoice_id', 'in', [...invoiceIds])
    .orderBy('ii.id')
    .execute()
}

type ItemRow = Awaited<ReturnType<typeof itemRows>>[number]

async function itemsOf(t: TenantScope, invoiceIds: readonly number[]): Promise<Map<number, ItemRow[]>> {
  const byInvoice = new Map<number, ItemRow[]>()
  if (invoiceIds.length === 0) return byInvoice
  for (const r of await itemRows(t, invoiceIds)) byInvoice.set(r.invoice_id, [...(byInvoice.get(r.invoice_id) ?? []), r])
  return byInvoice
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/**
 * The spec's Order invoice (back-office section 3), amounts in currency units. `providerPaidPrice`
 * is what the payment provider collected: the refund ceiling (ADR 0022).
 */
export function toInvoiceJson(row: InvoiceRow, items: ItemRow[], customer: { _id: string; firstName: string; lastName: string; email: string } | undefined) {
  return {
    _id: row.public_id,
    type: row.type,
    packageName: [...new Set(items.map((i) => i.package_name))].join(', '),
    packages: items.map((i) => ({ _id: i.product_public_id, packageName: i.package_name, quantity: Number(i.quantity), packagePrice: centsToAmount(Number(i.price_cents)) })),
    invoiceCurrency: row.currency,
    customer: customer ? { _id: customer._id, firstName: customer.firstName, lastName: customer.lastName, email: customer.email } : null,
    status: row.status,
    price: centsToAmount(Number(row.price_cents)),
    refund_amount: row.refund_amount_cents === null ? null : centsToAmount(Number(row.refund_amount_cents)),
    providerPaidPrice: centsToAmount(Number(row.provider_paid_cents)),
    isTest: !!row.is_test,
    ordersIds: items.map((i) => i.order_public_id).filter((id): id is string => id !== null),
    paidAt: iso(row.paid_at),
    refundedAt: iso(row.refunded_at),
    createdAt: iso(row.created_at)!,
  }
}
export type InvoiceJson = ReturnType<typeof toInvoiceJson>

/** A page of invoices as JSON: items and customers in one query each, whatever the page size. */
export async function invoicesToJson(t: TenantScope, rows: InvoiceRow[]): Promise<InvoiceJson[]> {
  const [items, people] = await Promise.all([
    itemsOf(
      t,
      rows.map((r) => r.id),
    ),
    peopleById(
      t,
      rows.map((r) => r.customer_id),
    ),
  ])
  return rows.map((r) => toInvoiceJson(r, items.get(r.id) ?? [], people.get(r.customer_id)))
}

/** What a row of the Order Invoices table shows: the page carries this, not the whole API invoice. */
export function toInvoiceRowView(i: InvoiceJson) {
  return {
    _id: i._id,
    multi: i.type === 'multiOrders',
    packageName: i.packageName,
    packages: i.type === 'multiOrders' ? i.packages.map((p) => ({ packageName: p.packageName, quantity: p.quantity, packagePrice: p.packagePrice })) : [],
    currency: i.invoiceCurrency,
    customerName: i.customer ? `${i.customer.firstName} ${i.customer.lastName}`.trim() : '-',
    customerEmail: i.customer?.email ?? '',
    status: i.status,
    price: i.price,
    refundAmount: i.refund_amount,
    providerPaidPrice: i.providerPaidPrice,
    isTest: i.isTest,
    createdAt: i.createdAt,
  }
}
export type InvoiceRowView = ReturnType<typeof toInvoiceRowView>

export async function getInvoiceJson(t: TenantScope, publicId: string): Promise<InvoiceJson | null> {
  const row = await findInvoice(t, publicId)
  return row ? ((await invoicesToJson(t, [row]))[0] ?? null) : null
}

/** Newest first; the (client_id, created_at, id) index serves the order, the status index the unpaid count. */
export async function listInvoices(t: TenantScope, page: { start: number; size: number }) {
  const [rows, total, unpaid] = await Promise.all([
    invoicesQuery(t).select(INVOICE_COLUMNS).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(page.size).offset(page.start).execute(),
    invoicesQuery(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    invoicesQuery(t)
      .where('i.status', '=', 'unpaid')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { invoices: await invoicesToJson(t, rows as InvoiceRow[]), count: Number(total.n), unPaidInvoices: Number(unpaid.n) }
}

/**
 * One invoice for these orders of one customer (type multiOrders for several), one item per order.
 * `paid` invoices here were paid outside the provider, so nothing of them can be refunded.
 */
export async function createInvoiceForOrders(t: TenantScope, input: { customerId: number; currency: string; status: 'unpaid' | 'paid'; orders: OrderRow[] }): Promise<InvoiceRow> {
  const publicId = newPublicId()
  const now = new Date()
  const result = await scopedInsert(t, 'order_invoices', {
    public_id: publicId,
    customer_id: input.customerId,
    type: input.orders.length > 1 ? 'multiOrders' : 'single',
    currency: input.currency,
    status: input.status,
    price_cents: input.orders.reduce((sum, o) => sum + Number(o.price_cents), 0),
    provider_paid_cents: 0,
    is_test: input.orders.every((o) => !!o.test_order) && input.orders.length > 0,
    paid_at: input.status === 'paid' ? now : null,
    created_at: now,
    updated_at: now,
  }).executeTakeFirstOrThrow()
  const invoiceId = Number(result.insertId)
  await scopedInsert(
    t,
    'order_invoice_items',
    input.orders.map((o) => ({ invoice_id: invoiceId, order_id: o.id, package_name: o.package_name, quantity: 1, price_cents: Number(o.price_cents) })),
  ).execute()
  return (await findInvoice(t, publicId))!
}

async function orderIdsOf(t: TenantScope, invoiceId: number): Promise<number[]> {
  const rows = await scopedAs(t, 'order_invoice_items', 'ii').select('ii.order_id').where('ii.invoice_id', '=', invoiceId).execute()
  return [...new Set(rows.map((r) => r.order_id).filter((id): id is number => id !== null))]
}

/** `field: 'amount'` marks a refusal of the amount itself (shown under the field), not of the invoice's state. */
export type InvoiceActionResult = { ok: true; invoice: InvoiceJson } | { ok: false; status: number; error: string; field?: 'amount' }

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/** unpaid → paid, under a row lock so two clicks cannot both pass the check. */
export async function markInvoicePaid(t: Actor, publicId: string): Promise<InvoiceActionResult> {
  let outbox: Outbox = []
  const outcome = await tenantTransaction(t, async (tx) => {
    const invoice = await findInvoice(tx, publicId, { forUpdate: true })
    if (!invoice) return { ok: false, status: 404, error: INVOICE_NOT_FOUND } as const
    if (!canMarkPaid(invoiceState(invoice))) return { ok: false, status: 400, error: MARK_PAID_REFUSED } as const
    await scopedUpdate(tx, 'order_invoices')
      .set({ status: 'paid', paid_at: sql<Date>`CURRENT_TIMESTAMP(3)`, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .where('id', '=', invoice.id)
      .execute()
    await recordActivity(tx, await orderIdsOf(tx, invoice.id), t.user.id, 'Invoice marked as paid')
    outbox = await notify.invoicePaid(tx, { invoiceId: invoice.id, actorUserId: t.user.id })
    // The customer's e-mail commits with the payment (ADR 0109).
    return { ok: true, mails: await orderMail.invoicePaid(tx, publicId) } as const
  })
  if (!outcome.ok) return outcome
  await kickOutbox(outcome.mails)
  await noteInvoicesChanged(t, [publicId])
  await deliver(outbox)
  return { ok: true, invoice: (await getInvoiceJson(t, publicId))! }
}

/**
 * paid (by the provider) → refunded, irreversibly: the amount (currency units; default the
 * provider-paid price) goes through the payments adapter, then the invoice records it. The row
 * stays locked meanwhile, so a second refund waits and then finds it refunded.
 */
export async function refundInvoice(t: Actor, publicId: string, amount: number | undefined): Promise<InvoiceActionResult> {
  const outcome = await tenantTransaction(t, async (tx) => {
    const invoice = await findInvoice(tx, publicId, { forUpdate: true })
    if (!invoice) return { ok: false, status: 404, error: INVOICE_NOT_FOUND } as const
    const state = invoiceState(invoice)
    if (!canRefund(state)) return { ok: false, status: 400, error: REFUND_REFUSED } as const
    const check = checkRefundAmount(state, amount ?? refundBounds(state.providerPaidCents).default)
    if (!check.ok) return { ok: false, status: 400, error: check.error, field: 'amount' } as const
    const refund = await refundPayment({
      clientId: t.clientId,
      invoiceId: invoice.public_id,
      providerPaymentId: invoice.provider_payment_id,
      // A portal checkout's payment is a direct charge on the organisation's connected account.
      providerAccountId: invoice.provider_account_id,
      amountCents: check.cents,
      idempotencyKey: `refund-${invoice.public_id}`,
    })
    // The provider refused: nothing changed there, so nothing changes here (ADR 0022, 0046).
    if (!refund.ok) return { ok: false, status: refund.status, error: refund.error, ...(refund.field ? { field: refund.field } : {}) } as const
    // What the provider paid back (an earlier, unrecorded attempt's amount when one is found).
    const cents = refund.amountCents
    await scopedUpdate(tx, 'order_invoices')
      .set({
        status: 'refunded',
        refund_amount_cents: cents,
        provider_refund_id: refund.providerRefundId,
        refunded_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
        updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
      })
      .where('id', '=', invoice.id)
      .execute()
    const note = refund.recordedOnly ? ' (recorded only: a demo payment that never went through the payment provider)' : ''
    await recordActivity(tx, await orderIdsOf(tx, invoice.id), t.user.id, `Invoice refunded: ${formatMoney(cents / 100, invoice.currency)}${note}`)
    return { ok: true } as const
  })
  if (!outcome.ok) return outcome
  await noteInvoicesChanged(t, [publicId])
  return { ok: true, invoice: (await getInvoiceJson(t, publicId))! }
}

/** The audit rows of a member refused the permission for Mark As Paid or Refund (requireAuditedPermission). */
export const MARK_PAID_AUDIT = { module: 'orders', action: 'invoice_mark_paid', message: 'Invoice not marked as paid' } as const
export const REFUND_AUDIT = { module: 'orders', action: 'invoice_refund', message: 'Invoice not refunded' } as const

/** The invoice actions as routes call them: each writes its audit row, success or refusal. */
export const invoiceActions = {
  list: listInvoices,
  async markPaid(t: Actor, request: Request, publicId: string) {
    const result = await markInvoicePaid(t, publicId)
    return audited(
      t,
      request,
      { module: 'orders', action: 'invoice_mark_paid', message: result.ok ? `Marked invoice ${publicId} as paid` : `Invoice ${publicId} not marked as paid: ${result.error}` },
      result,
    )
  },
  async refund(t: Actor, request: Request, publicId: string, amount: number | undefined) {
    const result = await refundInvoice(t, publicId, amount)
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'invoice_refund',
        message: result.ok
          ? `Refunded ${formatMoney(result.invoice.refund_amount ?? 0, result.invoice.invoiceCurrency)} of invoice ${publicId}`
          : `Invoice ${publicId} not refunded: ${result.error}`,
      },
      result,
    )
  },
}

/** The invoices one order of this organisation is on, as the payment-state rule reads them (issue 27). */
export async function invoiceStatesOfOrder(t: TenantScope, orderPublicId: string): Promise<InvoiceState[]> {
  const rows = await invoicesQuery(t)
    .innerJoin('order_invoice_items as ii', (j) => scopedJoin(t, 'ii', j.onRef('ii.invoice_id', '=', 'i.id')))
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'ii.order_id')))
    .select(['i.id', 'i.status', 'i.price_cents', 'i.refund_amount_cents'])
    .where('o.public_id', '=', orderPublicId)
    .groupBy(['i.id', 'i.status', 'i.price_cents', 'i.refund_amount_cents'])
    .execute()
  return rows.map((r) => ({ status: r.status, priceCents: Number(r.price_cents), refundCents: r.refund_amount_cents === null ? null : Number(r.refund_amount_cents) }))
}
