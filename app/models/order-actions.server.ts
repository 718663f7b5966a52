// Order actions of the orders list (settings, flags, due date, completion, contributor and reviewer):
// `orderActions` is their one write path. Each finds the orders of this organisation first (foreign or
// unknown ids are simply absent), validates, writes, records an activity entry per changed order and audits.
import { sql } from 'kysely'
import type { Tenant } from './auth-guards.server'
import { nextFlagValue, type OrderFlag } from '#app/rules/order-flags'
import { PRIORITY_STYLE, type OrderPriority } from '#app/rules/order-priority'
import { COMPLETED_ORDER_ASSIGNMENT, isCompletedOrder, schedulingLinkWarning } from '#app/rules/order-assignment'
import { newPublicId, sha256 } from '#app/services/crypto.server'
import { queueEmailIn } from './system-mail.server'
import { kickOutbox } from '#app/services/outbox.server'
import { scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { noteAnalyticsChange } from './analytics-events.server'
import { audited } from './audit.server'
import { claimFile, findFile } from './files.server'
import { findOrder, findOrders, type OrderRow, recordActivity } from './orders.server'
import { deliver, notify } from './notifications.server'
import { orderMail } from './order-mail.server'
import { MEMBER_COLUMNS, type MemberRow, membersQuery } from './people.server'
import { toWriterData, writerProfile } from './staff.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { customerForContributor, WORK_HOME, workOrderPath } from '#app/rules/contributor'

export const ORDER_NOT_FOUND = 'Order not found'
export const ALREADY_COMPLETED = 'This order is already marked as completed.'
export const CONTRIBUTOR_NOT_FOUND = 'Contributor not found'
export const REVIEWER_NOT_FOUND = 'Reviewer not found'
export const NOT_A_CONTRIBUTOR = 'Please select an active contributor'
export const NOT_A_REVIEWER = 'Please select an active reviewer'
export const FILE_NOT_FOUND = 'File not found'

export type OrderActionError = { ok: false; status: 400 | 404; error: string }
export type OrderActionResult = { ok: true; orders: OrderRow[]; changed: number; warning?: string | null } | OrderActionError

const fail = (status: OrderActionError['status'], error: string): OrderActionError => ({ ok: false, status, error })

/** The column behind each flag of the API. */
const FLAG_COLUMNS = { archived: 'archived', testOrder: 'test_order', hideOrder: 'hide_order' } as const satisfies Record<OrderFlag, keyof OrderRow>

const FLAG_WORDS: Record<OrderFlag, [on: string, off: string]> = {
  archived: ['Archived', 'Unarchived'],
  testOrder: ['Marked as a test order', 'Unmarked as a test order'],
  hideOrder: ['Hidden', 'Unhidden'],
}

const now = () => sql<Date>`CURRENT_TIMESTAMP(3)`
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()
const idsOf = (rows: OrderRow[]) => rows.map((r) => r.id)
const completed = (row: OrderRow) => isCompletedOrder({ statusPercentage: row.status_percentage, markedAsComplete: !!row.marked_as_complete })

async function reload(t: TenantScope, rows: OrderRow[]): Promise<OrderRow[]> {
  return findOrders(
    t,
    rows.map((r) => r.public_id),
  )
}

async function setColumns(tx: TenantScope, orderIds: number[], values: Record<string, unknown>) {
  if (orderIds.length === 0) return
  await scopedUpdate(tx, 'orders')
    .set({ ...values, updated_at: now() } as never)
    .where('id', 'in', orderIds)
    .execute()
}

/** One order of this organisation by public id, or the 404. */
async function oneOrder(t: Tenant, publicId: string): Promise<OrderRow | OrderActionError> {
  return (await findOrder(t, publicId)) ?? fail(404, ORDER_NOT_FOUND)
}

async function someOrders(t: Tenant, publicIds: string[]): Promise<OrderRow[] | OrderActionError> {
  const rows = await findOrders(t, publicIds)
  return rows.length ? rows : fail(404, ORDER_NOT_FOUND)
}

const isError = (v: unknown): v is OrderActionError => !!v && typeof v === 'object' && 'ok' in v && (v as { ok: unknown }).ok === false

// ---------------------------------------------------------------------------------------------
// People who may be put on an order

export type Assignee = MemberRow & { schedulingLink: string | null }

/**
 * A staff member of this organisation holding `permission` (WRITER or REVIEWER), active and not
 * archived. Someone of another organisation is not found (404); someone here without the role is a 400.
 */
export async function findAssignee(t: Tenant, publicId: string, permission: 'WRITER' | 'REVIEWER'): Promise<Assignee | OrderActionError> {
  const row = (await membersQuery(t)
    .select([...MEMBER_COLUMNS])
    .where('u.public_id', '=', publicId)
    .executeTakeFirst()) as MemberRow | undefined
  const [missing, wrong] = permission === 'WRITER' ? [CONTRIBUTOR_NOT_FOUND, NOT_A_CONTRIBUTOR] : [REVIEWER_NOT_FOUND, NOT_A_REVIEWER]
  if (!row) return fail(404, missing)
  const usable = (row.role === 'user' || row.role === 'client') && row.active && !row.archived && row.userActive && (row.permissions ?? []).includes(permission)
  if (!usable) return fail(400, wrong)
  const profile = permission === 'WRITER' ? await writerProfile(t, row.userId) : undefined
  return { ...row, schedulingLink: toWriterData(profile).schedulingLink }
}

/**
 * The file for the writer: an upload of this organisation by its key. A generic upload must be the
 * actor's own (it is readable only by its uploader until claimed); claiming makes it an order file.
 */
async function claimFileForOrder(t: Tenant, key: string) {
  const row = await findFile(t, key)
  if (!row || row.storage_key !== key) return null
  if (row.purpose === 'upload' && row.uploaded_by !== t.user.id) return null
  const claimed = await claimFile(t, key, 'order_file')
  return claimed ? { ...claimed, id: Number(row.id) } : null
}

// ---------------------------------------------------------------------------------------------
// Writes

async function setDueDate(t: Tenant, orderIds: string[], dueDate: string): Promise<OrderActionResult> {
  const rows = await someOrders(t, orderIds)
  if (isError(rows)) return rows
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, idsOf(rows), { due_date: new Date(`${dueDate}T00:00:00.000Z`) })
    await recordActivity(tx, idsOf(rows), t.user.id, `Due date set to ${dueDate} by ${nameOf(t.user)}`)
  })
  return { ok: true, orders: await reload(t, rows), changed: rows.length }
}

