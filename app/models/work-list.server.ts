// My work (issue 26, ADR 0066): the contributor's own orders with next tasks and filters, the drafts waiting
// for a reviewer, the open pool and its race-safe claim, and the board's move; shared by /work and /api/writer.
import { sql } from 'kysely'
import { contributorRoleOn, holdsWriter, type ContributorRole } from '#app/rules/contributor'
import type { OrderPriority } from '#app/rules/order-priority'
import { waitingOn, orderTimeline } from '#app/rules/order-timeline'
import { projectStatus, type ProjectStatus } from '#app/rules/project-status'
import {
  BOARD_OFF,
  boardMove,
  compareUrgency,
  matchesWorkFilter,
  mayTakeOrder,
  nextTaskOf,
  nextTasksPerService,
  POOL_ALREADY_CLAIMED,
  POOL_NOT_FOR_YOU,
  POOL_OFF,
  POOL_WRITERS_ONLY,
  workWaitsOn,
  type NextTask,
  type WorkWaitsOn,
} from '#app/rules/work-list'
import { scoped, scopedAs, scopedJoin, scopedUpdate } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import { noteAnalyticsChange } from './analytics-events.server'
import { audited } from './audit.server'
import { contributorOrdersQuery, findContributorOrder, type Contributor } from './contributor-orders.server'
import { deliver, notify } from './notifications.server'
import { emailWriter, findAssignee, ORDER_NOT_FOUND } from './order-actions.server'
import { orderMail } from './order-mail.server'
import { completeTask, findOrder, ordersQuery, recordActivity } from './orders.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { writerProfile } from './staff.server'
import type { WorkListQuery } from './work-list.schema'

/** What My work reads of an order: no customer, no price (a contributor's list never carries either). */
const WORK_COLUMNS = [
  'o.id',
  'o.public_id',
  'o.package_name',
  'o.services',
  'o.due_date',
  'o.priority',
  'o.status_percentage',
  'o.marked_as_complete',
  'o.writer_id',
  'o.reviewer_id',
  'o.created_at',
  'o.completed_at',
] as const

type WorkRow = {
  id: number
  public_id: string
  package_name: string
  services: OrderServiceSnapshot[]
  due_date: Date | null
  priority: OrderPriority
  status_percentage: number
  marked_as_complete: boolean | number
  writer_id: number | null
  reviewer_id: number | null
  created_at: Date
  completed_at: Date | null
}

export type WorkItem = {
  _id: string
  productName: string
  dueDate: string | null
  priority: OrderPriority
  statusPercentage: number
  projectStatus: ProjectStatus
  role: ContributorRole
  nextTask: NextTask | null
  nextTasks: NextTask[]
  waitsOn: WorkWaitsOn
  services: { _id: string; serviceName: string; serviceModules: { id: string; title: string }[] }[]
}

export type WorkPage = { orders: WorkItem[]; count: number }

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

type Completed = { serviceId: string; taskId: string }[]

async function completedTasks(t: Contributor, orderIds: number[]): Promise<Map<number, Completed>> {
  const byOrder = new Map<number, Completed>()
  if (orderIds.length === 0) return byOrder
  const rows = await scoped(t, 'order_tasks').select(['order_id', 'service_id', 'task_id']).where('order_id', 'in', orderIds).execute()
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), { serviceId: r.service_id, taskId: r.task_id }])
  return byOrder
}

