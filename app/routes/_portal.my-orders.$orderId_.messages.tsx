// /my-orders/{orderId}/messages on an organisation's host (issue 25, ADR 0063): the customer's conversation
// with the team (and, `?with=writer`, with the writer unless the organisation turned that off). The post form
// works without JavaScript and sends through the same chat model as the socket.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { type CustomerMessagesAnswer, CustomerMessages, messagesPath } from '#app/components/portal/customer-messages'
import { markRoomRead } from '#app/models/chat.server'
import { customerChatActor, CONVERSATION_CHAT_TYPE, type CustomerConversation, customerMessagesView } from '#app/models/customer-messages.server'
import { getMyOrder } from '#app/models/customer-orders.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { IMPERSONATION_CHAT_REFUSED } from '#app/rules/chat'
import { postChatForm } from '#app/routes/chat-page.server'

function conversationOf(request: Request): CustomerConversation {
  return new URL(request.url).searchParams.get('with') === 'writer' ? 'writer' : 'team'
}

const orderNotFound = () => data('Order not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const orderId = params.orderId ?? ''
  const conversation = conversationOf(request)
  const order = await getMyOrder(t, customer.id, orderId)
  // Another customer's order, a test or hidden order, or no order at all: the same 404.
  if (!order) throw orderNotFound()
  const before = new URL(request.url).searchParams.get('before')
  const opened = await customerMessagesView(t, customer, orderId, conversation, before && /^[A-Za-z0-9_-]{1,64}$/.test(before) ? before : null)
  if ('refused' in opened) {
    // The writer conversation is off for this organisation: the team's is still there.
    if (opened.refused === 'disabled') throw redirect(messagesPath(orderId, 'team'))
    throw orderNotFound()
  }
  // Opening the conversation reads the other side's messages (a log-in-as session leaves them unread).
  if (!customer.impersonatorUserId) await markRoomRead(customerChatActor(t, customer), opened.room)
  const writerName = order.team.find((m) => m.role === 'Writer')?.name ?? null
  return { order: { _id: order._id, productName: order.productName }, view: opened.view, writerName }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const orderId = params.orderId ?? ''
  const conversation = conversationOf(request)
  if (customer.impersonatorUserId) return data<CustomerMessagesAnswer>({ intent: 'chat', ok: false, error: IMPERSONATION_CHAT_REFUSED, content: '' }, { status: 403 })
  return postChatForm(customerChatActor(t, customer), request, { chatType: CONVERSATION_CHAT_TYPE[conversation], orderId }, messagesPath(orderId, conversation))
}

export default function MyOrderMessagesRoute() {
  const { order, view, writerName } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as CustomerMessagesAnswer | undefined
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to={`/my-orders/${order._id}`} className="text-sm font-medium text-brand-700 hover:underline">
          ← {order.productName}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">Messages</h1>
      <CustomerMessages key={`${view.orderId}:${view.conversation}`} view={view} writerName={writerName} answer={answer ?? null} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.order ? `Messages · ${data.order.productName}` : 'Order not found' }]
