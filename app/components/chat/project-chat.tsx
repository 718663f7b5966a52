// The Team Chat of /project/view/{orderId}: the server renders the latest messages and a plain post form
// (so it all works without JavaScript); once the page runs, the panel takes the socket: live messages,
// files uploaded with progress before sending, and the connection notice while the socket is down.
import { Link, useLocation } from '@remix-run/react'
import { useCallback, useRef } from 'react'
import type { ProjectMessageJson } from '#app/models/chat.server'
import { CHAT_SIZES, chatHistoryHref, projectChatAction, SOCKET_NOT_OPEN } from '#app/rules/chat'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { MessageFile, MessageMeta } from './chat-message'
import { ChatComposer, refCounter, useComposer } from './composer'
import { ChatMessageList, ConnectionNotice, useMessageFeed } from './message-list'
import { type ServerEvent, useChatSocket } from './use-chat-socket'

export type ProjectChatData = {
  messages: ProjectMessageJson[]
  hasMore: boolean
  me: string
  before: string | null
  /** The order's contributor, for staff who keep the contributor chat: its conversation is one link away. */
  contributor?: { writerId: string; name: string } | null
}
export type ProjectChatAnswer = { intent: 'chat'; ok: false; error: string; content: string }

const nextRef = refCounter('m')

export function ProjectChat({ orderId, chat, answer }: { orderId: string; chat: ProjectChatData; answer: ProjectChatAnswer | null }) {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const feed = useMessageFeed(chat)
  const composer = useComposer(answer?.error ?? null)
  const textRef = useRef<HTMLTextAreaElement>(null)

  const { page, add } = feed
  const { setError } = composer
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.chatType !== 'project' || event.orderId !== orderId) return
      if (event.type === 'all_messages') page(event.messages as ProjectMessageJson[], event.before, !!event.hasMore)
      else if (event.type === 'new_message') add(event.message as ProjectMessageJson)
      else if (event.type === 'error') setError(String(event.message ?? SOCKET_NOT_OPEN))
    },
    [orderId, page, add, setError],
  )
  const socket = useChatSocket({ subscribe: { type: 'subscribe', chatType: 'project', orderId }, onEvent })

  function send(e: React.FormEvent<HTMLFormElement>) {
    // Without JavaScript (or before hydration) the form posts to the page.
    if (!hydrated) return
    e.preventDefault()
    const text = textRef.current?.value ?? ''
    if (composer.send(socket, { type: 'new_message', chatType: 'project', orderId }, { plain: text, content: text }, nextRef) && textRef.current) textRef.current.value = ''
  }

  return (
    <Card aria-label="Team Chat" id="team-chat">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">Team Chat</h2>
        {chat.contributor ? (
          <Link to={`/chat?writer=${encodeURIComponent(chat.contributor.writerId)}`} className="text-xs font-medium text-brand-600 hover:underline">
            Message {chat.contributor.name} privately
          </Link>
        ) : null}
        <ConnectionNotice hydrated={hydrated} status={socket.status} />
      </div>
      <ChatMessageList
        feed={feed}
        height={CHAT_SIZES.projectPanel}
        hydrated={hydrated}
        onEarlier={(before) => socket.send({ type: 'request_all_messages', chatType: 'project', orderId, before })}
        earlierHref={(before) => `${chatHistoryHref(pathname, search, before)}#team-chat`}
        messageClassName={() => 'rounded-md bg-white px-3 py-2 shadow-xs ring-1 ring-gray-100'}
        renderMessage={(m) => (
          <>
            <MessageMeta label={m.role_label} mine={m.sent_by === chat.me} name={m.name} time={m.createdAt} />
            <div className="mt-1 text-sm text-gray-800">
              {m.type === 'file' && m.data ? <MessageFile file={m.data} /> : <p className="whitespace-pre-wrap break-words">{m.content}</p>}
            </div>
          </>
        )}
        footer={
          !hydrated && chat.before ? (
            <li className="text-center">
              <a href={`${chatHistoryHref(pathname, search, null)}#team-chat`} className="text-xs font-medium text-brand-600 hover:underline">
                Show latest messages
              </a>
            </li>
          ) : null
        }
      />
      <ChatComposer composer={composer} action={projectChatAction(pathname, search)} hydrated={hydrated} fileInputId="team-chat-file" onSubmit={send}>
        <label htmlFor="team-chat-text" className="sr-only">
          Message
        </label>
        <textarea
          ref={textRef}
          id="team-chat-text"
          name="content"
          rows={2}
          defaultValue={answer?.content ?? ''}
          placeholder="Type a message"
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line.
            if (hydrated && e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault()
              e.currentTarget.form?.requestSubmit()
            }
          }}
          className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600"
        />
      </ChatComposer>
    </Card>
  )
}
