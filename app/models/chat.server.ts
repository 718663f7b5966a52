// Chat messages of one organisation: which conversation a member may open (the team chat of an order,
// the admin-contributor chat, the customer chats of an order), its history, sending (stored first,
// then published to every app process), unread counts and read markers. Used by the socket server,
// the project page, /chat and the JSON routes alike (ADR 0041).
import { type InferResult, sql } from 'kysely'
import { toStoredFile, findFile, type StoredFile } from '#app/models/files.server'
import { deliver, notifyNewChatMessage, notifyPortal } from '#app/models/notifications.server'
import { orderMail } from '#app/models/order-mail.server'
import { findOrder } from '#app/models/orders.server'
import { membersQuery } from '#app/models/people.server'
import { findStaff, listWriters } from '#app/models/staff.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import {
  CHAT_DISABLED,
  CHAT_FILE_NOT_FOUND,
  type ChatType,
  HISTORY_PAGE,
  IMPERSONATION_CHAT_REFUSED,
  isBlankText,
  MAX_MESSAGE_CHARS,
  MESSAGE_REQUIRED,
  ORDER_NOT_FOUND,
  type RoleLabel,
  roleLabelFor,
  textToHtml,
  WRITER_NOT_FOUND,
} from '#app/rules/chat'
import { can, type Guard, PERMISSION_DENIED_MESSAGE } from '#app/rules/permissions'
import { customerFacingName } from '#app/rules/order-timeline'
import { isContributor } from '#app/rules/people'
import { mayWork } from '#app/rules/contributor'
import { LOG_IN_AS_REFUSED } from '#app/rules/work-order'
import type { Tenant } from './auth-guards.server'
import { newPublicId } from '#app/services/crypto.server'
import { presentUsers } from '#app/services/chat-presence.server'
import { kickOutbox } from '#app/services/outbox.server'
import { publishRealtime } from '#app/services/realtime-publish.server'
import { isBlankHtml, sanitizeContractHtml } from '#app/services/sanitize.server'
import { scoped, scopedAs, scopedInsert, scopedJoin, scopedUpdate, type FilterableQuery } from '#db/tenant'

/** Staff who keep the contributor chat (the admin side of /chat and GET /api/client/writers/get). */
export const CONTRIBUTOR_CHAT_ADMIN: Guard = { any: ['ASSIGN_WRITER_REVIEWER', 'READ_USERS'] }
/** Staff who follow every project of the organisation (its team chats and customer chats). */
export const PROJECT_STAFF: Guard = { all: ['READ_ORDERS'] }

type OrderRef = { id: number; publicId: string; writerId: number | null; reviewerId: number | null; customerId: number }

/** A conversation a member has been allowed into, and on which side of it they are. */
export type ChatRoom =
  | { chatType: 'project'; order: OrderRef }
  | { chatType: 'adminToWriter'; writer: { id: number; publicId: string; name: string }; side: 'admin' | 'writer' }
  | { chatType: 'adminToCustomer'; order: OrderRef; side?: CustomerRoomSide }
  | { chatType: 'writerToCustomer'; order: OrderRef; side?: CustomerRoomSide }

/** Which end of a customer conversation a viewer is on: the organisation's (the default) or the customer's (the portal, ADR 0063). */
export type CustomerRoomSide = 'team' | 'customer'

/**
 * A chat actor: a member of the organisation, or (`customer` set) a customer of it on the portal,
 * whose tenant is built by the portal's session check (customer-messages.server.ts, ADR 0063).
 */
/** `logInAs`: a member's session someone else signed in to (a contributor's chat is then read-only, ADR 0067). */
export type ChatActor = Tenant & { customer?: { impersonated: boolean }; logInAs?: boolean }

/** The customer's side of a conversation: their own messages are on the right. */
function isCustomerSide(room: ChatRoom): boolean {
  return (room.chatType === 'adminToCustomer' || room.chatType === 'writerToCustomer') && room.side === 'customer'
}

export type ChatRefusal = { ok: false; code: 'not_found' | 'forbidden' | 'disabled' | 'bad_request' | 'rate_limited'; error: string }
const refuse = (code: ChatRefusal['code'], error: string): ChatRefusal => ({ ok: false, code, error })

export type RoomRef = { chatType?: ChatType; orderId?: string; writerId?: string }