/** The orders among these (those the contributor reviews) that have a draft waiting for approval. */
async function pendingReviewOrders(t: Contributor, orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set()
  const rows = await scoped(t, 'drafts')
    .select('order_id')
    .distinct()
    .where('approval_status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .where('order_id', 'in', orderIds)
    .execute()
  return new Set(rows.map((r) => r.order_id))
}

type Facts = Parameters<typeof matchesWorkFilter>[0]

function toWorkItem(t: Contributor, row: WorkRow, completed: Completed, pendingReview: boolean, now: Date): { item: WorkItem; facts: Facts } {
  const role = contributorRoleOn(t.user.id, row) ?? 'writer'
  const marked = !!row.marked_as_complete
  const percentage = marked ? 100 : row.status_percentage
  const facts: Facts = {
    role,
    statusPercentage: percentage,
    markedAsComplete: marked,
    dueDate: row.due_date,
    waitsOn: waitingOn(orderTimeline(row.services, completed, marked)),
    pendingReview,
  }
  const item: WorkItem = {
    _id: row.public_id,
    productName: row.package_name,
    dueDate: iso(row.due_date),
    priority: row.priority,
    statusPercentage: percentage,
    projectStatus: projectStatus({ statusPercentage: percentage, dueDate: row.due_date }, now),
    role,
    nextTask: nextTaskOf(row.services, completed, marked),
    nextTasks: nextTasksPerService(row.services, completed, marked),
    waitsOn: workWaitsOn(facts),
    services: row.services.map((s) => ({ _id: s._id, serviceName: s.serviceName, serviceModules: s.serviceModules.map((m) => ({ id: m.id, title: m.title })) })),
  }
  return { item, facts }
}

/** Past this many open orders (nobody works on that many) the list keeps the ones due first. */
export const OPEN_CAP = 2000

/**
 * One page of the contributor's orders (archived ones left out). Done orders are paged in SQL, newest
 * completion first; the open ones (bounded by what one person can hold) are read whole, their next task
 * worked out, filtered and sorted most urgent first, then paged.
 */
export async function listMyWork(t: Contributor, query: Pick<WorkListQuery, 'filter' | 'page' | 'size'>, now = new Date()): Promise<WorkPage> {
  const start = (query.page - 1) * query.size
  const mine = contributorOrdersQuery(t).where('o.archived', '=', false)
  if (query.filter === 'done') {
    const done = mine.where((eb) => eb.or([eb('o.status_percentage', '>=', 100), eb('o.marked_as_complete', '=', true)]))
    const [rows, total] = await Promise.all([
      done.select(WORK_COLUMNS).orderBy('o.completed_at', 'desc').orderBy('o.id', 'desc').limit(query.size).offset(start).execute() as Promise<WorkRow[]>,
      done.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ])
    const tasks = await completedTasks(
      t,
      rows.map((r) => r.id),
    )
    return { orders: rows.map((r) => toWorkItem(t, r, tasks.get(r.id) ?? [], false, now).item), count: Number(total.count) }
  }
  const rows = (await mine.where('o.status_percentage', '<', 100).where('o.marked_as_complete', '=', false).select(WORK_COLUMNS).execute()) as WorkRow[]
  const ids = rows.map((r) => r.id)
  const [tasks, pending] = await Promise.all([
    completedTasks(t, ids),
    pendingReviewOrders(
      t,
      rows.filter((r) => r.reviewer_id === t.user.id && r.writer_id !== t.user.id).map((r) => r.id),
    ),
  ])
  const items = rows
    .map((r) => ({ row: r, ...toWorkItem(t, r, tasks.get(r.id) ?? [], pending.has(r.id), now) }))
    .filter(({ facts }) => matchesWorkFilter(facts, query.filter, now))
    .sort((a, b) =>
      compareUrgency(
        { dueDate: a.row.due_date, priority: a.row.priority, createdAt: a.row.created_at, id: a.row.id },
        { dueDate: b.row.due_date, priority: b.row.priority, createdAt: b.row.created_at, id: b.row.id },
      ),
    )
  return { orders: items.slice(start, start + query.size).map(({ item }) => item), count: items.length }
}

/** GET /api/writer/orders's order: the issue's fields, nothing of the customer or the price. */
export function toWorkOrderJson(item: WorkItem) {
  return {
    _id: item._id,
    productName: item.productName,
    dueDate: item.dueDate,
    priority: item.priority,
    statusPercentage: item.statusPercentage,
    nextTask: item.nextTask ? { serviceId: item.nextTask.serviceId, taskId: item.nextTask.taskId, title: item.nextTask.title, waitsOn: item.nextTask.waitsOn } : null,
  }
}

export type ReviewDraft = { _id: string; orderId: string; productName: string; serviceName: string; createdAt: string }

/** Drafts waiting for approval on the orders this contributor reviews, oldest first (they have waited longest). */
export async function draftsAwaitingMyReview(t: Contributor, limit = 50): Promise<ReviewDraft[]> {
  const rows = await scopedAs(t, 'drafts', 'd')
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'd.order_id')))
    .select(['d.public_id', 'd.service_id', 'd.created_at', 'o.public_id as order_public_id', 'o.package_name', 'o.services'])
    .where('o.reviewer_id', '=', t.user.id)
    .where('o.archived', '=', false)
    .where('d.approval_status', '=', 'pending')
    .where('d.deleted_at', 'is', null)
    .orderBy('d.created_at', 'asc')
    .orderBy('d.id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    _id: r.public_id,
    orderId: r.order_public_id,
    productName: r.package_name,
    serviceName: (r.services as OrderServiceSnapshot[]).find((s) => s._id === r.service_id)?.serviceName ?? '',
    createdAt: new Date(r.created_at).toISOString(),
  }))
}

