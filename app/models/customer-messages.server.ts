// A customer's messages on the portal (issue 25, ADR 0063): the two conversations of one of their own
// orders (with the team, and with the writer unless the organisation turned it off), as the page renders
// them, and the chat files a customer may download. Sending goes through the chat model like every chat.
import type { PersonMessageJson } from '#app/models/chat.server'
import { type ChatActor, type ChatRoom, openRoom, roomHistory } from '#app/models/chat.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import type { AuthUser } from '#app/models/account.server'
import { scopedAs, scopedJoin, type TenantScope } from '#db/tenant'

/** Which conversation the page shows: with the team, or with the writer. */
export type CustomerConversation = 'team' | 'writer'

/**
 * A customer in the shape the socket keeps for everyone: no permissions, no role of the organisation's
 * staff. What they may open is decided by the chat model's customer rules (the tenant says `customer`).
 */
export function customerAsUser(customer: Omit<PortalCustomer, 'impersonatorUserId'>): AuthUser {
  return {
    id: customer.id,
    publicId: customer.publicId,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    role: 'user',
    clientId: customer.clientId,
    clientPublicId: null,
    organisationName: null,
    organisationLogo: null,
    permissions: [],
    leadsOnly: false,
    profileImg: null,
    currencyType: 'usd',
    createdAt: new Date(0),
    packageStatus: null,
    trialEndsAt: null,
    paymentDueSince: null,
    platformRoleId: null,
  }
}

/** The chat actor of a portal customer: their own account in the host's organisation, marked as a customer. */
export function customerChatActor(t: TenantScope, customer: PortalCustomer): ChatActor {
  return { db: t.db, clientId: t.clientId, user: customerAsUser(customer), customer: { impersonated: customer.impersonatorUserId !== null } }
}

/** The frame's chat type of each conversation (the writer's is stored as writerToCustomer, the customer sends customerToWriter). */
export const CONVERSATION_CHAT_TYPE = { team: 'adminToCustomer', writer: 'customerToWriter' } as const

export type CustomerMessagesView = {
  orderId: string
  conversation: CustomerConversation
  /** False when the organisation turned the writer conversation off. */
  writerChat: boolean
  messages: PersonMessageJson[]
  hasMore: boolean
  before: string | null
  me: string
  /** A log-in-as session reads, never sends. */
  readOnly: boolean
}

/** The conversation as the page starts from it; null when the order is not the customer's (or the conversation is off). */
export async function customerMessagesView(
  t: TenantScope,
  customer: PortalCustomer,
  orderId: string,
  conversation: CustomerConversation,
  before: string | null,
): Promise<{ view: CustomerMessagesView; room: ChatRoom } | { refused: 'not_found' | 'disabled' }> {
  const actor = customerChatActor(t, customer)
  const opened = await openRoom(actor, { chatType: CONVERSATION_CHAT_TYPE[conversation], orderId })
  if (!opened.ok) return { refused: opened.code === 'disabled' ? 'disabled' : 'not_found' }
  const [history, settings] = await Promise.all([roomHistory(actor, opened.room, { before }), getWebsiteSettings(t)])
  return {
    room: opened.room,
    view: {
      orderId: opened.room.chatType === 'adminToWriter' ? '' : opened.room.order.publicId,
      conversation,
      writerChat: !settings.disable_writer_customer_chat,
      messages: history.messages as PersonMessageJson[],
      hasMore: history.hasMore,
      before,
      me: customer.publicId,
      readOnly: customer.impersonatorUserId !== null,
    },
  }
}

/**
 * A file sent in one of the customer's conversations of their own order (the writer's only while that
 * conversation is on); null for anything else, whoever's it is.
 */
export async function customerChatFile(t: TenantScope, customer: PortalCustomer, orderId: string, key: string) {
  if (!/^[A-Za-z0-9/_.-]{1,200}$/.test(key)) return null
  const actor = customerChatActor(t, customer)
  const opened = await openRoom(actor, { chatType: 'adminToCustomer', orderId })
  if (!opened.ok || opened.room.chatType === 'adminToWriter') return null
  const writerChat = !(await getWebsiteSettings(t)).disable_writer_customer_chat
  const types = writerChat ? (['adminToCustomer', 'writerToCustomer', 'customerToWriter'] as const) : (['adminToCustomer'] as const)
  return scopedAs(t, 'chat_messages', 'cm')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'cm.file_id')))
    .select(['f.storage_key as key', 'f.original_name as name', 'f.mime_type as mimeType'])
    .where('cm.order_id', '=', opened.room.order.id)
    .where('cm.chat_type', 'in', [...types])
    .where('f.storage_key', '=', key)
    .executeTakeFirst()
}

/**
 * The team's and the writer's unread messages to the customer on each of these orders (by order public
 * id): what the Messages list shows. The writer's count only while that conversation is on.
 */
export async function customerUnreadByOrder(t: TenantScope, customerId: number, orderPublicIds: string[]): Promise<Record<string, number>> {
  if (orderPublicIds.length === 0) return {}
  const writerChat = !(await getWebsiteSettings(t)).disable_writer_customer_chat
  const rows = await scopedAs(t, 'chat_messages', 'cm')
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'cm.order_id')))
    .select(['o.public_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('o.customer_id', '=', customerId)
    .where('o.public_id', 'in', orderPublicIds)
    .where('cm.read_at', 'is', null)
    .where((eb) =>
      eb.or([eb.and([eb('cm.chat_type', '=', 'adminToCustomer'), eb('cm.role_label', '!=', 'CUSTOMER')]), ...(writerChat ? [eb('cm.chat_type', '=', 'writerToCustomer')] : [])]),
    )
    .groupBy('o.public_id')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.public_id, Number(r.n)]))
}

/** The team's and the writer's unread messages to the customer across their visible orders (the header's Messages count). */
export async function customerUnreadTotal(t: TenantScope, customerId: number): Promise<number> {
  const writerChat = !(await getWebsiteSettings(t)).disable_writer_customer_chat
  const row = await scopedAs(t, 'chat_messages', 'cm')
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'cm.order_id')))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.customer_id', '=', customerId)
    .where('o.test_order', '=', false)
    .where('o.hide_order', '=', false)
    .where('cm.read_at', 'is', null)
    .where((eb) =>
      eb.or([eb.and([eb('cm.chat_type', '=', 'adminToCustomer'), eb('cm.role_label', '!=', 'CUSTOMER')]), ...(writerChat ? [eb('cm.chat_type', '=', 'writerToCustomer')] : [])]),
    )
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
