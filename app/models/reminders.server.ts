// Workflow reminders as e-mails (ADR 0045). The pass walks each organisation's active orders, works out
// which reminders are due (app/rules/reminder-schedule.ts) and queues one e-mail job per reminder; the
// e-mail job claims the reminder's ledger row before the message leaves, checks once more that it is
// still due, and marks it sent. The ledger's unique key makes each (order, module, reminder) go once.
import { randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import { type CompletedTask, dueReminders, type DueReminder, type LiveReminder, orderTakesReminders, reminderKey, type ScheduleOrder } from '#app/rules/reminder-schedule'
import { sha256 } from '#app/services/crypto.server'
import { db, tenantForJob } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { enqueueBulk, type Payload } from '#app/services/queue.server'
import type { StoredReminder } from '#db/tables/workflows'
import type { Database } from '#db/types'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { type ComposeInput, portalLink } from './system-mail.server'

export const REMINDER_TEMPLATE = 'workflow_reminder'

/** A 'sending' claim older than this is a crashed send: the next job may take it over (and sends with the same Message-ID). */
export const DEFAULT_STALE_MS = 60_000

export type ReminderSource = Extract<NonNullable<Extract<Payload<'email'>, { template: string }>['source']>, { kind: 'reminder' }>

type Reminders = Map<string, Map<string, StoredReminder[]>>

/** The organisation's workflows that hold reminders, archived ones included (their running orders go on). */
async function liveReminders(t: TenantScope): Promise<Reminders> {
  const rows = await scoped(t, 'workflows').select(['public_id', 'modules']).execute()
  const out: Reminders = new Map()
  for (const row of rows) {
    const modules = new Map<string, StoredReminder[]>()
    for (const m of row.modules ?? []) if (m.reminders?.length) modules.set(m.id, m.reminders)
    if (modules.size) out.set(row.public_id, modules)
  }
  return out
}

const ORDER_COLUMNS = [
  'id',
  'public_id',
  'services',
  'customer_id',
  'writer_id',
  'created_at',
  'assigned_at',
  'package_name',
  'customer_first_name',
  'customer_name',
  'archived',
  'test_order',
  'marked_as_complete',
  'completed_at',
] as const

type OrderRow = Pick<Selectable<Database['orders']>, (typeof ORDER_COLUMNS)[number]>

function scheduleOrder(o: OrderRow): ScheduleOrder {
  return {
    createdAt: new Date(o.created_at),
    assignedAt: o.assigned_at ? new Date(o.assigned_at) : null,
    customerId: Number(o.customer_id),
    writerId: o.writer_id === null ? null : Number(o.writer_id),
    services: o.services ?? [],
  }
}

function hasReminders(o: Pick<OrderRow, 'services'>, reminders: Reminders): boolean {
  return (o.services ?? []).some((s) => {
    const modules = reminders.get(s._id)
    return !!modules && s.serviceModules.some((m) => modules.has(m.id))
  })
}

async function tasksOf(t: TenantScope, orderIds: number[]): Promise<Map<number, CompletedTask[]>> {
  const rows = await scoped(t, 'order_tasks').select(['order_id', 'service_id', 'task_id', 'created_at']).where('order_id', 'in', orderIds).execute()
  const out = new Map<number, CompletedTask[]>()
  for (const r of rows) {
    const list = out.get(Number(r.order_id)) ?? []
    list.push({ serviceId: r.service_id, taskId: r.task_id, at: new Date(r.created_at) })
    out.set(Number(r.order_id), list)
  }
  return out
}

/**
 * The reminders each order's ledger already accounts for: sent, superseded, or being sent right now.
 * A 'sending' claim older than staleMs is a send that died; it counts as not handled, so the pass
 * queues it again and the next job takes the claim over.
 */
async function handledOf(t: TenantScope, orderIds: number[], staleMs: number): Promise<Map<number, Set<string>>> {
  const rows = await scoped(t, 'reminder_sends').select(['order_id', 'service_id', 'module_id', 'reminder_id', 'state', 'claimed_at']).where('order_id', 'in', orderIds).execute()
  const staleBefore = Date.now() - staleMs
  const out = new Map<number, Set<string>>()
  for (const r of rows) {
    if (r.state === 'sending' && new Date(r.claimed_at).getTime() < staleBefore) continue
    const set = out.get(Number(r.order_id)) ?? new Set<string>()
    set.add(reminderKey(r.service_id, r.module_id, r.reminder_id))
    out.set(Number(r.order_id), set)
  }
  return out
}

type Recipient = { id: number; email: string; firstName: string; lastName: string }

/** Recipients who may still be written to: an active, unarchived member of the organisation with an active account. */
async function activeRecipients(t: TenantScope, userIds: number[]): Promise<Map<number, Recipient>> {
  if (userIds.length === 0) return new Map()
  const rows = await scopedAs(t, 'memberships', 'm')
    .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('m.user_id', 'in', userIds)
    .where('m.active', '=', true)
    .where('m.archived', '=', false)
    .where('u.active', '=', true)
    .execute()
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), email: r.email, firstName: r.first_name, lastName: r.last_name }]))
}

