// The contributor's own earnings and figures (issue 26, ADR 0068): their orders' amounts paid to them with
// paid, owed and upcoming totals per month, and their own contributors-analytics figures. Only orders whose
// writer is the signed-in contributor; never what the customer paid. Staff record a payment here too.
import { sql } from 'kysely'
import { centsToAmount } from '#app/rules/money'
import { earningMonth, earningStatus, earningTotals, type EarningOrder, type EarningTotals } from '#app/rules/earnings'
import { isCompletedOrder } from '#app/rules/order-assignment'
import { scopedJoin, scopedUpdate } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import type { Tenant } from './auth-guards.server'
import { audited } from './audit.server'
import type { Contributor } from './contributor-orders.server'
import { chatResponseTime, orderQuality } from './contributors-analytics.server'
import { dashboardContext } from './dashboard.server'
import { findOrder, ordersQuery, recordActivity } from './orders.server'

/** A contributor's earnings cover at most this many of their orders (newest first); far beyond any real workload. */
export const EARNINGS_ORDER_CAP = 5000

export const PAYMENT_ORDER_NOT_FOUND = 'Order not found'
export const NO_CONTRIBUTOR = 'This order has no contributor to pay'
export const NO_AMOUNT = 'Set the amount paid to the contributor first'
export const OWN_PAYMENT = "You can't record a payment to yourself"
export const PAYMENT_RECORDED = 'Payment to the contributor recorded'
export const PAYMENT_UNRECORDED = 'Payment to the contributor removed'

const units = (cents: number) => centsToAmount(cents)
const totalsJson = (t: EarningTotals) => ({
  currency: t.currency,
  total: units(t.totalCents),
  paid: units(t.paidCents),
  owed: units(t.owedCents),
  upcoming: units(t.upcomingCents),
  orders: t.orders,
})

/** The contributor's own orders as earnings (test orders left out): the columns that concern their pay only. */
async function earningRows(t: Contributor) {
  return ordersQuery(t)
    .select([
      'o.public_id',
      'o.package_name',
      'o.currency',
      'o.amount_paid_to_writer_cents',
      'o.status_percentage',
      'o.marked_as_complete',
      'o.completed_at',
      'o.due_date',
      'o.created_at',
      'o.writer_paid_at',
    ])
    .where('o.writer_id', '=', t.user.id)
    .where('o.test_order', '=', false)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(EARNINGS_ORDER_CAP)
    .execute()
}

export type EarningsJson = Awaited<ReturnType<typeof contributorEarnings>>

/** GET /api/writer/earnings and /work/earnings: per order `amountPaidToWriter`, totals overall and per month. */
export async function contributorEarnings(t: Contributor, now = new Date()) {
  const [rows, { timeZone }] = await Promise.all([earningRows(t), dashboardContext(t, now)])
  const facts = rows.map((r) => {
    const fact: EarningOrder = {
      amountCents: r.amount_paid_to_writer_cents === null ? null : Number(r.amount_paid_to_writer_cents),
      currency: r.currency,
      completed: isCompletedOrder({ statusPercentage: Number(r.status_percentage), markedAsComplete: !!r.marked_as_complete }),
      paidAt: r.writer_paid_at ? new Date(r.writer_paid_at) : null,
      completedAt: r.completed_at ? new Date(r.completed_at) : null,
      dueDate: r.due_date ? new Date(r.due_date) : null,
      createdAt: new Date(r.created_at),
    }
    return { row: r, fact }
  })
  const { totals, months } = earningTotals(
    timeZone,
    facts.map((f) => f.fact),
  )
  return {
    timeZone,
    orders: facts.map(({ row, fact }) => ({
      _id: row.public_id,
      productName: row.package_name,
      amountPaidToWriter: fact.amountCents === null ? null : units(fact.amountCents),
      currency: fact.currency,
      status: earningStatus(fact),
      month: earningMonth(timeZone, fact),
      paidAt: fact.paidAt?.toISOString() ?? null,
      completedAt: fact.completedAt?.toISOString() ?? null,
      dueDate: fact.dueDate?.toISOString() ?? null,
    })),
    totals: totals.map(totalsJson),
    months: months.map((m) => ({ month: m.month, ...totalsJson(m) })),
  }
}

export type OwnFigures = {
  rating: number | null
  ratedOrders: number
  chatResponseTimeInDays: number | null
  replies: number
  firstDraftResponseTimeInDays: number | null
  finalDeliveryResponseTimeInDays: number | null
  deliveredOrders: number
}

