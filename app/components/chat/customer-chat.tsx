// The project page's customer conversations (issue 25, ADR 0063): the team with the customer, and the
// contributor with the customer. Server-rendered with a plain post form (works without JavaScript); once the
// page runs, one socket follows the chosen conversation live and sends through it.
import { useCallback, useRef, useState } from 'react'
import type { PersonMessageJson } from '#app/models/chat.server'
import type { CustomerChatsData } from '#app/routes/customer-chat-page.server'
import { CHAT_SIZES, SOCKET_NOT_OPEN, textToHtml } from '#app/rules/chat'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { MessageFile, MessageMeta } from './chat-message'
import { ChatComposer, refCounter, useComposer } from './composer'
import { ChatMessageList, ConnectionNotice, useMessageFeed } from './message-list'
import { type ServerEvent, useChatSocket } from './use-chat-socket'

const nextRef = refCounter('c')

export type CustomerChatAnswer = { intent: 'customerChat'; ok: false; error: string; content: string }

export function CustomerChat({ orderId, chats, answer, here }: { orderId: string; chats: CustomerChatsData; answer: CustomerChatAnswer | null; here: string }) {
  const [key, setKey] = useState(chats.conversations[0]!.key)
  const conversation = chats.conversations.find((c) => c.key === key) ?? chats.conversations[0]!
  return (
    <Card aria-label="Customer messages" id="customer-chat">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">Customer messages</h2>
        {chats.conversations.length > 1 ? (
          <div role="tablist" aria-label="Customer conversations" className="flex gap-1">
            {chats.conversations.map((c) => (
              <button
                key={c.key}
                type="button"
                role="tab"
                aria-selected={c.key === conversation.key}
                onClick={() => setKey(c.key)}
                className={cn('rounded-md px-2.5 py-1 text-xs font-medium', c.key === conversation.key ? 'bg-brand-600 text-white' : 'text-gray-700 ring-1 ring-gray-300')}
              >
                {c.title}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <Conversation key={conversation.key} orderId={orderId} me={chats.me} conversation={conversation} answer={answer} here={here} />
    </Card>
  )
}

function Conversation({
  orderId,
  me,
  conversation,
  answer,
  here,
}: {
  orderId: string
  me: string
  conversation: CustomerChatsData['conversations'][number]
  answer: CustomerChatAnswer | null
  here: string
}) {
  const hydrated = useHydrated()
  const feed = useMessageFeed(conversation)
  const composer = useComposer(answer?.error ?? null)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const { chatType } = conversation
  const { page, add } = feed
  const { setError } = composer
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.chatType !== chatType || event.orderId !== orderId) return
      if (event.type === 'all_messages') page(event.messages as PersonMessageJson[], event.before, !!event.hasMore)
      else if (event.type === 'new_message') add(event.message as PersonMessageJson)
      else if (event.type === 'error') setError(String(event.message ?? SOCKET_NOT_OPEN))
    },
    [chatType, orderId, page, add, setError],
  )
  const socket = useChatSocket({ subscribe: { type: 'subscribe', chatType, orderId }, onEvent })
  const url = new URL(here, 'http://localhost')
  url.searchParams.set('chat', 'customer')
  url.searchParams.set('with', conversation.key)

  function send(e: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    e.preventDefault()
    const text = textRef.current?.value ?? ''
    if (composer.send(socket, { type: 'new_message', chatType, orderId }, { plain: text, content: textToHtml(text) }, nextRef) && textRef.current) textRef.current.value = ''
  }

  return (
    <>
      <ConnectionNotice hydrated={hydrated} status={socket.status} />
      <ChatMessageList
        feed={feed}
        height={CHAT_SIZES.projectPanel}
        hydrated={hydrated}
        onEarlier={(before) => socket.send({ type: 'request_all_messages', chatType, orderId, before })}
        earlierHref={() => `${here}#customer-chat`}
        messageClassName={(m) => cn('flex', m.isRight ? 'justify-end' : 'justify-start')}
        renderMessage={(m) => (
          <div className={cn('max-w-[85%] rounded-lg px-3 py-2 shadow-xs ring-1', m.isRight ? 'bg-brand-50 ring-brand-100' : 'bg-white ring-gray-100')}>
            <MessageMeta label={m.role_label} mine={m.sent_by === me} name={m.name} time={m.time} />
            <div className="mt-1 text-sm text-gray-800">
              {m.type === 'file' && m.data ? <MessageFile file={m.data} /> : <div className="break-words [&_p]:my-1" dangerouslySetInnerHTML={{ __html: m.message ?? '' }} />}
            </div>
          </div>
        )}
      />
      <ChatComposer composer={composer} action={`${url.pathname}${url.search}`} hydrated={hydrated} fileInputId={`customer-chat-file-${conversation.key}`} onSubmit={send}>
        <input type="hidden" name="format" value="text" />
        <label htmlFor={`customer-chat-text-${conversation.key}`} className="sr-only">
          Message to the customer
        </label>
        <textarea
          ref={textRef}
          id={`customer-chat-text-${conversation.key}`}
          name="content"
          rows={2}
          defaultValue={answer?.content ?? ''}
          placeholder="Type a message"
          className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600"
        />
      </ChatComposer>
    </>
  )
}
