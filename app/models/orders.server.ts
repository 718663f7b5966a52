// Orders (projects) shared by every orders screen: lookup, the spec's Order JSON, placing an order
// with its snapshot of the product, completed tasks and the activity log.
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely'
import { centsToAmount } from '#app/rules/money'
import { lastTaskLabel, statusPercentage } from '#app/rules/order-tasks'
import { projectStatus } from '#app/rules/project-status'
import { newPublicId } from '#app/services/crypto.server'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import type { Database } from '#db/types'
import { noteAnalyticsChange } from './analytics-events.server'

export const ORDER_COLUMNS = [
  'o.id',
  'o.public_id',
  'o.customer_id',
  'o.product_id',
  'o.customer_first_name',
  'o.customer_last_name',
  'o.customer_name',
  'o.customer_email',
  'o.package_name',
  'o.services',
  'o.module_count',
  'o.price_cents',
  'o.currency',
  'o.cart_id',
  'o.writer_id',
  'o.reviewer_id',
  'o.status_percentage',
  'o.priority',
  'o.due_date',
  'o.assigned_at',
  'o.completed_at',
  'o.archived',
  'o.test_order',
  'o.hide_order',
  'o.marked_as_complete',
  'o.amount_paid_to_writer_cents',
  'o.contract_file',
  'o.last_task_id',
  'o.last_task_at',
  'o.customer_last_revision_at',
  'o.created_at',
  'o.updated_at',
] as const

type Unaliased<C> = C extends `o.${infer Column}` ? Column : never
export type OrderRow = Pick<Selectable<Database['orders']>, Unaliased<(typeof ORDER_COLUMNS)[number]>>

/** orders AS o, limited to this organisation. */
export function ordersQuery(t: TenantScope) {
  return scopedAs(t, 'orders', 'o')
}

export async function findOrder(t: TenantScope, publicId: string): Promise<OrderRow | undefined> {
  return ordersQuery(t).select(ORDER_COLUMNS).where('o.public_id', '=', publicId).executeTakeFirst()
}

/** The orders of this organisation among the ids given (foreign or unknown ids are simply absent). */
export async function findOrders(t: TenantScope, publicIds: readonly string[]): Promise<OrderRow[]> {
  if (publicIds.length === 0) return []
  return ordersQuery(t)
    .select(ORDER_COLUMNS)
    .where('o.public_id', 'in', [...new Set(publicIds)])
    .execute()
}

export type PersonRef = { _id: string; firstName: string; lastName: string; email: string; profile_img: string | null }

/** Accounts of this organisation by internal id, for the writers, reviewers and customers of a page of orders. */
export async function peopleById(t: TenantScope, ids: readonly (number | null | undefined)[]): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))]
  if (wanted.length === 0) return new Map()
  const rows = await scopedAs(t, 'users', 'u').select(['u.id', 'u.public_id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_img']).where('u.id', 'in', wanted).execute()
  return new Map(rows.map((r) => [r.id, { _id: r.public_id, firstName: r.first_name, lastName: r.last_name, email: r.email, profile_img: r.profile_img }]))
}

export type OrderTag = { _id: string; text: string }

/** Custom tags of a page of orders, one query. */
export async function tagsOfOrders(t: TenantScope, orderIds: readonly number[]): Promise<Map<number, OrderTag[]>> {
  const byOrder = new Map<number, OrderTag[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await scopedAs(t, 'order_tags', 'ot')
    .innerJoin('tags as tg', (j) => scopedJoin(t, 'tg', j.onRef('tg.id', '=', 'ot.tag_id')))
    .select(['ot.order_id', 'tg.public_id', 'tg.text'])
    .where('ot.order_id', 'in', [...orderIds])
    .orderBy('ot.position')
    .execute()
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), { _id: r.public_id, text: r.text }])
  return byOrder
}

const fullName = (p: PersonRef | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : null)
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** The spec's Order (back-office section 3) plus the derived projectStatus and lastTask label. */
export function toOrderJson(row: OrderRow, people: Map<number, PersonRef>, tags: OrderTag[] = [], now = new Date()) {
  const writer = row.writer_id ? people.get(row.writer_id) : undefined
  const reviewer = row.reviewer_id ? people.get(row.reviewer_id) : undefined
  const customer = people.get(row.customer_id)
  return {
    _id: row.public_id,
    package: { packageName: row.package_name, packageServices: row.services },
    customer: row.customer_name,
    customerEmail: row.customer_email,
    customerData: { _id: customer?._id ?? null, firstName: row.customer_first_name, lastName: row.customer_last_name, email: row.customer_email },
    cartId: row.cart_id,
    writer: fullName(writer),
    writer_id: writer?._id ?? null,
    reviewer: fullName(reviewer),
    reviewer_id: reviewer?._id ?? null,
    statusPercentage: row.status_percentage,
    projectStatus: projectStatus({ statusPercentage: row.status_percentage, dueDate: row.due_date }, now),
    lastTask: lastTaskLabel(row.last_task_id),
    price: centsToAmount(Number(row.price_cents)),
    currency: row.currency,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    assignedAt: iso(row.assigned_at),
    dueDate: iso(row.due_date),
    completedAt: iso(row.completed_at),
    priority: row.priority,
    customTags: tags,
    contract_file: row.contract_file,
    archived: !!row.archived,
    testOrder: !!row.test_order,
    hideOrder: !!row.hide_order,
    markedAsComplete: !!row.marked_as_complete,
    amountPaidToWriter: row.amount_paid_to_writer_cents === null ? null : centsToAmount(Number(row.amount_paid_to_writer_cents)),
    customerLastRevisionAt: iso(row.customer_last_revision_at),
  }
}
export type OrderJson = ReturnType<typeof toOrderJson>

