// Notifications of the signed-in person (ADR 0042): the list, the unread count, marking seen, and the
// notifications each event of the product creates (in the event's own transaction) and pushes live.
import { type Selectable, sql } from 'kysely'
import { formatMoney } from '#app/rules/money'
import { BADGE_COUNT_CAP, chatGroupKey, NOTIFICATIONS_PAGE_SIZE, notificationText, recipientsOf, type StaffEvent, staffInterestedIn } from '#app/rules/notifications'
import { newPublicId } from '#app/services/crypto.server'
import { publishRealtime } from '#app/services/realtime-publish.server'
import { scoped, scopedAs, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import type { NotificationData, NotificationKind } from '#db/tables/notifications'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import type { Database } from '#db/types'
import { membersQuery } from './people.server'
import { getWebsiteSettings } from './organisation-settings.server'
import { customerForContributor, WORK_HOME, workOrderPath } from '#app/rules/contributor'

/** Whose notifications: the session's own account in its organisation, never an id from input. */
export type Recipient = TenantScope & { user: { id: number } }

/** The spec's Notification: `contant` and createdAt, with the platform notification's data. */
export type NotificationJson = {
  _id: string
  contant: string
  kind: NotificationKind
  link: string | null
  seen: boolean
  createdAt: string
  data: NotificationData
}

const COLUMNS = ['public_id', 'kind', 'content', 'link', 'data', 'seen', 'created_at'] as const

type Row = Pick<Selectable<Database['notifications']>, (typeof COLUMNS)[number]>

export function toNotificationJson(row: Row): NotificationJson {
  return {
    _id: row.public_id,
    contant: row.content,
    kind: row.kind,
    link: row.link,
    seen: !!row.seen,
    createdAt: new Date(row.created_at).toISOString(),
    data: row.data,
  }
}

function ownNotifications(t: Recipient) {
  return scoped(t, 'notifications').where('user_id', '=', t.user.id)
}

// ---------------------------------------------------------------------------------------------
// Reading and marking seen

export type NotificationsPage = { notifications: NotificationJson[]; hasMore: boolean; count: number }

/**
 * Newest first, `pages` pages from `page` (the no-JS page shows pages 1..n at once); `unread` keeps
 * only unseen ones (the dropdown). `count` is the unread count, whichever list was asked for.
 */
export async function listNotifications(t: Recipient, opts: { page?: number; pages?: number; unread?: boolean } = {}): Promise<NotificationsPage> {
  const page = Math.max(1, opts.page ?? 1)
  const size = NOTIFICATIONS_PAGE_SIZE * Math.max(1, opts.pages ?? 1)
  let query = ownNotifications(t).select(COLUMNS)
  if (opts.unread) query = query.where('seen', '=', false)
  const [rows, count] = await Promise.all([
    query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size + 1)
      .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE)
      .execute(),
    unreadCount(t),
  ])
  return { notifications: (rows.slice(0, size) as Row[]).map(toNotificationJson), hasMore: rows.length > size, count }
}

