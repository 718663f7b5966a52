// The customer's conversations of one order on the portal (issue 25, ADR 0063): with the team, and with the
// writer unless the organisation turned it off. The server renders the latest messages and a plain post form
// (text and a file), so it all works without JavaScript; once the page runs the socket brings messages live.
import { Link, useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ChatMessageList, ConnectionNotice, useMessageFeed } from '#app/components/chat/message-list'
import { type ServerEvent, useChatSocket } from '#app/components/chat/use-chat-socket'
import type { PersonMessageJson } from '#app/models/chat.server'
import type { CustomerMessagesView } from '#app/models/customer-messages.server'
import { CHAT_SIZES, SOCKET_NOT_OPEN } from '#app/rules/chat'
import { formatKb } from '#app/rules/file-name'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'

export type CustomerMessagesAnswer = { intent: 'chat'; ok: false; error: string; content: string }

/** The socket's name of each conversation (the writer's is stored and published as writerToCustomer). */
const SOCKET_CHAT_TYPE = { team: 'adminToCustomer', writer: 'writerToCustomer' } as const
const SUBSCRIBE_CHAT_TYPE = { team: 'adminToCustomer', writer: 'customerToWriter' } as const

export function messagesPath(orderId: string, conversation: 'team' | 'writer', before?: string | null) {
  const params = new URLSearchParams()
  if (conversation === 'writer') params.set('with', 'writer')
  if (before) params.set('before', before)
  const qs = params.toString()
  return `/my-orders/${encodeURIComponent(orderId)}/messages${qs ? `?${qs}` : ''}`
}

const tabClass = (active: boolean) =>
  cn('inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium', active ? 'bg-brand-700 text-white' : 'text-brand-700 ring-1 ring-gray-300 hover:bg-gray-50')

export function CustomerMessages({ view, writerName, answer }: { view: CustomerMessagesView; writerName: string | null; answer: CustomerMessagesAnswer | null }) {
  const hydrated = useHydrated()
  const { orderId, conversation } = view
  const feed = useMessageFeed(view)
  const [error, setError] = useState<string | null>(answer?.error ?? null)
  const fetcher = useFetcher<CustomerMessagesAnswer>()
  const formRef = useRef<HTMLFormElement>(null)

  const { page, add, reset } = feed
  // A new page from the loader (another conversation, a post's revalidation): shown afresh.
  useEffect(() => reset(view.messages, view.hasMore), [view.messages, view.hasMore, reset])

  const socketRef = useRef<ReturnType<typeof useChatSocket> | null>(null)
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.orderId !== orderId || event.chatType !== SOCKET_CHAT_TYPE[conversation]) return
      if (event.type === 'all_messages') page(event.messages as PersonMessageJson[], event.before, !!event.hasMore)
      else if (event.type === 'new_message') {
        const message = event.message as PersonMessageJson
        add(message)
        if (!message.isRight) socketRef.current?.send({ type: 'mark_read', chatType: SUBSCRIBE_CHAT_TYPE[conversation], orderId })
      } else if (event.type === 'error') setError(String(event.message ?? SOCKET_NOT_OPEN))
    },
    [orderId, conversation, page, add],
  )
  const socket = useChatSocket({ subscribe: { type: 'subscribe', chatType: SUBSCRIBE_CHAT_TYPE[conversation], orderId }, onEvent })
  socketRef.current = socket

  // A post sent through the fetcher: its refusal is shown; a success empties the form (the message arrives live and on revalidation).
  const wasSubmitting = useRef(false)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      wasSubmitting.current = true
      return
    }
    if (!wasSubmitting.current) return
    wasSubmitting.current = false
    if (fetcher.data && fetcher.data.ok === false) setError(fetcher.data.error)
    else {
      setError(null)
      formRef.current?.reset()
    }
  }, [fetcher.state, fetcher.data])

  const action = messagesPath(orderId, conversation)
  const FormTag = hydrated ? fetcher.Form : 'form'

  return (
    // data-hydrated tells browser tests when the script (and with it the socket) has taken over.
    <div className="space-y-4" data-hydrated={hydrated ? 'true' : undefined}>
      <nav aria-label="Conversations" className="flex flex-wrap gap-2">
        <Link to={messagesPath(orderId, 'team')} className={tabClass(conversation === 'team')} aria-current={conversation === 'team' ? 'page' : undefined}>
          Team
        </Link>
        {view.writerChat ? (
          <Link to={messagesPath(orderId, 'writer')} className={tabClass(conversation === 'writer')} aria-current={conversation === 'writer' ? 'page' : undefined}>
            {writerName ? `Writer (${writerName})` : 'Writer'}
          </Link>
        ) : null}
      </nav>
      <Card aria-labelledby="conversation-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="conversation-heading" className="text-lg font-semibold text-gray-900">
            {conversation === 'team' ? 'Messages with the team' : `Messages with ${writerName ?? 'your writer'}`}
          </h2>
          <ConnectionNotice hydrated={hydrated} status={socket.status} />
        </div>
        <ChatMessageList
          feed={feed}
          height={CHAT_SIZES.conversation}
          hydrated={hydrated}
          onEarlier={(before) => socket.send({ type: 'request_all_messages', chatType: SUBSCRIBE_CHAT_TYPE[conversation], orderId, before })}
          earlierHref={(before) => messagesPath(orderId, conversation, before)}
          messageClassName={(m) => cn('flex', m.isRight ? 'justify-end' : 'justify-start')}
          renderMessage={(m) => <CustomerMessage message={m} orderId={orderId} />}
          footer={
            view.before ? (
              <li className="text-center">
                <a href={messagesPath(orderId, conversation)} className="text-xs font-medium text-brand-700 hover:underline">
                  Show latest messages
                </a>
              </li>
            ) : null
          }
        />
        {view.readOnly ? (
          <p className="mt-3 text-sm text-gray-700" role="note">
            You are signed in as this customer: you can read the conversation, only the customer can send messages.
          </p>
        ) : (
          <FormTag ref={formRef} method="post" action={action} encType="multipart/form-data" className="mt-3 space-y-2" aria-label="Send a message">
            {error ? (
              <Alert tone="danger" className="py-1.5">
                {error}
              </Alert>
            ) : null}
            <label htmlFor="message-text" className="block text-sm font-medium text-gray-900">
              Message
            </label>
            <textarea
              id="message-text"
              name="content"
              rows={3}
              defaultValue={answer?.content ?? ''}
              className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-400 ring-inset focus:ring-2 focus:ring-brand-700"
            />
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <label htmlFor="message-file" className="block text-sm font-medium text-gray-900">
                  Attach a file (optional)
                </label>
                <input id="message-file" name="file" type="file" className="mt-1 block text-sm text-gray-900" />
              </div>
              <button type="submit" className={buttonClass('primary')} disabled={fetcher.state !== 'idle'}>
                Send
              </button>
            </div>
          </FormTag>
        )}
      </Card>
    </div>
  )
}