/** The writers, reviewers, customers and tags of a page of orders, by internal id. */
export type OrderRelated = { people: Map<number, PersonRef>; tags: Map<number, OrderTag[]> }

const PERSON_COLUMNS = ['public_id', 'first_name', 'last_name', 'email', 'profile_img'] as const
const RELATED_PEOPLE = { rw: 'writer_id', rr: 'reviewer_id', rc: 'customer_id' } as const
type RelatedAlias = keyof typeof RELATED_PEOPLE
export type RelatedColumns = { [K in `${RelatedAlias}_${(typeof PERSON_COLUMNS)[number]}`]: string | null } & { related_tags: OrderTag[] | string | null }

/**
 * Joins what ordersToJson() needs onto a query that reads order rows: the writer, reviewer and customer
 * (each pinned to the tenant in its ON) and the tags as one JSON array per row (a sub-query pinned like
 * any other). A list then reads its rows and all they show in one round trip instead of three (ADR 0104).
 */
export function withRelated<Q extends ReturnType<typeof ordersQuery>>(t: TenantScope, q: Q) {
  let joined = q as unknown as ReturnType<typeof ordersQuery>
  for (const [alias, column] of Object.entries(RELATED_PEOPLE)) {
    joined = joined.leftJoin(`users as ${alias}` as 'users as rw', (j) => scopedJoin(t, alias, j.onRef(`${alias}.id` as 'rw.id', '=', `o.${column}`))) as unknown as typeof joined
  }
  return (joined as unknown as SelectQueryBuilder<Database & { o: Database['orders']; rw: Database['users'] }, 'o' | 'rw', object>)
    .select(Object.keys(RELATED_PEOPLE).flatMap((alias) => PERSON_COLUMNS.map((c) => `${alias}.${c} as ${alias}_${c}` as 'rw.public_id')))
    .select((eb) =>
      eb
        .selectFrom('order_tags as ot')
        .innerJoin('tags as tg', (j) => scopedJoin(t, 'tg', j.onRef('tg.id', '=', 'ot.tag_id')))
        .where('ot.client_id', '=', t.clientId)
        .whereRef('ot.order_id', '=', 'o.id')
        .select(
          sql<OrderTag[] | string | null>`JSON_ARRAYAGG(JSON_OBJECT('_id', ${sql.ref('tg.public_id')}, 'text', ${sql.ref('tg.text')}) ORDER BY ${sql.ref('ot.position')})`.as(
            'tags',
          ),
        )
        .as('related_tags'),
    ) as unknown as SelectQueryBuilder<Database & { o: Database['orders'] }, 'o', RelatedColumns>
}

/** What withRelated() joined onto the rows, as ordersToJson() takes it. */
export function relatedOf(rows: readonly (OrderRow & RelatedColumns)[]): OrderRelated {
  const people = new Map<number, PersonRef>()
  const tags = new Map<number, OrderTag[]>()
  for (const row of rows) {
    for (const [alias, column] of Object.entries(RELATED_PEOPLE) as [RelatedAlias, (typeof RELATED_PEOPLE)[RelatedAlias]][]) {
      const id = row[column]
      const publicId = row[`${alias}_public_id`]
      if (id === null || publicId === null || people.has(id)) continue
      people.set(id, {
        _id: publicId,
        firstName: row[`${alias}_first_name`]!,
        lastName: row[`${alias}_last_name`]!,
        email: row[`${alias}_email`]!,
        profile_img: row[`${alias}_profile_img`],
      })
    }
    // The driver hands JSON results over parsed; a string only where it could not tell.
    const rowTags = row.related_tags
    if (rowTags) tags.set(row.id, (typeof rowTags === 'string' ? JSON.parse(rowTags) : rowTags) as OrderTag[])
  }
  return { people, tags }
}

/**
 * A page of order rows as the API answers them: writers, reviewers, customers and tags in one query each,
 * or none when the rows came with them (`related`, from withRelated()).
 */
export async function ordersToJson(t: TenantScope, rows: OrderRow[], now = new Date(), related?: OrderRelated): Promise<OrderJson[]> {
  if (related) return rows.map((r) => toOrderJson(r, related.people, related.tags.get(r.id) ?? [], now))
  const [people, tags] = await Promise.all([
    peopleById(
      t,
      rows.flatMap((r) => [r.writer_id, r.reviewer_id, r.customer_id]),
    ),
    tagsOfOrders(
      t,
      rows.map((r) => r.id),
    ),
  ])
  return rows.map((r) => toOrderJson(r, people, tags.get(r.id) ?? [], now))
}