async function orderRef(t: Tenant, publicId: string | undefined): Promise<OrderRef | null> {
  if (!publicId) return null
  const row = await findOrder(t, publicId)
  return row ? { id: row.id, publicId: row.public_id, writerId: row.writer_id, reviewerId: row.reviewer_id, customerId: row.customer_id } : null
}

/**
 * Opens a conversation for `t.user`, or says why not. An order or contributor of another
 * organisation is simply not found (the same answer as an unknown id).
 */
export async function openRoom(t: ChatActor, ref: RoomRef): Promise<{ ok: true; room: ChatRoom } | ChatRefusal> {
  if (t.customer) return openCustomerRoom(t, ref)
  const chatType = ref.chatType ?? 'project'
  if (chatType === 'adminToWriter') return openWriterRoom(t, ref.writerId)
  if (!ref.orderId) return refuse('bad_request', 'orderId is required')
  const order = await orderRef(t, ref.orderId)
  if (!order) return refuse('not_found', ORDER_NOT_FOUND)
  const me = t.user.id
  if (chatType === 'project') {
    // The order's own contributor and reviewer are in its team chat whatever else they may do.
    if (can(t.user, PROJECT_STAFF) || order.writerId === me || order.reviewerId === me) return { ok: true, room: { chatType, order } }
    return refuse('forbidden', PERMISSION_DENIED_MESSAGE)
  }
  if (chatType === 'adminToCustomer') {
    if (can(t.user, PROJECT_STAFF)) return { ok: true, room: { chatType, order } }
    return refuse('forbidden', PERMISSION_DENIED_MESSAGE)
  }
  // writerToCustomer and customerToWriter: one conversation of the order's contributor with its customer.
  if ((await getWebsiteSettings(t)).disable_writer_customer_chat) return refuse('disabled', CHAT_DISABLED)
  if (order.writerId !== me) return refuse('forbidden', PERMISSION_DENIED_MESSAGE)
  return { ok: true, room: { chatType: 'writerToCustomer', order } }
}

export const CUSTOMER_CHAT_TYPES = ['adminToCustomer', 'customerToWriter', 'writerToCustomer'] as const

/**
 * A customer opens one of the two conversations of one of their own orders (never a test or hidden
 * one): with the team (adminToCustomer) and with the writer (customerToWriter, stored as the
 * writerToCustomer conversation) unless the organisation turned that one off. Anything else of theirs
 * or anyone's is not found; the team chat and the contributor chat are never theirs.
 */
async function openCustomerRoom(t: ChatActor, ref: RoomRef): Promise<{ ok: true; room: ChatRoom } | ChatRefusal> {
  const chatType = ref.chatType ?? 'project'
  if (!(CUSTOMER_CHAT_TYPES as readonly string[]).includes(chatType)) return refuse('forbidden', PERMISSION_DENIED_MESSAGE)
  if (!ref.orderId || !/^[A-Za-z0-9_-]{1,64}$/.test(ref.orderId)) return refuse('not_found', ORDER_NOT_FOUND)
  const row = await scopedAs(t, 'orders', 'o')
    .select(['o.id', 'o.public_id', 'o.writer_id', 'o.reviewer_id', 'o.customer_id'])
    .where('o.public_id', '=', ref.orderId)
    .where('o.customer_id', '=', t.user.id)
    .where('o.test_order', '=', false)
    .where('o.hide_order', '=', false)
    .executeTakeFirst()
  if (!row) return refuse('not_found', ORDER_NOT_FOUND)
  const order: OrderRef = { id: row.id, publicId: row.public_id, writerId: row.writer_id, reviewerId: row.reviewer_id, customerId: row.customer_id }
  if (chatType === 'adminToCustomer') return { ok: true, room: { chatType, order, side: 'customer' } }
  if ((await getWebsiteSettings(t)).disable_writer_customer_chat) return refuse('disabled', CHAT_DISABLED)
  return { ok: true, room: { chatType: 'writerToCustomer', order, side: 'customer' } }
}

async function openWriterRoom(t: Tenant, writerPublicId: string | undefined): Promise<{ ok: true; room: ChatRoom } | ChatRefusal> {
  // A contributor opening the chat without naming anyone opens their own conversation with the admins.
  const member = await findStaff(t, writerPublicId ?? t.user.publicId)
  if (!member || !isContributor(member.permissions ?? []) || member.archived) return refuse('not_found', WRITER_NOT_FOUND)
  const writer = { id: member.userId, publicId: member.publicId, name: `${member.firstName} ${member.lastName}`.trim() }
  if (member.userId === t.user.id) return { ok: true, room: { chatType: 'adminToWriter', writer, side: 'writer' } }
  if (!can(t.user, CONTRIBUTOR_CHAT_ADMIN)) return refuse('forbidden', PERMISSION_DENIED_MESSAGE)
  return { ok: true, room: { chatType: 'adminToWriter', writer, side: 'admin' } }
}