function CustomerMessage({ message: m, orderId }: { message: PersonMessageJson; orderId: string }) {
  // A customer knows the writer and "the team", not the organisation's internal roles.
  const label = m.role_label === 'WRITER' ? 'WRITER' : 'TEAM'
  return (
    <div className={cn('max-w-[85%] rounded-lg px-3 py-2 shadow-xs ring-1', m.isRight ? 'bg-brand-50 ring-brand-100' : 'bg-white ring-gray-200')}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
        <span className="font-semibold">{m.isRight ? 'You' : m.name}</span>
        {m.isRight ? null : <span className="rounded bg-gray-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-gray-800">{label}</span>}
        <time dateTime={m.time}>{new Date(m.time).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}</time>
      </div>
      <div className="mt-1 text-sm text-gray-900">
        {m.type === 'file' && m.data ? (
          <a
            href={`/my-orders/${encodeURIComponent(orderId)}/messages/files/${encodeURIComponent(m.data.key)}`}
            download
            className="inline-flex items-center gap-2 font-medium text-brand-700 underline"
          >
            <span aria-hidden>📎</span>
            <span className="break-all">{m.data.originalname}</span>
            <span className="text-xs font-normal text-gray-700">{formatKb(m.data.size)}</span>
          </a>
        ) : (
          // Sanitized on the server on the way in and again on the way out (ADR 0041).
          <div className="break-words [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5" dangerouslySetInnerHTML={{ __html: m.message ?? '' }} />
        )}
      </div>
    </div>
  )
}

/** The order page's way into its conversations (one line in my-orders.tsx). */
export function OrderMessagesLink({ orderId }: { orderId: string }) {
  return (
    <Card aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="text-lg font-semibold text-gray-900">
        Messages
      </h2>
      <p className="mt-2 text-sm">
        <Link to={messagesPath(orderId, 'team')} className="font-medium text-brand-700 underline">
          Message your team
        </Link>
      </p>
    </Card>
  )
}