async function setPriority(t: Tenant, orderId: string, priority: OrderPriority): Promise<OrderActionResult> {
  const row = await oneOrder(t, orderId)
  if (isError(row)) return row
  if (row.priority === priority) return { ok: true, orders: [row], changed: 0 }
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, [row.id], { priority })
    await recordActivity(tx, row.id, t.user.id, `Priority changed from ${PRIORITY_STYLE[row.priority].label} to ${PRIORITY_STYLE[priority].label} by ${nameOf(t.user)}`)
  })
  return { ok: true, orders: await reload(t, [row]), changed: 1 }
}

async function setAmountPaidToWriter(t: Tenant, orderId: string, amount: number): Promise<OrderActionResult> {
  const row = await oneOrder(t, orderId)
  if (isError(row)) return row
  const cents = Math.round(amount * 100)
  if (row.amount_paid_to_writer_cents !== null && Number(row.amount_paid_to_writer_cents) === cents) return { ok: true, orders: [row], changed: 0 }
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, [row.id], { amount_paid_to_writer_cents: cents })
    await recordActivity(tx, row.id, t.user.id, `Amount paid to the contributor set to ${amount} ${row.currency.toUpperCase()} by ${nameOf(t.user)}`)
  })
  return { ok: true, orders: await reload(t, [row]), changed: 1 }
}

/** Sets one flag of the given orders to `value`; activity only for orders whose flag changes. */
async function writeFlag(t: Tenant, rows: OrderRow[], flag: OrderFlag, value: boolean): Promise<number> {
  const column = FLAG_COLUMNS[flag]
  const changing = rows.filter((r) => !!r[column] !== value)
  if (changing.length === 0) return 0
  const [on, off] = FLAG_WORDS[flag]
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, idsOf(changing), { [column]: value })
    await recordActivity(tx, idsOf(changing), t.user.id, `${value ? on : off} by ${nameOf(t.user)}`)
  })
  // Test orders are left out of the dashboard's figures.
  if (flag === 'testOrder') await noteAnalyticsChange(t, 'order', idsOf(changing))
  return changing.length
}