/**
 * The order area's way into the admin-contributor chat: the order's contributor, for staff who keep
 * that chat (null otherwise, or when nobody is assigned). Opens the same conversation as /chat.
 */
export async function orderContributorChat(t: Tenant, room: ChatRoom): Promise<{ writerId: string; name: string } | null> {
  if (room.chatType !== 'project' || !room.order.writerId || !can(t.user, CONTRIBUTOR_CHAT_ADMIN) || room.order.writerId === t.user.id) return null
  const row = await scopedAs(t, 'users', 'u').select(['u.public_id', 'u.first_name', 'u.last_name']).where('u.id', '=', room.order.writerId).executeTakeFirst()
  return row ? { writerId: row.public_id, name: `${row.first_name} ${row.last_name}`.trim() } : null
}

/**
 * The realtime channel a room's subscriber listens on. Every channel names the organisation, so a
 * socket can never be handed another organisation's messages (the socket server checks it too).
 * The admins of the contributor chat share one channel carrying every contributor's conversation
 * (so the list's unread counts move live); each contributor has their own.
 */
export function roomChannel(clientId: number, room: ChatRoom): string {
  switch (room.chatType) {
    case 'project':
      return `chat:${clientId}:order:${room.order.publicId}`
    // The customer listens on a channel of their own: each side gets its own copy (isRight, names).
    case 'adminToCustomer':
      return `chat:${clientId}:customer:${room.order.publicId}${room.side === 'customer' ? ':c' : ''}`
    case 'writerToCustomer':
      return `chat:${clientId}:writer-customer:${room.order.publicId}${room.side === 'customer' ? ':c' : ''}`
    case 'adminToWriter':
      return room.side === 'admin' ? `chat:${clientId}:writers` : `chat:${clientId}:writer:${room.writer.publicId}`
  }
}

/** The organisation a chat channel belongs to (null for any other channel). */
export function channelClientId(channel: string): number | null {
  const match = /^chat:(\d+):/.exec(channel)
  return match ? Number(match[1]) : null
}

/** Where a room is in the frames: the spec's orderId or writerId next to chatType. */
export function roomAddress(room: ChatRoom) {
  return room.chatType === 'adminToWriter' ? { chatType: room.chatType, writerId: room.writer.publicId } : { chatType: room.chatType, orderId: room.order.publicId }
}

export type FileJson = { key: string; mimetype: string; originalname: string; size: number }

/** A team chat message as the spec shows it (plus the sender's name). */
export type ProjectMessageJson = {
  _id: string
  type: 'text' | 'file'
  content: string | null
  data: FileJson | null
  sent_by: string
  role_label: RoleLabel
  name: string
  createdAt: string
  order_id: string
}

/** A contributor or customer chat message as the spec shows it. */
export type PersonMessageJson = {
  _id: string
  chatType: ChatType
  type: 'text' | 'file'
  sent_by: string
  role_label: RoleLabel
  message: string | null
  name: string
  time: string
  isRight: boolean
  sentToAdmin: boolean
  data: FileJson | null
  writerId: string | null
  orderId: string | null
}

export type ChatMessageJson = ProjectMessageJson | PersonMessageJson

/** A message as messagesQuery reads it: sender and file joined. */
type MessageRow = InferResult<ReturnType<typeof messagesQuery>>[number]

function fileOf(row: MessageRow): FileJson | null {
  if (row.message_type !== 'file' || !row.file_key) return null
  return { key: row.file_key, mimetype: row.file_type ?? 'application/octet-stream', originalname: row.file_name ?? '', size: Number(row.file_size ?? 0) }
}

/** Is the message on the right (the viewer's own side) for a viewer on `side`? */
function onTheRight(row: Pick<MessageRow, 'chat_type' | 'sent_to_admin' | 'role_label'>, room: ChatRoom): boolean {
  switch (room.chatType) {
    case 'adminToWriter':
      return room.side === 'writer' ? !!row.sent_to_admin : !row.sent_to_admin
    case 'adminToCustomer':
      return room.side === 'customer' ? row.role_label === 'CUSTOMER' : row.role_label !== 'CUSTOMER'
    case 'writerToCustomer':
      return room.side === 'customer' ? row.chat_type === 'customerToWriter' : row.chat_type === 'writerToCustomer'
    case 'project':
      return false
  }
}

