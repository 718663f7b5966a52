// Create Order (back-office /orders/create and POST /api/client/orders/create): the order, its invoice by the toggle rule, activity and audit.
import { noteAnalyticsChange } from './analytics-events.server'
import { audited } from './audit.server'
import { createInvoiceForOrders, type InvoiceJson, invoicesToJson } from './order-invoices.server'
import { orderMail } from './order-mail.server'
import { type OrderJson, ordersToJson, placeOrder, recordActivity } from './orders.server'
import type { OrderCreateInput } from './order-create.schema'
import { invoicePlan } from '#app/rules/create-order'
import { DEFAULT_CURRENCY } from '#app/rules/money'
import { scoped, scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'

export const CUSTOMER_NOT_FOUND = 'Customer not found'
export const CUSTOMER_ARCHIVED = 'This customer is archived'
export const PRODUCT_NOT_FOUND = 'Product not found'
export const PRODUCT_NOT_ACTIVE = 'This product is not active'

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string; currencyType?: string | null } }

export type CreateOrderResult = { ok: true; order: OrderJson; invoice: InvoiceJson | null } | { ok: false; status: number; error: string; field?: 'customer_id' | 'package_id' }

/** The customer by public id: another organisation's (or nobody's) is a 404, an archived one a 400. */
async function orderCustomer(t: TenantScope, publicId: string) {
  const row = await scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
    .select(['u.id', 'u.first_name', 'u.last_name', 'm.archived'])
    .where('u.public_id', '=', publicId)
    .where('m.role', '=', 'customer')
    .executeTakeFirst()
  if (!row) return { ok: false, status: 404, error: CUSTOMER_NOT_FOUND, field: 'customer_id' } as const
  if (row.archived) return { ok: false, status: 400, error: CUSTOMER_ARCHIVED, field: 'customer_id' } as const
  return { ok: true, id: row.id, name: `${row.first_name} ${row.last_name}`.trim() } as const
}

/** The product by public id: only an active, non-archived product of this organisation can be sold. */
async function orderProduct(t: TenantScope, publicId: string) {
  const row = await scoped(t, 'products').select(['id', 'name', 'active', 'archived']).where('public_id', '=', publicId).executeTakeFirst()
  if (!row) return { ok: false, status: 404, error: PRODUCT_NOT_FOUND, field: 'package_id' } as const
  if (!row.active || row.archived) return { ok: false, status: 400, error: PRODUCT_NOT_ACTIVE, field: 'package_id' } as const
  return { ok: true, id: row.id, name: row.name } as const
}

/**
 * Places the order (snapshotting the product's workflows), then the invoice the toggles ask for,
 * in the organisation's currency, all in one transaction: either everything exists or nothing does.
 */
export async function createOrder(t: Actor, input: OrderCreateInput): Promise<CreateOrderResult> {
  const customer = await orderCustomer(t, input.customer_id)
  if (!customer.ok) return customer
  const product = await orderProduct(t, input.package_id)
  if (!product.ok) return product
  const plan = invoicePlan(input)
  const currency = t.user.currencyType || DEFAULT_CURRENCY
  const created = await tenantTransaction(t, async (tx) => {
    const placed = await placeOrder(tx, {
      customerUserId: customer.id,
      productId: product.id,
      priceCents: input.price === undefined ? undefined : Math.round(input.price * 100),
      currency,
    })
    if (!placed.ok) return placed
    await recordActivity(tx, placed.order.id, t.user.id, 'Order created')
    const invoice = plan === 'none' ? null : await createInvoiceForOrders(tx, { customerId: customer.id, currency, status: plan, orders: [placed.order] })
    if (invoice) await recordActivity(tx, placed.order.id, t.user.id, plan === 'paid' ? 'Invoice created and marked as paid' : 'Invoice created')
    // The customer's e-mails commit with the order (ADR 0109).
    return { ok: true, order: placed.order, invoice, mails: await orderMail.orderCreated(tx, placed.order, invoice) } as const
  })
  if (!created.ok) return created
  await kickOutbox(created.mails)
  await noteAnalyticsChange(t, 'order', [created.order.id])
  if (created.invoice) await noteAnalyticsChange(t, 'invoice', [created.invoice.id])
  const [order] = await ordersToJson(t, [created.order])
  const [invoice] = created.invoice ? await invoicesToJson(t, [created.invoice]) : [null]
  return { ok: true, order: order!, invoice: invoice ?? null }
}

/** The mutations as routes call them: each writes its audit row, success or refusal. */
export const orderCreateActions = {
  async create(t: Actor, request: Request, input: OrderCreateInput) {
    const result = await createOrder(t, input)
    const invoiceNote = result.ok ? (result.invoice ? `, ${result.invoice.status} invoice ${result.invoice._id}` : ', no invoice') : ''
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'create',
        message: result.ok
          ? `Created order ${result.order._id} of "${result.order.package.packageName}" for ${result.order.customer}${invoiceNote}`
          : `Order not created: ${result.error}`,
      },
      result,
    )
  },
}