async function setFlag(t: Tenant, orderId: string, flag: OrderFlag, value: boolean): Promise<OrderActionResult> {
  const row = await oneOrder(t, orderId)
  if (isError(row)) return row
  const changed = await writeFlag(t, [row], flag, value)
  return { ok: true, orders: await reload(t, [row]), changed }
}

/** The bulk rule (back-office section 4): the opposite of a state all selected orders share, else set. */
async function bulkFlags(t: Tenant, orderIds: string[], flag: OrderFlag): Promise<OrderActionResult & { value?: boolean }> {
  const rows = await someOrders(t, orderIds)
  if (isError(rows)) return rows
  const value = nextFlagValue(rows.map((r) => !!r[FLAG_COLUMNS[flag]]))
  const changed = await writeFlag(t, rows, flag, value)
  return { ok: true, orders: await reload(t, rows), changed, value }
}

/** Irreversible: 100 percent, marked as complete and a completion time; nothing offers the way back. */
async function markAsComplete(t: Tenant, orderId: string): Promise<OrderActionResult> {
  const row = await oneOrder(t, orderId)
  if (isError(row)) return row
  if (row.marked_as_complete) return fail(400, ALREADY_COMPLETED)
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, [row.id], { status_percentage: 100, marked_as_complete: true, completed_at: row.completed_at ?? new Date() })
    await recordActivity(tx, row.id, t.user.id, `Marked as completed by ${nameOf(t.user)}`)
  })
  await noteAnalyticsChange(t, 'order', [row.id])
  return { ok: true, orders: await reload(t, [row]), changed: 1 }
}

/** Completed orders keep their team (back-office section 4): the whole request is refused. */
function refuseCompleted(rows: OrderRow[]): OrderActionError | null {
  return rows.some(completed) ? fail(400, COMPLETED_ORDER_ASSIGNMENT) : null
}

export type AssignWriterOptions = { message?: string; fileKey?: string | null }

async function assignWriter(t: Tenant, orderIds: string[], writerId: string | null, opts: AssignWriterOptions = {}): Promise<OrderActionResult & { writer?: Assignee | null }> {
  const rows = await someOrders(t, orderIds)
  if (isError(rows)) return rows
  const refused = refuseCompleted(rows)
  if (refused) return refused
  if (writerId === null) return unassign(t, rows, 'writer')

  const writer = await findAssignee(t, writerId, 'WRITER')
  if (isError(writer)) return writer
  const file = opts.fileKey ? await claimFileForOrder(t, opts.fileKey) : null
  if (opts.fileKey && !file) return fail(400, FILE_NOT_FOUND)
  const message = opts.message?.trim() ?? ''
  const changing = rows.filter((r) => r.writer_id !== writer.userId)
  const assignedAt = new Date()
  const outbox = await tenantTransaction(t, async (tx) => {
    await setColumns(tx, idsOf(changing), { writer_id: writer.userId, assigned_at: assignedAt })
    await recordActivity(tx, idsOf(changing), t.user.id, `Contributor ${nameOf(writer)} assigned by ${nameOf(t.user)}`)
    if (message) await recordActivity(tx, idsOf(rows), t.user.id, `Message to the contributor: ${message}`)
    if (file) {
      await scopedInsert(
        tx,
        'order_files',
        rows.map((r) => ({ public_id: newPublicId(), order_id: r.id, file_id: file.id, kind: 'to_writer' as const, uploaded_by: t.user.id })),
      ).execute()
      await recordActivity(tx, idsOf(rows), t.user.id, `File ${file.originalname} sent to the contributor`)
    }
    // The contributor's and the customers' e-mails commit with the assignment (ADR 0101, 0109).
    const mailId = await emailWriter(t, tx, writer, rows, { message, fileName: file?.originalname ?? null, at: assignedAt })
    const customerMails = await orderMail.contributorAssigned(tx, writer.userId, changing, assignedAt)
    return {
      live: await notify.assigned(tx, { role: 'writer', assigneeUserId: writer.userId, orderIds: idsOf(changing), actorUserId: t.user.id }),
      mails: [mailId, ...customerMails],
    }
  })
  await kickOutbox(outbox.mails)
  await deliver(outbox.live)
  await noteAnalyticsChange(t, 'order', idsOf(changing))
  return { ok: true, orders: await reload(t, rows), changed: changing.length, writer, warning: schedulingLinkWarning(rows, writer.schedulingLink) }
}