/** One activity entry (the spec's notification `contant`) per state change of an order. */
export async function recordActivity(t: TenantScope, orderIds: number | readonly number[], actorUserId: number | null, content: string): Promise<void> {
  const ids = typeof orderIds === 'number' ? [orderIds] : [...orderIds]
  if (ids.length === 0) return
  await scopedInsert(
    t,
    'order_activity',
    ids.map((order_id) => ({ order_id, actor_user_id: actorUserId, content: content.slice(0, 1000) })),
  ).execute()
}

export type PlaceOrderInput = {
  customerUserId: number
  productId: number
  /** Price override in cents; the product's price when absent. */
  priceCents?: number
  cartId?: string | null
  currency?: string
  createdAt?: Date
}

export type PlaceOrderResult = { ok: true; order: OrderRow } | { ok: false; status: number; error: string }

/**
 * Places an order for a customer of this organisation: the product's workflows and their modules
 * are copied onto the order, so later edits of the workflow never change a running project.
 */
export async function placeOrder(t: TenantScope, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const customer = await scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.user_id', '=', input.customerUserId)
    .where('m.role', '=', 'customer')
    .executeTakeFirst()
  if (!customer) return { ok: false, status: 404, error: 'Customer not found' }
  const product = await scoped(t, 'products').select(['id', 'name', 'price_cents']).where('id', '=', input.productId).executeTakeFirst()
  if (!product) return { ok: false, status: 404, error: 'Product not found' }
  const workflows = await scopedAs(t, 'product_workflows', 'pw')
    .innerJoin('workflows as w', (j) => scopedJoin(t, 'w', j.onRef('w.id', '=', 'pw.workflow_id')))
    .select(['w.public_id', 'w.name', 'w.service_type', 'w.modules'])
    .where('pw.product_id', '=', product.id)
    .orderBy('pw.position')
    .execute()
  const services: OrderServiceSnapshot[] = workflows.map((w) => ({
    _id: w.public_id,
    serviceName: w.name,
    serviceType: w.service_type,
    serviceModules: w.modules.map((m) => ({ id: m.id, title: m.title })),
  }))
  const publicId = newPublicId()
  const createdAt = input.createdAt ?? new Date()
  await scopedInsert(t, 'orders', {
    public_id: publicId,
    customer_id: customer.id,
    product_id: product.id,
    customer_first_name: customer.first_name,
    customer_last_name: customer.last_name,
    customer_name: `${customer.first_name} ${customer.last_name}`.trim(),
    customer_email: customer.email,
    package_name: product.name,
    services: JSON.stringify(services),
    module_count: services.reduce((n, s) => n + s.serviceModules.length, 0),
    price_cents: input.priceCents ?? Number(product.price_cents),
    currency: input.currency ?? 'usd',
    cart_id: input.cartId ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  }).execute()
  return { ok: true, order: (await findOrder(t, publicId))! }
}

/** Recomputes the status percentage and the latest task from order_tasks (marked-complete orders stay at 100). */
async function refreshProgress(t: TenantScope, order: OrderRow): Promise<void> {
  const tasks = await scoped(t, 'order_tasks')
    .select(['service_id', 'task_id', 'created_at'])
    .where('order_id', '=', order.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const percentage = order.marked_as_complete
    ? 100
    : statusPercentage(
        order.services,
        tasks.map((x) => ({ serviceId: x.service_id, taskId: x.task_id })),
      )
  const latest = tasks[0]
  await scopedUpdate(t, 'orders')
    .set({
      status_percentage: percentage,
      last_task_id: latest?.task_id ?? null,
      last_task_at: latest?.created_at ?? null,
      completed_at: percentage >= 100 ? (order.completed_at ?? new Date()) : null,
      updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
    })
    .where('id', '=', order.id)
    .execute()
}

/** Records a finished module of one service of the order (idempotent) and refreshes its progress. */
export async function completeTask(t: TenantScope, order: OrderRow, task: { serviceId: string; taskId: string; at?: Date }): Promise<void> {
  const service = order.services.find((s) => s._id === task.serviceId)
  await scopedInsert(t, 'order_tasks', {
    order_id: order.id,
    service_id: task.serviceId,
    task_id: task.taskId,
    service_type: service?.serviceType ?? 'custom',
    created_at: task.at ?? new Date(),
  })
    .ignore()
    .execute()
  await refreshProgress(t, order)
  await noteAnalyticsChange(t, 'order', [order.id])
}

/** Takes a finished module back (reopen revision) and refreshes the order's progress; false when it was not done. */
export async function reopenTask(t: TenantScope, order: OrderRow, task: { serviceId: string; taskId: string }): Promise<boolean> {
  const result = await scopedDelete(t, 'order_tasks')
    .where('order_id', '=', order.id)
    .where('service_id', '=', task.serviceId)
    .where('task_id', '=', task.taskId)
    .executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await refreshProgress(t, order)
  await noteAnalyticsChange(t, 'order', [order.id])
  return true
}