/** The writer's end of the writer–customer chat knows the customer by first name only (ADR 0067), in history and live frames. */
function contributorSeesCustomer(row: Pick<MessageRow, 'role_label'>, room: ChatRoom): boolean {
  return room.chatType === 'writerToCustomer' && room.side !== 'customer' && row.role_label === 'CUSTOMER'
}

function toMessageJson(row: MessageRow, room: ChatRoom): ChatMessageJson {
  // A customer knows the team by the names they chose to be known by (the order e-mails' rule).
  const name =
    isCustomerSide(room) && row.role_label !== 'CUSTOMER'
      ? customerFacingName({ customerFacingName: row.sender_customer_facing_name, firstName: row.sender_first_name, lastName: row.sender_last_name })
      : contributorSeesCustomer(row, room)
        ? row.sender_first_name
        : `${row.sender_first_name} ${row.sender_last_name}`.trim()
  const createdAt = new Date(row.created_at).toISOString()
  if (room.chatType === 'project') {
    return {
      _id: row.public_id,
      type: row.message_type,
      content: row.message_type === 'text' ? row.content : null,
      data: fileOf(row),
      sent_by: row.sender_public_id,
      role_label: row.role_label,
      name,
      createdAt,
      order_id: room.order.publicId,
    }
  }
  return {
    _id: row.public_id,
    chatType: row.chat_type,
    type: row.message_type,
    sent_by: row.sender_public_id,
    role_label: row.role_label,
    // Stored sanitized; sanitized again on the way out, as contracts are, so an old row can never carry a script.
    message: row.message_type === 'text' ? sanitizeContractHtml(row.content ?? '') : null,
    name,
    time: createdAt,
    isRight: onTheRight(row, room),
    sentToAdmin: !!row.sent_to_admin,
    data: fileOf(row),
    writerId: room.chatType === 'adminToWriter' ? room.writer.publicId : null,
    orderId: room.chatType === 'adminToWriter' ? null : room.order.publicId,
  }
}

function messagesQuery(t: Tenant) {
  return scopedAs(t, 'chat_messages', 'cm')
    .innerJoin('users as su', (j) => scopedJoin(t, 'su', j.onRef('su.id', '=', 'cm.sent_by')))
    .leftJoin('files as cf', (j) => scopedJoin(t, 'cf', j.onRef('cf.id', '=', 'cm.file_id')))
    .leftJoin('memberships as sm', (j) => scopedJoin(t, 'sm', j.onRef('sm.user_id', '=', 'cm.sent_by')))
    .select([
      'cm.id',
      'cm.public_id',
      'cm.chat_type',
      'cm.sent_to_admin',
      'cm.role_label',
      'cm.message_type',
      'cm.content',
      'cm.created_at',
      'su.public_id as sender_public_id',
      'su.first_name as sender_first_name',
      'su.last_name as sender_last_name',
      'sm.customer_facing_name as sender_customer_facing_name',
      'cf.storage_key as file_key',
      'cf.original_name as file_name',
      'cf.mime_type as file_type',
      'cf.size as file_size',
    ])
}

/** The rows of one conversation (the where clause every read and the read marker share). */
function inRoom<Q extends FilterableQuery>(query: Q, room: ChatRoom, alias = 'cm'): Q {
  const col = (c: string) => `${alias}.${c}`
  switch (room.chatType) {
    case 'project':
    case 'adminToCustomer':
      return query.where(col('order_id'), '=', room.order.id).where(col('chat_type'), '=', room.chatType) as Q
    case 'writerToCustomer':
      return query.where(col('order_id'), '=', room.order.id).where(col('chat_type'), 'in', ['writerToCustomer', 'customerToWriter']) as Q
    case 'adminToWriter':
      return query.where(col('writer_id'), '=', room.writer.id).where(col('chat_type'), '=', 'adminToWriter') as Q
  }
}

export type History = { messages: ChatMessageJson[]; hasMore: boolean }