/**
 * The contributors-analytics figures (ADR 0047) of the signed-in contributor alone: the selection is their
 * own id, taken from the session, never from input (an empty selection would mean everyone).
 */
export async function ownFigures(t: Contributor, now = new Date()): Promise<OwnFigures> {
  const self = [t.user.publicId]
  const [quality, chat] = await Promise.all([orderQuality(t, self, now), chatResponseTime(t, self, now)])
  const mine = <R extends { _id: string }>(rows: R[]) => rows.find((r) => r._id === t.user.publicId)
  const rating = mine(quality.rating)
  const firstDraft = mine(quality.firstDraft)
  const finalDelivery = mine(quality.finalDelivery)
  const replies = mine(chat)
  return {
    rating: rating?.avgRatingWithTwoDecimal ?? null,
    ratedOrders: rating?.ratedOrders ?? 0,
    chatResponseTimeInDays: replies?.avgChatTimeInDays ?? null,
    replies: replies?.replies ?? 0,
    firstDraftResponseTimeInDays: firstDraft?.avgFirstDraftResTimeInDays ?? null,
    finalDeliveryResponseTimeInDays: finalDelivery?.avgFinalDocResTimeInDays ?? null,
    deliveredOrders: finalDelivery?.orders ?? 0,
  }
}

// ---------------------------------------------------------------------------------------------
// Staff record that the contributor was paid (no money moves)

export type PaymentOutcome = { ok: true; orderId: string; paid: boolean; paidAt: string | null; changed: boolean } | { ok: false; status: 400 | 403 | 404; error: string }

const fail = (status: 400 | 403 | 404, error: string): PaymentOutcome => ({ ok: false, status, error })

async function recordWriterPayment(t: Tenant, orderPublicId: string, paid: boolean): Promise<PaymentOutcome> {
  const order = await findOrder(t, orderPublicId)
  if (!order) return fail(404, PAYMENT_ORDER_NOT_FOUND)
  if (order.writer_id === null) return fail(400, NO_CONTRIBUTOR)
  // Nobody settles their own pay, whatever else they may change on the order.
  if (order.writer_id === t.user.id) return fail(403, OWN_PAYMENT)
  if (paid && order.amount_paid_to_writer_cents === null) return fail(400, NO_AMOUNT)
  const paidAt = paid ? new Date() : null
  const changed = await tenantTransaction(t, async (tx) => {
    const result = await scopedUpdate(tx, 'orders')
      .set({ writer_paid_at: paidAt, writer_paid_by: paid ? t.user.id : null, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .where('id', '=', order.id)
      .where('writer_paid_at', paid ? 'is' : 'is not', null)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return false
    const who = `${t.user.firstName} ${t.user.lastName}`.trim()
    await recordActivity(tx, order.id, t.user.id, paid ? `Contributor recorded as paid by ${who}` : `Contributor payment record removed by ${who}`)
    return true
  })
  const current = changed ? paidAt : ((await ordersQuery(t).select('o.writer_paid_at').where('o.id', '=', order.id).executeTakeFirst())?.writer_paid_at ?? null)
  return { ok: true, orderId: order.public_id, paid, paidAt: current ? new Date(current).toISOString() : null, changed }
}

/** The settings dialog and the JSON call record (or take back) a payment through here: validated, written, audited. */
export const writerPaymentActions = {
  async record(t: Tenant, request: Request, orderPublicId: string, paid: boolean) {
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'writer-paid',
        message: (r: PaymentOutcome) =>
          r.ok ? `${paid ? 'Recorded' : 'Removed'} the payment to the contributor of order ${orderPublicId}` : `Payment not recorded on ${orderPublicId}: ${r.error}`,
      },
      await recordWriterPayment(t, orderPublicId, paid),
    )
  },
}

export type WriterPayment = { hasWriter: boolean; hasAmount: boolean; paidAt: string | null; paidBy: string | null }

/** The payment record the settings dialog shows beside the amount: who recorded it and when. */
export async function writerPaymentOf(t: Tenant, orderPublicId: string): Promise<WriterPayment | null> {
  const row = await ordersQuery(t)
    .leftJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'o.writer_paid_by')))
    .select(['o.writer_id', 'o.amount_paid_to_writer_cents', 'o.writer_paid_at', 'u.first_name', 'u.last_name'])
    .where('o.public_id', '=', orderPublicId)
    .executeTakeFirst()
  if (!row) return null
  return {
    hasWriter: row.writer_id !== null,
    hasAmount: row.amount_paid_to_writer_cents !== null,
    paidAt: row.writer_paid_at ? new Date(row.writer_paid_at).toISOString() : null,
    paidBy: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
  }
}