export async function unreadCount(t: Recipient): Promise<number> {
  const row = await ownNotifications(t)
    .where('seen', '=', false)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The top bar's count on every page: at most BADGE_COUNT_CAP index entries are read, however many
 * unread notifications someone has let pile up (the badge shows '99+' from 100). A query (one row, `n`):
 * the shell reads it with its other facts in one round trip (shell.server.ts).
 */
export function unreadBadgeQuery(t: Recipient) {
  const unread = ownNotifications(t).where('seen', '=', false).select('id').limit(BADGE_COUNT_CAP)
  return t.db.selectFrom(unread.as('unread')).select((eb) => eb.fn.countAll<number>().as('n'))
}

/** Every unseen notification of the person becomes seen; returns how many changed. */
export async function markAllSeen(t: Recipient): Promise<number> {
  const result = await scopedUpdate(t, 'notifications')
    .set({ seen: true, seen_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('user_id', '=', t.user.id)
    .where('seen', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * One notification of the person becomes seen. False when it is not theirs (another person's, another
 * organisation's or unknown: all the same answer); an already seen one is simply still seen.
 */
export async function markSeen(t: Recipient, publicId: string): Promise<boolean> {
  const result = await scopedUpdate(t, 'notifications')
    .set({ seen: true, seen_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .where('user_id', '=', t.user.id)
    .where('public_id', '=', publicId)
    .where('seen', '=', false)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) > 0) return true
  return !!(await ownNotifications(t).select('id').where('public_id', '=', publicId).executeTakeFirst())
}

/** The calls as pages and the JSON API make them: one place for each rule. */
export const notificationActions = {
  list: listNotifications,
  /** PATCH /api/clear-notifications: all seen, then the first page again (only unread ones with `unread`). */
  async clearAll(t: Recipient, opts: { unread?: boolean } = {}) {
    await markAllSeen(t)
    return listNotifications(t, { page: 1, unread: opts.unread })
  },
  /** PATCH /api/clear-single-notifications: null when the id is not one of the person's notifications. */
  async clearOne(t: Recipient, publicId: string): Promise<{ count: number } | null> {
    if (!(await markSeen(t, publicId))) return null
    return { count: await unreadCount(t) }
  },
}

// ---------------------------------------------------------------------------------------------
// Creating them: inside the event's transaction (so an event and its notifications exist together),
// then delivered live once it has committed.

/** What an event created, to push once its transaction has committed. */
export type Outbox = { userId: number; notification: NotificationJson }[]

/** Content and link may differ per recipient: a contributor's link opens /work, their text names the customer as contributors see them. */
type PerRecipient<T> = T | ((userId: number) => T)
type NewNotification = { kind: NotificationKind; content: PerRecipient<string>; link: PerRecipient<string | null>; sender: Sender | null; groupKey?: string | null }
const forUser = <T>(value: PerRecipient<T>, userId: number): T => (typeof value === 'function' ? (value as (id: number) => T)(userId) : value)
type Sender = { name: string; prefName: string | null; img: string | null }

async function senderOf(tx: TenantScope, userId: number | null): Promise<Sender | null> {
  if (!userId) return null
  const row = await membersQuery(tx).select(['u.first_name', 'u.last_name', 'u.profile_img', 'm.customer_facing_name']).where('u.id', '=', userId).executeTakeFirst()
  if (!row) return null
  return { name: `${row.first_name} ${row.last_name}`.trim(), prefName: row.customer_facing_name, img: row.profile_img }
}

async function insertFor(tx: TenantScope, userIds: readonly number[], n: NewNotification): Promise<Outbox> {
  if (userIds.length === 0) return []
  const createdAt = new Date()
  const data: NotificationData = { senderName: n.sender?.name ?? null, senderPrefName: n.sender?.prefName ?? null, senderImg: n.sender?.img ?? null, action: n.kind }
  const rows = userIds.map((userId) => ({ userId, publicId: newPublicId(), content: forUser(n.content, userId).slice(0, 1000), link: forUser(n.link, userId) }))
  await scopedInsert(
    tx,
    'notifications',
    rows.map((r) => ({
      public_id: r.publicId,
      user_id: r.userId,
      kind: n.kind,
      content: r.content,
      link: r.link,
      data: JSON.stringify(data),
      group_key: n.groupKey ?? null,
      created_at: createdAt,
    })),
  ).execute()
  return rows.map((r) => ({
    userId: r.userId,
    notification: { _id: r.publicId, contant: r.content, kind: n.kind, link: r.link, seen: false, createdAt: createdAt.toISOString(), data },
  }))
}

/**
 * Pushes each new notification to every socket of its recipient, on whichever app process it is
 * connected. Best effort: the row is what the page and the dropdown read, so a lost push only
 * delays the badge until the next page load.
 */
export async function deliver(outbox: Outbox): Promise<void> {
  await Promise.all(
    outbox.map(({ userId, notification }) =>
      publishRealtime(`user:${userId}`, { type: 'notification', notification }).catch((error: unknown) =>
        console.error(`[notifications] push to user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`),
      ),
    ),
  )
}

/** Active owners and staff of the organisation who hear of a broadcast event. */
async function interestedStaff(tx: TenantScope, event: StaffEvent, opts: { pendingApproval?: boolean } = {}): Promise<number[]> {
  const members = await membersQuery(tx)
    .select(['m.user_id', 'm.role', 'm.permissions', 'm.active', 'm.archived', 'u.active as userActive'])
    .where('m.role', 'in', ['client', 'user'])
    .limit(5000)
    .execute()
  return members
    .filter((m) =>
      staffInterestedIn(
        { userId: m.user_id, role: m.role as 'client' | 'user', permissions: m.permissions ?? [], active: !!m.active && !m.archived && !!m.userActive },
        event,
        opts,
      ),
    )
    .map((m) => m.user_id)
}

const projectLink = (orderPublicId: string) => `/project/view/${orderPublicId}`

/** An order's team as its notifications see it: who works on it (writer, reviewer) and its customer's name. */
type OrderTeam = { publicId: string; writerId: number | null; reviewerId: number | null; customerFirstName: string; customerLastName: string; customerName: string }

/**
 * Per recipient (ADR 0068): the order's writer and reviewer open it at /work/orders/{id} (/project/view needs
 * READ_ORDERS) and read the customer as contributors may (first name only unless the organisation shows
 * contact details); staff keep /project/view and the full name.
 */
async function teamView(tx: TenantScope, order: OrderTeam, shown?: boolean) {
  const show = shown ?? !!(await getWebsiteSettings(tx)).show_customer_contact_to_writers
  const works = (userId: number) => userId === order.writerId || userId === order.reviewerId
  const seen = customerForContributor({ firstName: order.customerFirstName, lastName: order.customerLastName, email: null }, show)
  const contributorName = `${seen.firstName} ${seen.lastName}`.trim()
  return {
    link: (userId: number) => (works(userId) ? workOrderPath(order.publicId) : projectLink(order.publicId)),
    customerName: (userId: number) => (works(userId) ? contributorName : order.customerName),
  }
}
const serviceName = (services: OrderServiceSnapshot[], serviceId: string) => services.find((s) => s._id === serviceId)?.serviceName ?? ''

async function ordersOf(tx: TenantScope, orderIds: readonly number[]) {
  if (orderIds.length === 0) return []
  const rows = await scoped(tx, 'orders')
    .select(['id', 'public_id', 'package_name', 'customer_name', 'customer_first_name', 'customer_last_name', 'writer_id', 'reviewer_id'])
    .where('id', 'in', [...orderIds])
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    publicId: r.public_id,
    packageName: r.package_name,
    customerName: r.customer_name,
    team: {
      publicId: r.public_id,
      writerId: r.writer_id,
      reviewerId: r.reviewer_id,
      customerFirstName: r.customer_first_name,
      customerLastName: r.customer_last_name,
      customerName: r.customer_name,
    } satisfies OrderTeam,
  }))
}

const draftTeam = (d: {
  public_id: string
  order_writer_id: number | null
  reviewer_id: number | null
  customer_first_name: string
  customer_last_name: string
  customer_name: string
}): OrderTeam => ({
  publicId: d.public_id,
  writerId: d.order_writer_id,
  reviewerId: d.reviewer_id,
  customerFirstName: d.customer_first_name,
  customerLastName: d.customer_last_name,
  customerName: d.customer_name,
})

async function draftWithOrder(tx: TenantScope, draftId: number) {
  return scopedAs(tx, 'drafts', 'd')
    .innerJoin('orders as o', (j) => scopedJoin(tx, 'o', j.onRef('o.id', '=', 'd.order_id')))
    .select([
      'd.service_id',
      'd.writer_id',
      'd.approval_status',
      'o.public_id',
      'o.package_name',
      'o.customer_name',
      'o.customer_first_name',
      'o.customer_last_name',
      'o.services',
      'o.writer_id as order_writer_id',
      'o.reviewer_id',
    ])
    .where('d.id', '=', draftId)
    .executeTakeFirst()
}

/** The events of the product that notify someone; each runs inside the event's transaction (`tx`). */
export const notify = {
  /** A contributor (writer) or reviewer was put on orders: they hear of it, unless they did it themselves. */
  async assigned(tx: TenantScope, input: { role: 'writer' | 'reviewer'; assigneeUserId: number; orderIds: readonly number[]; actorUserId: number }): Promise<Outbox> {
    const to = recipientsOf([input.assigneeUserId], input.actorUserId)
    const orders = to.length ? await ordersOf(tx, input.orderIds) : []
    if (orders.length === 0) return []
    const sender = await senderOf(tx, input.actorUserId)
    // The assignee is the contributor: one order opens in their workspace, several on My work.
    const shown = !!(await getWebsiteSettings(tx)).show_customer_contact_to_writers
    const views = await Promise.all(orders.map((o) => teamView(tx, o.team, shown)))
    return insertFor(tx, to, {
      kind: input.role === 'writer' ? 'order_assigned' : 'reviewer_assigned',
      content: (userId) =>
        notificationText.assigned(
          sender?.name ?? 'Someone',
          input.role,
          orders.map((o, i) => ({ packageName: o.packageName, customerName: views[i]!.customerName(userId) })),
        ),
      link: (userId) => (orders.length === 1 ? views[0]!.link(userId) : WORK_HOME),
      sender,
    })
  },

  /** A draft was delivered: the order's reviewer and the owners hear of it, and approvers when it waits for approval. */
  async draftUploaded(tx: TenantScope, input: { draftId: number; actorUserId: number | null }): Promise<Outbox> {
    const draft = await draftWithOrder(tx, input.draftId)
    if (!draft) return []
    const pendingApproval = draft.approval_status === 'pending'
    const writerId = draft.writer_id ?? draft.order_writer_id
    const to = recipientsOf([draft.reviewer_id, ...(await interestedStaff(tx, 'draft_uploaded', { pendingApproval }))], input.actorUserId ?? writerId)
    if (to.length === 0) return []
    const sender = await senderOf(tx, input.actorUserId ?? writerId)
    const view = await teamView(tx, draftTeam(draft))
    return insertFor(tx, to, {
      kind: 'draft_uploaded',
      content: (userId) =>
        notificationText.draftUploaded(
          sender?.name ?? 'The contributor',
          serviceName(draft.services, draft.service_id),
          { packageName: draft.package_name, customerName: view.customerName(userId) },
          pendingApproval,
        ),
      link: view.link,
      sender,
    })
  },

  /** A revision (a draft waiting for approval) was approved or rejected: its writer hears of it. */
  async revisionDecided(tx: TenantScope, input: { draftId: number; decision: 'approved' | 'rejected'; reason?: string | null; actorUserId: number }): Promise<Outbox> {
    const draft = await draftWithOrder(tx, input.draftId)
    if (!draft) return []
    const to = recipientsOf([draft.writer_id ?? draft.order_writer_id], input.actorUserId)
    if (to.length === 0) return []
    const sender = await senderOf(tx, input.actorUserId)
    const view = await teamView(tx, draftTeam(draft))
    return insertFor(tx, to, {
      kind: input.decision === 'approved' ? 'revision_approved' : 'revision_rejected',
      content: (userId) =>
        notificationText.revisionDecided(
          sender?.name ?? 'Someone',
          input.decision,
          serviceName(draft.services, draft.service_id),
          { packageName: draft.package_name, customerName: view.customerName(userId) },
          input.reason,
        ),
      link: view.link,
      sender,
    })
  },

  /** An order of theirs is due within 24 hours and not complete (the due-soon job, ADR 0068): its writer hears of it. */
  async dueSoon(tx: TenantScope, input: { orderId: number; due: string }): Promise<Outbox> {
    const [order] = await ordersOf(tx, [input.orderId])
    if (!order || order.team.writerId === null) return []
    const view = await teamView(tx, order.team)
    return insertFor(tx, [order.team.writerId], {
      kind: 'order_due_soon',
      content: (userId) => notificationText.dueSoon({ packageName: order.packageName, customerName: view.customerName(userId) }, input.due),
      link: view.link,
      sender: null,
    })
  },

  /** An order invoice was paid: the owners and whoever reads order invoices hear of it. */
  async invoicePaid(tx: TenantScope, input: { invoiceId: number; actorUserId: number | null }): Promise<Outbox> {
    const invoice = await scoped(tx, 'order_invoices').select(['price_cents', 'currency']).where('id', '=', input.invoiceId).executeTakeFirst()
    if (!invoice) return []
    const to = recipientsOf(await interestedStaff(tx, 'invoice_paid'), input.actorUserId)
    if (to.length === 0) return []
    const items = await scoped(tx, 'order_invoice_items').select('order_id').where('invoice_id', '=', input.invoiceId).execute()
    const orders = await ordersOf(
      tx,
      items.map((i) => i.order_id).filter((id): id is number => id !== null),
    )
    return insertFor(tx, to, {
      kind: 'invoice_paid',
      content: notificationText.invoicePaid(formatMoney(Number(invoice.price_cents) / 100, invoice.currency), orders),
      link: '/orders/invoices',
      sender: await senderOf(tx, input.actorUserId),
    })
  },
}

/** The customer portal's events (issue 25): what a customer did reaches the order's team; what the team did reaches the customer. */
export const notifyPortal = {
  /**
   * A customer acted on their order (submitted a form, uploaded documents, answered questions, picked a
   * time, accepted or asked for a revision, rated, tipped): the order's writer and reviewer and the owners
   * hear of it, linked to the project page. `content` is the whole sentence, e.g. "Olive Owner submitted ...".
   */
  async customerActed(tx: TenantScope, input: { orderId: number; customerUserId: number; content: string }): Promise<Outbox> {
    const order = await scoped(tx, 'orders').select(['public_id', 'writer_id', 'reviewer_id']).where('id', '=', input.orderId).executeTakeFirst()
    if (!order) return []
    const owners = await membersQuery(tx).select('m.user_id').where('m.role', '=', 'client').where('m.active', '=', true).where('m.archived', '=', false).limit(50).execute()
    const to = recipientsOf([order.writer_id, order.reviewer_id, ...owners.map((o) => o.user_id)], input.customerUserId)
    const works = (userId: number) => userId === order.writer_id || userId === order.reviewer_id
    // The sentence names the customer in full; the order's contributors read them as contributors may (ADR 0068).
    const customer = await scoped(tx, 'users').select(['first_name', 'last_name']).where('id', '=', input.customerUserId).executeTakeFirst()
    const fullName = customer ? `${customer.first_name} ${customer.last_name}`.trim() : ''
    const show = !!(await getWebsiteSettings(tx)).show_customer_contact_to_writers
    const seen = customer ? customerForContributor({ firstName: customer.first_name, lastName: customer.last_name, email: null }, show) : null
    const contributorContent = fullName && seen ? input.content.split(fullName).join(`${seen.firstName} ${seen.lastName}`.trim()) : input.content
    return insertFor(tx, to, {
      kind: 'customer_action',
      content: (userId) => (works(userId) ? contributorContent : input.content),
      link: (userId) => (works(userId) ? workOrderPath(order.public_id) : projectLink(order.public_id)),
      sender: await senderOf(tx, input.customerUserId),
    })
  },

  /**
   * The team did something the customer should see (a draft reached them, follow-up questions, a final
   * document, an appointment proposed): the order's customer hears of it, linked to a portal page.
   * Test and hidden orders notify nobody (the customer does not see them).
   */
  async customerInformed(tx: TenantScope, input: { orderId: number; actorUserId: number | null; content: string; link: string }): Promise<Outbox> {
    const order = await scoped(tx, 'orders').select(['customer_id', 'test_order', 'hide_order']).where('id', '=', input.orderId).executeTakeFirst()
    if (!order || order.test_order || order.hide_order) return []
    const to = recipientsOf([order.customer_id], input.actorUserId)
    return insertFor(tx, to, { kind: 'order_update', content: input.content, link: input.link, sender: await senderOf(tx, input.actorUserId) })
  },
}

export type NewChatMessageNotice = {
  /** Who sent the message: an account of this organisation. */
  senderUserId: number
  /** Who should hear of it and is not watching the conversation now (the chat side knows who is). */
  recipientUserIds: readonly number[]
  /** The project of a team chat; null or absent for the contributor chat (/chat). */
  orderPublicId?: string | null
  /** The message text (HTML is fine: tags are dropped), or the file name of a file message. */
  preview: string
}

/**
 * A chat message reached people who are away: each gets a notification and a live push, unless an
 * unseen notification of the same conversation already waits for them (one is enough to bring them
 * back). Call it after the message is stored; it never throws (a failure is logged), so a chat
 * send never fails because of it. Returns how many notifications were created.
 */
export async function notifyNewChatMessage(t: TenantScope, input: NewChatMessageNotice): Promise<number> {
  try {
    const candidates = recipientsOf(input.recipientUserIds, input.senderUserId)
    if (candidates.length === 0) return 0
    let order: { publicId: string; packageName: string; customerName: string; team: OrderTeam } | null = null
    if (input.orderPublicId) {
      const row = await scoped(t, 'orders')
        .select(['public_id', 'package_name', 'customer_name', 'customer_first_name', 'customer_last_name', 'writer_id', 'reviewer_id'])
        .where('public_id', '=', input.orderPublicId)
        .executeTakeFirst()
      if (!row) return 0
      order = {
        publicId: row.public_id,
        packageName: row.package_name,
        customerName: row.customer_name,
        team: {
          publicId: row.public_id,
          writerId: row.writer_id,
          reviewerId: row.reviewer_id,
          customerFirstName: row.customer_first_name,
          customerLastName: row.customer_last_name,
          customerName: row.customer_name,
        },
      }
    }
    const groupKey = chatGroupKey({ orderPublicId: order?.publicId, senderUserId: input.senderUserId })
    // Only active people of this organisation; a foreign id is simply nobody here.
    const members = await membersQuery(t)
      .select('m.user_id')
      .where('m.user_id', 'in', candidates)
      .where('m.active', '=', true)
      .where('m.archived', '=', false)
      .where('u.active', '=', true)
      .execute()
    const waiting = await scoped(t, 'notifications').select('user_id').where('user_id', 'in', candidates).where('seen', '=', false).where('group_key', '=', groupKey).execute()
    const already = new Set(waiting.map((w) => w.user_id))
    const to = members.map((m) => m.user_id).filter((id) => !already.has(id))
    if (to.length === 0) return 0
    const sender = await senderOf(t, input.senderUserId)
    const view = order ? await teamView(t, order.team) : null
    const outbox = await insertFor(t, to, {
      kind: 'chat_message',
      content: (userId) =>
        notificationText.chatMessage(sender?.name ?? 'Someone', input.preview, order && view ? { packageName: order.packageName, customerName: view.customerName(userId) } : null),
      link: (userId) => (view ? view.link(userId) : '/chat'),
      sender,
      groupKey,
    })
    await deliver(outbox)
    return outbox.length
  } catch (error) {
    console.error(`[notifications] chat message notification failed: ${error instanceof Error ? error.message : String(error)}`)
    return 0
  }
}
