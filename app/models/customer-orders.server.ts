// A customer's own orders in the portal (issue 25, ADR 0060): the "My orders" list and one order's timeline,
// team, agreement and downloadables, shared by the pages and /api/portal/orders. Every query names the customer:
// another customer's order, a test order or a hidden one reads as absent.
import { orderTimeline, type TimelineModule, waitingOn, type WaitingOn, customerFacingName } from '#app/rules/order-timeline'
import { projectStatus, type ProjectStatus } from '#app/rules/project-status'
import { scoped, scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import { membersQuery } from './people.server'
import { type CustomerDraft, draftsForCustomer, type FinalDocument, finalDocumentsOf } from './customer-drafts.server'
import { ordersQuery } from './orders.server'

/** The list shows this many of the newest orders; a customer with more is told so (paging can come later). */
export const MY_ORDERS_LIMIT = 100

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/

export type MyOrderSummary = {
  _id: string
  productName: string
  status: ProjectStatus
  dueDate: string | null
  waitingOn: WaitingOn
  placedAt: string
}

export type TeamMember = { role: 'Writer' | 'Reviewer'; name: string }

export type MyOrder = MyOrderSummary & {
  modules: TimelineModule[]
  team: TeamMember[]
  hasAgreement: boolean
  /** The product's files the customer may download (from the order page). */
  downloadables: { _id: string; title: string }[]
  /** The drafts the customer may see, oldest first, and the final documents (ADR 0062). */
  drafts: CustomerDraft[]
  finalDocuments: FinalDocument[]
}

/** This customer's orders a customer may see: never test orders or orders the team hid. */
function ownOrders(t: TenantScope, customerId: number) {
  return ordersQuery(t).where('o.customer_id', '=', customerId).where('o.test_order', '=', false).where('o.hide_order', '=', false)
}

const ORDER_FIELDS = ['o.id', 'o.public_id', 'o.package_name', 'o.services', 'o.status_percentage', 'o.due_date', 'o.marked_as_complete', 'o.created_at'] as const

async function completedTasks(t: TenantScope, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, { serviceId: string; taskId: string }[]>()
  const rows = await scoped(t, 'order_tasks').select(['order_id', 'service_id', 'task_id']).where('order_id', 'in', orderIds).execute()
  const byOrder = new Map<number, { serviceId: string; taskId: string }[]>()
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), { serviceId: r.service_id, taskId: r.task_id }])
  return byOrder
}

type OrderFields = {
  public_id: string
  package_name: string
  services: Parameters<typeof orderTimeline>[0]
  status_percentage: number
  due_date: Date | null
  marked_as_complete: boolean | number
  created_at: Date
}

function summary(row: OrderFields, modules: TimelineModule[], now: Date): MyOrderSummary {
  const complete = !!row.marked_as_complete
  return {
    _id: row.public_id,
    productName: row.package_name,
    status: projectStatus({ statusPercentage: complete ? 100 : Number(row.status_percentage), dueDate: row.due_date }, now),
    dueDate: row.due_date ? new Date(row.due_date).toISOString() : null,
    waitingOn: waitingOn(modules),
    placedAt: new Date(row.created_at).toISOString(),
  }
}

/** The customer's orders, newest first, at most MY_ORDERS_LIMIT; `more` tells that older ones were left out. */
export async function listMyOrders(t: TenantScope, customerId: number, now = new Date()): Promise<{ orders: MyOrderSummary[]; more: boolean }> {
  const rows = await ownOrders(t, customerId)
    .select(ORDER_FIELDS)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(MY_ORDERS_LIMIT + 1)
    .execute()
  const shown = rows.slice(0, MY_ORDERS_LIMIT)
  const tasks = await completedTasks(
    t,
    shown.map((r) => r.id),
  )
  return {
    orders: shown.map((r) => summary(r, orderTimeline(r.services, tasks.get(r.id) ?? [], !!r.marked_as_complete), now)),
    more: rows.length > MY_ORDERS_LIMIT,
  }
}