async function assignReviewer(t: Tenant, orderIds: string[], reviewerId: string | null): Promise<OrderActionResult> {
  const rows = await someOrders(t, orderIds)
  if (isError(rows)) return rows
  const refused = refuseCompleted(rows)
  if (refused) return refused
  if (reviewerId === null) return unassign(t, rows, 'reviewer')
  const reviewer = await findAssignee(t, reviewerId, 'REVIEWER')
  if (isError(reviewer)) return reviewer
  const changing = rows.filter((r) => r.reviewer_id !== reviewer.userId)
  const outbox = await tenantTransaction(t, async (tx) => {
    await setColumns(tx, idsOf(changing), { reviewer_id: reviewer.userId })
    await recordActivity(tx, idsOf(changing), t.user.id, `Reviewer ${nameOf(reviewer)} assigned by ${nameOf(t.user)}`)
    return notify.assigned(tx, { role: 'reviewer', assigneeUserId: reviewer.userId, orderIds: idsOf(changing), actorUserId: t.user.id })
  })
  await deliver(outbox)
  return { ok: true, orders: await reload(t, rows), changed: changing.length }
}

async function unassign(t: Tenant, rows: OrderRow[], role: 'writer' | 'reviewer'): Promise<OrderActionResult> {
  const column = role === 'writer' ? 'writer_id' : 'reviewer_id'
  const changing = rows.filter((r) => r[column] !== null)
  await tenantTransaction(t, async (tx) => {
    await setColumns(tx, idsOf(changing), role === 'writer' ? { writer_id: null, assigned_at: null } : { reviewer_id: null })
    await recordActivity(tx, idsOf(changing), t.user.id, `${role === 'writer' ? 'Contributor' : 'Reviewer'} unassigned by ${nameOf(t.user)}`)
  })
  if (role === 'writer') await noteAnalyticsChange(t, 'order', idsOf(changing))
  return { ok: true, orders: await reload(t, rows), changed: changing.length }
}

/** The writer hears of the assignment through the e-mail queue; one mail per assignment, however many orders. */
/**
 * Writes the contributor's assignment e-mail to the outbox in the assignment's transaction `tx` (ADR 0101) and
 * returns its row id, for the caller to kick once the transaction has committed.
 */
export async function emailWriter(t: Tenant, tx: TenantScope, writer: Assignee, rows: OrderRow[], info: { message: string; fileName: string | null; at: Date }): Promise<number> {
  const company = t.user.organisationName ?? 'Your team'
  const note = [info.message ? `Message: ${info.message}` : '', info.fileName ? `A file was attached for you: ${info.fileName}` : ''].filter(Boolean).join('\n')
  const jobId = `order-assigned-${t.clientId}-${writer.userId}-${sha256(
    rows
      .map((r) => r.public_id)
      .sort()
      .join(','),
  )}-${info.at.getTime()}`
  const only = rows.length === 1 ? rows[0]! : null
  const common = { contributorFirstName: writer.firstName, contributorName: nameOf(writer), companyName: company }
  // The contributor reads the customer as contributors may (first name only unless the organisation shows contact details).
  const show = !!(await getWebsiteSettings(tx)).show_customer_contact_to_writers
  const customerOf = (r: OrderRow) => {
    const seen = customerForContributor({ firstName: r.customer_first_name, lastName: r.customer_last_name, email: null }, show)
    return `${seen.firstName} ${seen.lastName}`.trim()
  }
  // One order taken from another contributor is a reassignment; anything else an assignment (both are system e-mail templates).
  const mail =
    only && only.writer_id !== null && only.writer_id !== writer.userId
      ? { template: 'order_reassigned', fields: { ...common, orderId: only.public_id, productName: only.package_name, customerName: customerOf(only), assignmentNote: note } }
      : {
          template: 'order_assigned',
          fields: {
            ...common,
            ordersAssigned: only ? 'New order' : `${rows.length} new orders`,
            orderList: rows.map((r) => `${r.package_name} for ${customerOf(r)} (order ${r.public_id})`).join('\n'),
            assignmentNote: note,
          },
        }
  // The button opens the order in the contributor's workspace (several orders: My work).
  return queueEmailIn(tx, { clientId: t.clientId, to: writer.email, ...mail, buttonPath: only ? workOrderPath(only.public_id) : WORK_HOME }, { jobId })
}