/** A page of a conversation, oldest first: the newest `limit`, or those before message `before`. */
export async function roomHistory(t: Tenant, room: ChatRoom, opts: { before?: string | null; limit?: number } = {}): Promise<History> {
  const limit = Math.min(Math.max(opts.limit ?? HISTORY_PAGE, 1), HISTORY_PAGE)
  let query = inRoom(messagesQuery(t), room)
  if (opts.before) {
    const anchor = await inRoom(scopedAs(t, 'chat_messages', 'cm').select('cm.id'), room)
      .where('cm.public_id', '=', opts.before)
      .executeTakeFirst()
    // An id of another conversation pages nothing rather than something else's history.
    if (!anchor) return { messages: [], hasMore: false }
    query = query.where('cm.id', '<', anchor.id)
  }
  const rows = await query
    .orderBy('cm.id', 'desc')
    .limit(limit + 1)
    .execute()
  const hasMore = rows.length > limit
  return {
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((r) => toMessageJson(r, room)),
    hasMore,
  }
}

export type OutgoingMessage = { kind: 'text'; content: string; format?: 'html' | 'text' } | { kind: 'file'; key: string }

export type SentMessage = { ok: true; publicId: string; events: { channel: string; event: Record<string, unknown> }[] }

/** Who sends: the organisation's side of a conversation, or the contributor's. */
function senderSide(t: ChatActor, room: ChatRoom): { label: RoleLabel; sentToAdmin: boolean; chatType: ChatType; writerId: number | null; orderId: number | null } {
  if (t.customer && (room.chatType === 'adminToCustomer' || room.chatType === 'writerToCustomer')) {
    const chatType = room.chatType === 'adminToCustomer' ? 'adminToCustomer' : 'customerToWriter'
    return { label: 'CUSTOMER', sentToAdmin: false, chatType, writerId: chatType === 'customerToWriter' ? room.order.writerId : null, orderId: room.order.id }
  }
  switch (room.chatType) {
    case 'project':
      return { label: roleLabelFor(t.user, room.order), sentToAdmin: false, chatType: 'project', writerId: null, orderId: room.order.id }
    case 'adminToCustomer':
      return { label: roleLabelFor(t.user, room.order), sentToAdmin: false, chatType: 'adminToCustomer', writerId: null, orderId: room.order.id }
    case 'writerToCustomer':
      return { label: 'WRITER', sentToAdmin: false, chatType: 'writerToCustomer', writerId: room.order.writerId, orderId: room.order.id }
    case 'adminToWriter':
      return room.side === 'writer'
        ? { label: 'WRITER', sentToAdmin: true, chatType: 'adminToWriter', writerId: room.writer.id, orderId: null }
        : { label: roleLabelFor(t.user, null), sentToAdmin: false, chatType: 'adminToWriter', writerId: room.writer.id, orderId: null }
  }
}

/** The body as stored: the team chat keeps plain text; the other chats keep sanitized HTML. */
function bodyOf(room: ChatRoom, message: Extract<OutgoingMessage, { kind: 'text' }>): string | ChatRefusal {
  if (room.chatType === 'project') {
    if (isBlankText(message.content)) return refuse('bad_request', MESSAGE_REQUIRED)
    return message.content.length > MAX_MESSAGE_CHARS ? refuse('bad_request', TOO_LONG) : message.content
  }
  const html = sanitizeContractHtml(message.format === 'text' ? textToHtml(message.content) : message.content)
  if (isBlankHtml(html)) return refuse('bad_request', MESSAGE_REQUIRED)
  return html.length > MAX_MESSAGE_CHARS ? refuse('bad_request', TOO_LONG) : html
}

const TOO_LONG = `A message has at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters.`

/**
 * A file for a message: a chat file of this organisation, or the sender's own fresh upload (which
 * then becomes a chat file). Someone else's unattached upload, or a file kept for another purpose
 * (a contract, a draft), is not found.
 */
async function chatFile(t: ChatActor, key: string): Promise<{ id: number; file: StoredFile } | null> {
  const row = await findFile(t, key)
  if (!row || row.storage_key !== key) return null
  // A customer attaches only what they uploaded themselves: a team's chat file is never re-sent from the portal.
  if (t.customer && row.uploaded_by !== t.user.id) return null
  if (row.purpose === 'upload' && row.uploaded_by === t.user.id) {
    await scopedUpdate(t, 'files').set({ purpose: 'chat' }).where('id', '=', row.id).where('purpose', '=', 'upload').execute()
  } else if (row.purpose !== 'chat') return null
  return { id: row.id, file: toStoredFile(row) }
}