/** One of the customer's orders; null for anyone else's order, a test or hidden order, or an id that is not one. */
export async function getMyOrder(t: TenantScope, customerId: number, orderPublicId: string, now = new Date()): Promise<MyOrder | null> {
  if (!PUBLIC_ID.test(orderPublicId)) return null
  const row = await ownOrders(t, customerId)
    .select([...ORDER_FIELDS, 'o.product_id', 'o.writer_id', 'o.reviewer_id'])
    .where('o.public_id', '=', orderPublicId)
    .executeTakeFirst()
  if (!row) return null
  const [tasks, team, agreement, downloadables, drafts, finalDocuments] = await Promise.all([
    completedTasks(t, [row.id]),
    teamOf(t, row.writer_id, row.reviewer_id),
    scoped(t, 'contract_acceptances').select('id').where('order_id', '=', row.id).executeTakeFirst(),
    downloadablesOf(t, row.product_id),
    draftsForCustomer(t, row),
    finalDocumentsOf(t, row),
  ])
  const modules = orderTimeline(row.services, tasks.get(row.id) ?? [], !!row.marked_as_complete)
  return { ...summary(row, modules, now), modules, team, hasAgreement: !!agreement, downloadables, drafts, finalDocuments }
}

/** The assigned writer and reviewer by the names customers know them by (the order e-mails' rule); nothing else of them. */
async function teamOf(t: TenantScope, writerId: number | null, reviewerId: number | null): Promise<TeamMember[]> {
  const ids = [writerId, reviewerId].filter((id): id is number => id !== null)
  if (ids.length === 0) return []
  const rows = await membersQuery(t).select(['m.user_id', 'u.first_name', 'u.last_name', 'm.customer_facing_name']).where('m.user_id', 'in', ids).execute()
  const named = (id: number | null, role: TeamMember['role']): TeamMember[] => {
    const r = rows.find((x) => x.user_id === id)
    return r ? [{ role, name: customerFacingName({ customerFacingName: r.customer_facing_name, firstName: r.first_name, lastName: r.last_name }) }] : []
  }
  return [...named(writerId, 'Writer'), ...(reviewerId !== writerId ? named(reviewerId, 'Reviewer') : [])]
}

/** The product's current downloadables (the order keeps no snapshot of them): what buying it gave the customer. */
function productFiles(t: TenantScope, productId: number) {
  return scopedAs(t, 'product_downloadables', 'pd')
    .innerJoin('downloadables as d', (j) => scopedJoin(t, 'd', j.onRef('d.id', '=', 'pd.downloadable_id')))
    .where('pd.product_id', '=', productId)
    .where('d.archived', '=', false)
}

async function downloadablesOf(t: TenantScope, productId: number | null): Promise<{ _id: string; title: string }[]> {
  if (productId === null) return []
  const rows = await productFiles(t, productId).select(['d.public_id', 'd.title']).orderBy('pd.position').execute()
  return rows.map((r) => ({ _id: r.public_id, title: r.title }))
}

/**
 * A downloadable the customer may fetch: one of the product's current files, through one of the
 * customer's own orders of it (not a test or hidden one). Anything else is null, whichever part failed.
 */
export async function myOrderDownload(t: TenantScope, customerId: number, orderPublicId: string, filePublicId: string): Promise<{ key: string; name: string } | null> {
  if (!PUBLIC_ID.test(orderPublicId) || !PUBLIC_ID.test(filePublicId)) return null
  const order = await ownOrders(t, customerId).select('o.product_id').where('o.public_id', '=', orderPublicId).executeTakeFirst()
  if (!order || order.product_id === null) return null
  const file = await productFiles(t, order.product_id).select(['d.file_key', 'd.file_name']).where('d.public_id', '=', filePublicId).executeTakeFirst()
  return file ? { key: file.file_key, name: file.file_name } : null
}

/** The spec-shaped JSON of the calls: the list's fields, and the order with modules {id, title, state}. */
export const orderSummaryJson = (o: MyOrderSummary) => ({ _id: o._id, productName: o.productName, status: o.status, dueDate: o.dueDate, waitingOn: o.waitingOn })

export const myOrderJson = (o: MyOrder) => ({
  ...orderSummaryJson(o),
  modules: o.modules.map((m) => ({ id: m.id, serviceId: m.serviceId, title: m.title, state: m.state, waitsOn: m.waitsOn })),
  drafts: o.drafts,
  finalDocuments: o.finalDocuments,
  team: o.team,
  hasAgreement: o.hasAgreement,
  downloadables: o.downloadables,
})