function keyHash(serviceId: string, moduleId: string, reminderId: string): string {
  return sha256(reminderKey(serviceId, moduleId, reminderId)).slice(0, 20)
}

/** One job id per reminder: while its job waits or runs, queueing it again (a second pass, a second worker) adds nothing. */
export function reminderJobId(orderPublicId: string, d: Pick<DueReminder, 'serviceId' | 'moduleId' | 'reminderId'>): string {
  return `reminder-${orderPublicId}-${keyHash(d.serviceId, d.moduleId, d.reminderId)}`
}

/** The same Message-ID for every attempt at one reminder: a mailbox keeps one copy of a resend after a crash. */
export function reminderMessageId(orderPublicId: string, source: Pick<DueReminder, 'serviceId' | 'moduleId' | 'reminderId'>): string {
  return `<${reminderJobId(orderPublicId, source)}@${new URL(env().PUBLIC_URL).hostname}>`
}

export type ReminderPassOptions = { batchSize?: number; staleMs?: number; /** Only these organisations (all active ones when absent). */ clientIds?: number[] }
export type ReminderPassResult = { organisations: number; scanned: number; queued: number; superseded: number; ms: number }

const activeOrders = (t: TenantScope) =>
  scoped(t, 'orders').where('archived', '=', false).where('test_order', '=', false).where('marked_as_complete', '=', false).where('completed_at', 'is', null)

/**
 * One pass at `now` (the injectable clock) over every active organisation. Safe to run any number of
 * times, at once or again: what is due is queued under one job id per reminder, and only the e-mail
 * job that claims the ledger row sends it.
 */