// ---------------------------------------------------------------------------------------------
// The open pool

/** Unassigned orders nobody should see in a pool: archived, test, hidden or completed ones. */
function poolQuery(t: Contributor) {
  return ordersQuery(t)
    .where('o.writer_id', 'is', null)
    .where('o.archived', '=', false)
    .where('o.test_order', '=', false)
    .where('o.hide_order', '=', false)
    .where('o.marked_as_complete', '=', false)
    .where('o.status_percentage', '<', 100)
}

/** How many of the newest unassigned orders the pool looks through for ones this writer may take. */
const POOL_SCAN = 300

export type PoolOrder = { _id: string; productName: string; dueDate: string | null; priority: OrderPriority; services: string[]; createdAt: string }

/** The pool for this writer (empty when the setting is off or they are no writer): the newest first. */
export async function openPool(t: Contributor, limit = 20): Promise<PoolOrder[]> {
  if (!holdsWriter(t.user)) return []
  const [settings, profile] = await Promise.all([getWebsiteSettings(t), writerProfile(t, t.user.id)])
  if (!settings.enable_open_pool) return []
  const rows = await poolQuery(t)
    .select(['o.public_id', 'o.package_name', 'o.services', 'o.due_date', 'o.priority', 'o.created_at'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(POOL_SCAN)
    .execute()
  return rows
    .filter((r) => mayTakeOrder(profile?.services ?? [], r.services))
    .slice(0, limit)
    .map((r) => ({
      _id: r.public_id,
      productName: r.package_name,
      dueDate: iso(r.due_date),
      priority: r.priority,
      services: r.services.map((s) => s.serviceName),
      createdAt: new Date(r.created_at).toISOString(),
    }))
}

export type WorkActionResult = { ok: true; orderId: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string }

/**
 * First come, first served: the UPDATE only takes an order whose writer is still empty, so of writers
 * claiming at once exactly one changes a row; the others learn it is taken (409). The winner's claim is
 * recorded and told like an assignment: activity, assigned_at, the customer's and the writer's e-mails.
 */
async function claim(t: Contributor, orderPublicId: string): Promise<WorkActionResult> {
  const settings = await getWebsiteSettings(t)
  if (!settings.enable_open_pool) return { ok: false, status: 404, error: POOL_OFF }
  if (!holdsWriter(t.user)) return { ok: false, status: 403, error: POOL_WRITERS_ONLY }
  const order = await findOrder(t, orderPublicId)
  if (!order) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  if (order.writer_id !== null) return order.writer_id === t.user.id ? { ok: true, orderId: order.public_id } : { ok: false, status: 409, error: POOL_ALREADY_CLAIMED }
  if (order.archived || order.test_order || order.hide_order || order.marked_as_complete || order.status_percentage >= 100)
    return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  const profile = await writerProfile(t, t.user.id)
  if (!mayTakeOrder(profile?.services ?? [], order.services)) return { ok: false, status: 403, error: POOL_NOT_FOR_YOU }
  const writer = await findAssignee(t, t.user.publicId, 'WRITER')
  if ('ok' in writer) return { ok: false, status: 403, error: POOL_WRITERS_ONLY }
  const assignedAt = new Date()
  const outbox = await tenantTransaction(t, async (tx) => {
    const taken = await scopedUpdate(tx, 'orders')
      .set({ writer_id: t.user.id, assigned_at: assignedAt, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .where('id', '=', order.id)
      .where('writer_id', 'is', null)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) return null
    await recordActivity(tx, order.id, t.user.id, `Claimed from the open pool by ${`${t.user.firstName} ${t.user.lastName}`.trim()}`)
    // The contributor's and the customer's e-mails commit with the claim (ADR 0101, 0109).
    const mailId = await emailWriter(t, tx, writer, [order], { message: '', fileName: null, at: assignedAt })
    const customerMails = await orderMail.contributorAssigned(tx, t.user.id, [order], assignedAt)
    return { live: await notify.assigned(tx, { role: 'writer', assigneeUserId: t.user.id, orderIds: [order.id], actorUserId: t.user.id }), mails: [mailId, ...customerMails] }
  })
  if (outbox === null) return { ok: false, status: 409, error: POOL_ALREADY_CLAIMED }
  await kickOutbox(outbox.mails)
  await deliver(outbox.live)
  await noteAnalyticsChange(t, 'order', [order.id])
  return { ok: true, orderId: order.public_id }
}

// ---------------------------------------------------------------------------------------------
// The board

/** A card moved on the board: its next task is marked done when the rule allows the move (ADR 0066). */
async function moveCard(t: Contributor, orderPublicId: string, to: string): Promise<WorkActionResult> {
  const settings = await getWebsiteSettings(t)
  if (!settings.enable_boards) return { ok: false, status: 403, error: BOARD_OFF }
  const found = await findContributorOrder(t, orderPublicId)
  if (!found) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  const { order, role } = found
  const completed = (await completedTasks(t, [order.id])).get(order.id) ?? []
  const move = boardMove({ role, services: order.services, completed, markedComplete: !!order.marked_as_complete }, to)
  if (!move.ok) return { ok: false, status: 400, error: move.error }
  await completeTask(t, order, { serviceId: move.complete.serviceId, taskId: move.complete.taskId })
  await recordActivity(t, order.id, t.user.id, `${move.complete.title} marked done by ${`${t.user.firstName} ${t.user.lastName}`.trim()}`)
  return { ok: true, orderId: order.public_id }
}

const isRefusal = (r: WorkActionResult) => !r.ok

/** My work's writes, audited like the staff's order actions. */
export const workActions = {
  async claim(t: Contributor, request: Request, orderPublicId: string) {
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'pool-claim',
        message: (r: WorkActionResult) =>
          isRefusal(r) ? `Open pool claim of ${orderPublicId} refused: ${!r.ok ? r.error : ''}` : `Claimed order ${orderPublicId} from the open pool`,
      },
      await claim(t, orderPublicId),
    )
  },
  async moveCard(t: Contributor, request: Request, orderPublicId: string, to: string) {
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: 'board-move',
        message: (r: WorkActionResult) => (isRefusal(r) ? `Board move of ${orderPublicId} refused: ${!r.ok ? r.error : ''}` : `Moved order ${orderPublicId} to ${to} on the board`),
      },
      await moveCard(t, orderPublicId, to),
    )
  },
}
