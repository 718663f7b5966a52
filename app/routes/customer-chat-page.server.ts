// The project page's customer conversations (issue 25, ADR 0063): the team's conversation with the customer
// (READ_ORDERS) and the writer's (the order's contributor, unless the organisation turned it off), as the
// panel starts from them, and their plain post form (`?chat=customer&with=team|writer`).
import { data } from '@remix-run/node'
import type { ChatType } from '#app/rules/chat'
import type { PersonMessageJson } from '#app/models/chat.server'
import type { Tenant } from '#app/models/auth-guards.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { chatPageData, postChatForm } from './chat-page.server'

export const CUSTOMER_CHAT_PARAM_VALUE = 'customer'

export type CustomerChatConversation = { key: 'team' | 'writer'; chatType: ChatType; title: string; messages: PersonMessageJson[]; hasMore: boolean }
export type CustomerChatsData = { me: string; conversations: CustomerChatConversation[] }

const CONVERSATIONS = [
  { key: 'team', chatType: 'adminToCustomer', title: 'Customer' },
  { key: 'writer', chatType: 'writerToCustomer', title: 'Customer and contributor' },
] as const

/** The customer conversations this member may open on the order (null: none). */
export async function customerChatsView(t: Tenant, orderId: string, request: Request): Promise<CustomerChatsData | null> {
  // Paging back is the team chat's (`chatBefore`); these panels start from the latest messages.
  const latest = new Request(new URL(new URL(request.url).pathname, 'http://localhost'))
  const pages = await Promise.all(CONVERSATIONS.map((c) => chatPageData(t, { chatType: c.chatType, orderId }, latest)))
  const conversations = CONVERSATIONS.flatMap((c, i) => {
    const page = pages[i]
    return page ? [{ key: c.key, chatType: c.chatType, title: c.title, messages: page.view.messages as PersonMessageJson[], hasMore: page.view.hasMore }] : []
  })
  return conversations.length ? { me: t.user.publicId, conversations } : null
}

export function isCustomerChatPost(request: Request): boolean {
  return new URL(request.url).searchParams.get('chat') === CUSTOMER_CHAT_PARAM_VALUE
}

/** The plain post of a customer conversation from the project page: whoever may open it, not only UPDATE_ORDERS. */
export async function customerChatPost(request: Request, orderId: string) {
  const t = await requirePermission(request)
  const url = new URL(request.url)
  const key = url.searchParams.get('with') === 'writer' ? 'writer' : 'team'
  const chatType = key === 'writer' ? 'writerToCustomer' : 'adminToCustomer'
  url.searchParams.delete('chat')
  url.searchParams.delete('with')
  const qs = url.searchParams.toString()
  const answer = await postChatForm(t, request, { chatType, orderId }, `${url.pathname}${qs ? `?${qs}` : ''}#customer-chat`)
  // A refusal is this panel's, not the team chat's beside it.
  if ('data' in answer) return data({ ...answer.data, intent: CUSTOMER_CHAT_INTENT }, answer.init ?? undefined)
  return answer
}

export const CUSTOMER_CHAT_INTENT = 'customerChat'