export async function runReminderPass(now: Date, opts: ReminderPassOptions = {}): Promise<ReminderPassResult> {
  const started = performance.now()
  const result: ReminderPassResult = { organisations: 0, scanned: 0, queued: 0, superseded: 0, ms: 0 }
  let query = db.selectFrom('organisations').select('id').where('active', '=', true)
  if (opts.clientIds) query = query.where('id', 'in', opts.clientIds.length ? opts.clientIds : [0])
  const orgs = await query.orderBy('id').execute()
  for (const org of orgs) {
    try {
      if (await passOrganisation(tenantForJob(Number(org.id)), now, opts, result)) result.organisations++
    } catch (error) {
      // One organisation's failure does not hold back the others' reminders; the next pass tries again.
      console.error(`[reminders] pass over organisation ${org.id} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  result.ms = performance.now() - started
  return result
}

async function passOrganisation(t: TenantScope, now: Date, opts: ReminderPassOptions, result: ReminderPassResult): Promise<boolean> {
  const reminders = await liveReminders(t)
  if (reminders.size === 0) return false
  const remindersOf = (serviceId: string, moduleId: string): readonly LiveReminder[] | undefined => reminders.get(serviceId)?.get(moduleId)
  const batchSize = opts.batchSize ?? 2000
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS
  let cursor = 0
  for (;;) {
    const rows = await activeOrders(t).select(ORDER_COLUMNS).where('id', '>', cursor).orderBy('id').limit(batchSize).execute()
    if (rows.length === 0) break
    cursor = Number(rows[rows.length - 1]!.id)
    result.scanned += rows.length
    const candidates = rows.filter((o) => hasReminders(o, reminders))
    if (candidates.length > 0) await queueDue(t, candidates, remindersOf, now, staleMs, result)
    if (rows.length < batchSize) break
  }
  return true
}

async function queueDue(
  t: TenantScope,
  orders: OrderRow[],
  remindersOf: (s: string, m: string) => readonly LiveReminder[] | undefined,
  now: Date,
  staleMs: number,
  result: ReminderPassResult,
) {
  const ids = orders.map((o) => Number(o.id))
  const [tasks, handled] = await Promise.all([tasksOf(t, ids), handledOf(t, ids, staleMs)])
  const due: { order: OrderRow; d: DueReminder }[] = []
  for (const order of orders) {
    for (const d of dueReminders(scheduleOrder(order), tasks.get(Number(order.id)) ?? [], remindersOf, handled.get(Number(order.id)) ?? new Set(), now)) due.push({ order, d })
  }
  if (due.length === 0) return
  const recipients = await activeRecipients(t, [...new Set(due.map((x) => x.d.recipientUserId))])
  // An inactive recipient gets nothing, and nothing is recorded: reactivated, they get the latest due reminder.
  const reachable = due.filter((x) => recipients.has(x.d.recipientUserId))
  const superseded = reachable.filter((x) => x.d.state === 'superseded')
  if (superseded.length > 0) {
    const inserted = await scopedInsert(
      t,
      'reminder_sends',
      superseded.map(({ order, d }) => ({ ...ledgerKey(order, d), state: 'superseded' as const, claimed_at: new Date() })),
    )
      .ignore()
      .executeTakeFirst()
    result.superseded += Number(inserted.numInsertedOrUpdatedRows ?? 0)
  }
  const sends = reachable.filter((x) => x.d.state === 'send')
  if (sends.length === 0) return
  await enqueueBulk(
    'email',
    sends.map(({ order, d }) => ({
      payload: {
        clientId: t.clientId,
        to: recipients.get(d.recipientUserId)!.email,
        template: REMINDER_TEMPLATE,
        fields: {},
        source: { kind: 'reminder' as const, orderId: Number(order.id), serviceId: d.serviceId, moduleId: d.moduleId, reminderId: d.reminderId, asOf: now.getTime() },
      },
      // Gone once done: the ledger, not Redis, remembers what was sent; a failed job is queued again by a later pass.
      opts: { jobId: reminderJobId(order.public_id, d), removeOnComplete: true, removeOnFail: true },
    })),
  )
  result.queued += sends.length
}

function ledgerKey(order: Pick<OrderRow, 'id'>, d: DueReminder) {
  return {
    order_id: Number(order.id),
    service_id: d.serviceId,
    module_id: d.moduleId,
    reminder_id: d.reminderId,
    recipient: d.recipient,
    recipient_user_id: d.recipientUserId,
    days: d.days,
    due_at: d.dueAt,
  }
}

// ---------------------------------------------------------------------------------------------
// The e-mail job's side.

export type ReminderClaim =
  { kind: 'claimed'; t: TenantScope; rowId: number; token: string; mail: ComposeInput; messageId: string } | { kind: 'done' } | { kind: 'busy' } | { kind: 'not-due' }

/** What the reminder says now and whom it goes to, if it is still due as of the pass that queued it. */
async function stillDue(t: TenantScope, source: ReminderSource) {
  const order = await scoped(t, 'orders').select(ORDER_COLUMNS).where('id', '=', source.orderId).executeTakeFirst()
  if (!order) return null
  const flags = { archived: !!order.archived, testOrder: !!order.test_order, markedAsComplete: !!order.marked_as_complete, completedAt: order.completed_at }
  if (!orderTakesReminders(flags)) return null
  const reminders = await liveReminders(t)
  const key = reminderKey(source.serviceId, source.moduleId, source.reminderId)
  const [tasks, handled] = await Promise.all([tasksOf(t, [order.id]), handledOf(t, [order.id], DEFAULT_STALE_MS)])
  const others = new Set([...(handled.get(Number(order.id)) ?? [])].filter((k) => k !== key))
  const due = dueReminders(scheduleOrder(order), tasks.get(Number(order.id)) ?? [], (s, m) => reminders.get(s)?.get(m), others, new Date(source.asOf)).find(
    (d) => d.state === 'send' && reminderKey(d.serviceId, d.moduleId, d.reminderId) === key,
  )
  if (!due) return null
  const reminder = reminders
    .get(source.serviceId)
    ?.get(source.moduleId)
    ?.find((r) => r.id === source.reminderId)
  if (!reminder) return null
  const people = await activeRecipients(t, [due.recipientUserId, ...(order.writer_id !== null ? [Number(order.writer_id)] : [])])
  const recipient = people.get(due.recipientUserId)
  if (!recipient) return null
  return { order, due, reminder, recipient, writer: order.writer_id !== null ? (people.get(Number(order.writer_id)) ?? null) : null }
}

/**
 * Claims the reminder's ledger row for this job (a unique key: one claim wins), after checking it is
 * still due with today's workflow, order and recipient. A claim left 'sending' by a crashed job is
 * taken over once it is older than staleMs.
 */
export async function claimReminder(clientId: number, source: ReminderSource, staleMs = DEFAULT_STALE_MS): Promise<ReminderClaim> {
  const t = tenantForJob(clientId)
  const existing = () =>
    scoped(t, 'reminder_sends')
      .select(['id', 'state', 'claim_token', 'claimed_at'])
      .where('order_id', '=', source.orderId)
      .where('service_id', '=', source.serviceId)
      .where('module_id', '=', source.moduleId)
      .where('reminder_id', '=', source.reminderId)
      .executeTakeFirst()
  const before = await existing()
  if (before && before.state !== 'sending') return { kind: 'done' }
  const live = await stillDue(t, source)
  if (!live) return { kind: 'not-due' }
  const token = randomBytes(12).toString('hex')
  const inserted = await scopedInsert(t, 'reminder_sends', { ...ledgerKey(live.order, live.due), state: 'sending', claim_token: token, claimed_at: new Date() })
    .ignore()
    .executeTakeFirst()
  let rowId = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? Number(inserted.insertId) : 0
  if (!rowId) {
    const row = await existing()
    if (!row || row.state !== 'sending') return row ? { kind: 'done' } : { kind: 'busy' }
    if (Date.now() - new Date(row.claimed_at).getTime() < staleMs) return { kind: 'busy' }
    // Take the dead claim over; of two takers, the one whose update matches the old token wins.
    const taken = await scopedUpdate(t, 'reminder_sends')
      .set({ claim_token: token, claimed_at: new Date() })
      .where('id', '=', row.id)
      .where('state', '=', 'sending')
      .where((eb) => (row.claim_token === null ? eb('claim_token', 'is', null) : eb('claim_token', '=', row.claim_token)))
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) return { kind: 'busy' }
    rowId = Number(row.id)
  }
  const { order, due, reminder, recipient, writer } = live
  const service = order.services.find((s) => s._id === due.serviceId)
  return {
    kind: 'claimed',
    t,
    rowId,
    token,
    messageId: reminderMessageId(order.public_id, due),
    mail: {
      clientId,
      to: recipient.email,
      template: REMINDER_TEMPLATE,
      fields: {
        firstName: recipient.firstName,
        customerName: order.customer_name,
        customerFirstName: order.customer_first_name,
        contributorName: writer ? `${writer.firstName} ${writer.lastName}`.trim() : '',
        contributorFirstName: writer?.firstName ?? '',
        productName: order.package_name,
        serviceName: service?.serviceName ?? '',
        moduleTitle: due.moduleTitle,
        orderId: order.public_id,
      },
      buttonLink: await portalLink(clientId, '/login'),
      // The reminder's own words, as the workflow holds them now.
      override: { subject: reminder.email.subject, body: reminder.email.body },
    },
  }
}

/** Delivered: the row says so for good. */
export async function markReminderSent(t: TenantScope, rowId: number, token: string): Promise<void> {
  await scopedUpdate(t, 'reminder_sends').set({ state: 'sent', sent_at: new Date(), claim_token: null }).where('id', '=', rowId).where('claim_token', '=', token).execute()
}

/** Nothing left: the claim goes, so a retry (or a later pass) may send it. */
export async function releaseReminder(t: TenantScope, rowId: number, token: string): Promise<void> {
  await scopedDelete(t, 'reminder_sends').where('id', '=', rowId).where('claim_token', '=', token).where('state', '=', 'sending').execute()
}