/**
 * Stores a message in the conversation, then publishes it to every app process (so it is in MySQL
 * before anyone sees it). Each side of a two-sided conversation gets its own copy (isRight).
 */
export async function sendChatMessage(t: ChatActor, room: ChatRoom, message: OutgoingMessage): Promise<SentMessage | ChatRefusal> {
  // A log-in-as session may read the customer's conversations, never write in the customer's name.
  if (t.customer?.impersonated) return refuse('forbidden', IMPERSONATION_CHAT_REFUSED)
  // Nor in a contributor's: their messages are their work (the order page and its calls refuse it too).
  if (t.logInAs && mayWork(t.user)) return refuse('forbidden', LOG_IN_AS_REFUSED)
  let content: string | null = null
  let file: { id: number; file: StoredFile } | null = null
  if (message.kind === 'text') {
    const body = bodyOf(room, message)
    if (typeof body !== 'string') return body
    content = body
  } else {
    file = await chatFile(t, message.key)
    if (!file) return refuse('not_found', CHAT_FILE_NOT_FOUND)
  }
  const side = senderSide(t, room)
  const publicId = newPublicId()
  const createdAt = new Date()
  await scopedInsert(t, 'chat_messages', {
    public_id: publicId,
    chat_type: side.chatType,
    order_id: side.orderId,
    writer_id: side.writerId,
    sent_by: t.user.id,
    sent_to_admin: side.sentToAdmin,
    role_label: side.label,
    message_type: message.kind,
    content,
    file_id: file?.id ?? null,
    created_at: createdAt,
  }).execute()
  const row: MessageRow = {
    id: 0,
    public_id: publicId,
    chat_type: side.chatType,
    sent_to_admin: side.sentToAdmin,
    role_label: side.label,
    message_type: message.kind,
    content,
    created_at: createdAt,
    sender_public_id: t.user.publicId,
    sender_first_name: t.user.firstName,
    sender_last_name: t.user.lastName,
    sender_customer_facing_name: await customerFacingNameOf(t),
    file_key: file?.file.key ?? null,
    file_name: file?.file.originalname ?? null,
    file_type: file?.file.mimetype ?? null,
    file_size: file?.file.size ?? null,
  }
  const events = audiences(t.clientId, room).map((viewer) => ({
    channel: roomChannel(t.clientId, viewer),
    event: { type: 'new_message', ...roomAddress(room), message: toMessageJson(row, viewer) },
  }))
  await Promise.all(events.map((e) => publishRealtime(e.channel, e.event)))
  // Delivered; now whoever should hear of it and is not watching gets a notification (never throws).
  await notifyAway(t, room, message.kind === 'text' ? (content ?? '') : (file?.file.originalname ?? ''))
  return { ok: true, publicId, events }
}

/** Who watches a conversation is kept under this key (across processes, app/services/chat-presence.server.ts). */
export function presenceKey(clientId: number, room: ChatRoom): string {
  const address = roomAddress(room)
  return `${clientId}:${address.chatType}:${'orderId' in address ? address.orderId : address.writerId}`
}

/** The senders of a conversation's latest messages (its regulars), on one side when given. */
async function recentSenders(t: Tenant, room: ChatRoom, sentToAdmin?: boolean): Promise<number[]> {
  let query = inRoom(scopedAs(t, 'chat_messages', 'cm').select('cm.sent_by'), room)
  if (sentToAdmin !== undefined) query = query.where('cm.sent_to_admin', '=', sentToAdmin)
  const rows = await query.orderBy('cm.id', 'desc').limit(200).execute()
  return [...new Set(rows.map((r) => r.sent_by))]
}

async function owners(t: Tenant): Promise<number[]> {
  const rows = await membersQuery(t).select('m.user_id').where('m.role', '=', 'client').where('m.active', '=', true).execute()
  return rows.map((r) => r.user_id)
}

/**
 * Who hears of a message while away (ADR 0041): in a team chat the order's contributor and reviewer
 * and whoever wrote there lately, the owners too when no one else of the organisation has; in the
 * contributor chat the contributor, or the admins who answered them lately (else the owners).
 * Customer conversations have their other side in the portal: nobody here.
 */