// ---------------------------------------------------------------------------------------------
// The actions as routes call them: each writes its audit row, success or refusal.

/** An order row's audit message: `ok` on success, `failed: <the refusal>` otherwise. */
const said = (ok: string, failed: string) => (r: OrderActionResult) => (r.ok ? ok : `${failed}: ${r.error}`)

const list = (ids: readonly string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', '))

export const orderActions = {
  async setDueDate(t: Tenant, request: Request, orderIds: string[], dueDate: string) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'due-date', message: said(`Set due date ${dueDate} on orders ${list(orderIds)}`, `Due date not set on ${list(orderIds)}`) },
      await setDueDate(t, orderIds, dueDate),
    )
  },
  async setPriority(t: Tenant, request: Request, orderId: string, priority: OrderPriority) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'priority', message: said(`Set priority ${priority} on order ${orderId}`, `Priority not set on ${orderId}`) },
      await setPriority(t, orderId, priority),
    )
  },
  async setAmountPaidToWriter(t: Tenant, request: Request, orderId: string, amount: number) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'amount-paid-to-writer', message: said(`Set amount paid to the contributor (${amount}) on order ${orderId}`, `Amount not set on ${orderId}`) },
      await setAmountPaidToWriter(t, orderId, amount),
    )
  },
  async setTestOrder(t: Tenant, request: Request, orderId: string, value: boolean) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'test-order', message: said(`${value ? 'Marked' : 'Unmarked'} order ${orderId} as a test order`, `Test flag not set on ${orderId}`) },
      await setFlag(t, orderId, 'testOrder', value),
    )
  },
  async setArchived(t: Tenant, request: Request, orderId: string, value: boolean) {
    return audited(
      t,
      request,
      { module: 'orders', action: value ? 'archive' : 'unarchive', message: said(`${value ? 'Archived' : 'Unarchived'} order ${orderId}`, `Archive flag not set on ${orderId}`) },
      await setFlag(t, orderId, 'archived', value),
    )
  },
  async setHideOrder(t: Tenant, request: Request, orderId: string, value: boolean) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'hide-order', message: said(`${value ? 'Hid' : 'Unhid'} order ${orderId}`, `Hidden flag not set on ${orderId}`) },
      await setFlag(t, orderId, 'hideOrder', value),
    )
  },
  async bulkFlags(t: Tenant, request: Request, orderIds: string[], flag: OrderFlag) {
    return audited(
      t,
      request,
      {
        module: 'orders',
        action: `bulk-${flag}`,
        message: (r) => (r.ok ? `Set ${flag} to ${r.value} on ${r.changed} of ${orderIds.length} selected orders (${list(orderIds)})` : `Bulk ${flag} refused: ${r.error}`),
      },
      await bulkFlags(t, orderIds, flag),
    )
  },
  async markAsComplete(t: Tenant, request: Request, orderId: string) {
    return audited(
      t,
      request,
      { module: 'orders', action: 'mark-complete', message: said(`Marked order ${orderId} as completed`, `Order ${orderId} not marked as completed`) },
      await markAsComplete(t, orderId),
    )
  },
  async assignWriter(t: Tenant, request: Request, orderIds: string[], writerId: string | null, opts: AssignWriterOptions = {}) {
    const action = writerId ? 'assign-writer' : 'unassign-writer'
    return audited(
      t,
      request,
      {
        module: 'orders',
        action,
        message: said(
          `${writerId ? `Assigned contributor ${writerId} to` : 'Unassigned the contributor of'} orders ${list(orderIds)}`,
          `Contributor not changed on ${list(orderIds)}`,
        ),
      },
      await assignWriter(t, orderIds, writerId, opts),
    )
  },
  async assignReviewer(t: Tenant, request: Request, orderIds: string[], reviewerId: string | null) {
    const action = reviewerId ? 'assign-reviewer' : 'unassign-reviewer'
    return audited(
      t,
      request,
      {
        module: 'orders',
        action,
        message: said(`${reviewerId ? `Assigned reviewer ${reviewerId} to` : 'Unassigned the reviewer of'} orders ${list(orderIds)}`, `Reviewer not changed on ${list(orderIds)}`),
      },
      await assignReviewer(t, orderIds, reviewerId),
    )
  },
}