async function notifyAway(t: ChatActor, room: ChatRoom, preview: string): Promise<void> {
  if (room.chatType === 'adminToCustomer' || room.chatType === 'writerToCustomer') return notifyCustomerConversation(t, room, preview)
  let candidates: number[] = []
  if (room.chatType === 'project') {
    const team = new Set([room.order.writerId, room.order.reviewerId].filter((id): id is number => id !== null))
    const regulars = await recentSenders(t, room)
    const staff = regulars.filter((id) => !team.has(id) && id !== t.user.id)
    candidates = [...team, ...regulars, ...(staff.length ? [] : await owners(t))]
  } else if (room.chatType === 'adminToWriter') {
    if (room.side === 'admin') candidates = [room.writer.id]
    else {
      const admins = await recentSenders(t, room, false)
      candidates = admins.length ? admins : await owners(t)
    }
  }
  candidates = candidates.filter((id) => id !== t.user.id)
  if (!candidates.length) return
  const watching = await presentUsers(presenceKey(t.clientId, room)).catch(() => new Set<number>())
  const away = [...new Set(candidates)].filter((id) => !watching.has(id))
  if (!away.length) return
  await notifyNewChatMessage(t, { senderUserId: t.user.id, recipientUserIds: away, orderPublicId: room.chatType === 'project' ? room.order.publicId : null, preview })
  // The message is one INSERT already committed: no transaction to write the e-mail in (ADR 0109).
  await kickOutbox(await orderMail.teamChatWhileAway(t, room, away, preview))
}

/**
 * A customer conversation's other side, when away (ADR 0063): a customer's message reaches the team
 * that answered lately (the owners when nobody has), or the order's writer in the writer conversation;
 * the team's message reaches the customer as a portal notification (never for a test or hidden order),
 * once per unseen notification of the conversation.
 */
async function notifyCustomerConversation(t: ChatActor, room: Extract<ChatRoom, { chatType: 'adminToCustomer' | 'writerToCustomer' }>, preview: string): Promise<void> {
  try {
    const watching = await presentUsers(presenceKey(t.clientId, room)).catch(() => new Set<number>())
    if (t.customer) {
      let candidates: number[]
      if (room.chatType === 'writerToCustomer') candidates = room.order.writerId ? [room.order.writerId] : await owners(t)
      else {
        const rows = await inRoom(scopedAs(t, 'chat_messages', 'cm').select('cm.sent_by'), room)
          .where('cm.role_label', '!=', 'CUSTOMER')
          .orderBy('cm.id', 'desc')
          .limit(200)
          .execute()
        const team = [...new Set(rows.map((r) => r.sent_by))]
        candidates = team.length ? team : await owners(t)
      }
      const away = candidates.filter((id) => id !== t.user.id && !watching.has(id))
      if (away.length) await notifyNewChatMessage(t, { senderUserId: t.user.id, recipientUserIds: away, orderPublicId: room.order.publicId, preview })
      return
    }
    const customerId = room.order.customerId
    if (customerId === t.user.id || watching.has(customerId)) return
    const link = customerMessagesPath(room.order.publicId)
    const waiting = await scoped(t, 'notifications')
      .select('id')
      .where('user_id', '=', customerId)
      .where('seen', '=', false)
      .where('kind', '=', 'order_update')
      .where('link', '=', link)
      .executeTakeFirst()
    if (waiting) return
    const sender = await customerFacingNameOf(t)
    const name = sender?.trim() || `${t.user.firstName} ${t.user.lastName}`.trim()
    const text = stripTags(preview)
    const outbox = await notifyPortal.customerInformed(t, {
      orderId: room.order.id,
      actorUserId: t.user.id,
      content: `${name} sent you a message: ${text.length > 140 ? `${text.slice(0, 140)}…` : text}`,
      link,
    })
    await deliver(outbox)
  } catch (error) {
    console.error(`[chat] customer conversation notification failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The portal page of an order's messages (the customer's notifications link there). */
export function customerMessagesPath(orderPublicId: string): string {
  return `/my-orders/${encodeURIComponent(orderPublicId)}/messages`
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Each side of a conversation that listens on a channel of its own. */
function audiences(_clientId: number, room: ChatRoom): ChatRoom[] {
  if (room.chatType === 'adminToCustomer' || room.chatType === 'writerToCustomer') {
    return [
      { ...room, side: 'team' },
      { ...room, side: 'customer' },
    ]
  }
  if (room.chatType !== 'adminToWriter') return [room]
  return [
    { ...room, side: 'admin' },
    { ...room, side: 'writer' },
  ]
}

/** The sender's customer-facing name (what a customer sees of a team member); null for a customer. */
async function customerFacingNameOf(t: ChatActor): Promise<string | null> {
  if (t.customer) return null
  const row = await scopedAs(t, 'memberships', 'm').select('m.customer_facing_name').where('m.user_id', '=', t.user.id).executeTakeFirst()
  return row?.customer_facing_name ?? null
}

/** Tells a room that someone opened it (the spec's new_message's sibling, new_participant). */
export async function announceParticipant(t: ChatActor, room: ChatRoom): Promise<void> {
  // The customer's conversations: who is present is not announced across sides (a team member's real name stays theirs).
  if (room.chatType === 'adminToCustomer' || room.chatType === 'writerToCustomer') return
  const participant = { _id: t.user.publicId, name: `${t.user.firstName} ${t.user.lastName}`.trim(), role_label: senderSide(t, room).label }
  await Promise.all(audiences(t.clientId, room).map((viewer) => publishRealtime(roomChannel(t.clientId, viewer), { type: 'new_participant', ...roomAddress(room), participant })))
}

/** The other side's messages of a two-sided conversation become read (the team chat has no unread state). */
export async function markRoomRead(t: ChatActor, room: ChatRoom, now = new Date()): Promise<number> {
  // Someone looking through the customer's eyes (log-in-as) leaves the team's messages unread for the customer.
  if (t.customer?.impersonated) return 0
  let query = inRoom(scopedUpdate(t, 'chat_messages').set({ read_at: now }), room, 'chat_messages').where('chat_messages.read_at', 'is', null)
  switch (room.chatType) {
    case 'project':
      return 0
    case 'adminToWriter':
      query = query.where('chat_messages.sent_to_admin', '=', room.side === 'admin')
      break
    case 'adminToCustomer':
      query = query.where('chat_messages.role_label', room.side === 'customer' ? '!=' : '=', 'CUSTOMER')
      break
    case 'writerToCustomer':
      query = query.where('chat_messages.chat_type', '=', room.side === 'customer' ? 'writerToCustomer' : 'customerToWriter')
      break
  }
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0)
}

/** Unread messages each contributor has written to the admins, by contributor user id. */
export async function writerUnreadCounts(t: Tenant): Promise<Map<number, number>> {
  const rows = await scopedAs(t, 'chat_messages', 'cm')
    .select(['cm.writer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cm.chat_type', '=', 'adminToWriter')
    .where('cm.sent_to_admin', '=', true)
    .where('cm.read_at', 'is', null)
    .groupBy('cm.writer_id')
    .execute()
  return new Map(rows.filter((r) => r.writer_id !== null).map((r) => [r.writer_id!, Number(r.n)]))
}

/** Unread messages the admins have written to one contributor. */
export async function unreadForWriter(t: Tenant, writerUserId: number): Promise<number> {
  const row = await scopedAs(t, 'chat_messages', 'cm')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cm.writer_id', '=', writerUserId)
    .where('cm.chat_type', '=', 'adminToWriter')
    .where('cm.sent_to_admin', '=', false)
    .where('cm.read_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** GET /api/client/writers/get and the list of /chat: the active contributors and their unread counts by _id. */
export async function contributorChatList(t: Tenant) {
  const [writers, unread] = await Promise.all([listWriters(t, { active: true }), writerUnreadCounts(t)])
  const ids = await userIdsByPublicId(
    t,
    writers.map((w) => w._id),
  )
  const writerUnreadMessages = Object.fromEntries(writers.map((w) => [w._id, unread.get(ids.get(w._id) ?? -1) ?? 0]))
  return { data: writers, writerUnreadMessages }
}

async function userIdsByPublicId(t: Tenant, publicIds: string[]): Promise<Map<string, number>> {
  if (!publicIds.length) return new Map()
  const rows = await scopedAs(t, 'users', 'u').select(['u.id', 'u.public_id']).where('u.public_id', 'in', publicIds).execute()
  return new Map(rows.map((r) => [r.public_id, r.id]))
}

/** How many messages a conversation holds (tests and the bench). */
export async function countRoomMessages(t: Tenant, room: ChatRoom): Promise<number> {
  const row = await inRoom(scopedAs(t, 'chat_messages', 'cm').select(sql<number>`COUNT(*)`.as('n')), room).executeTakeFirst()
  return Number(row?.n ?? 0)
}
