// The screen of /chat: contributors with unread counts (410px list), the conversation (470px) with each
// side's messages left and right, and the composer (rich text, a file with progress and Remove, Send).
// The server renders all of it; once the page runs, one socket keeps it live: the admins listen to
// every contributor's conversation, so a message from another contributor raises that count.
import { Link, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PersonMessageJson } from '#app/models/chat.server'
import { CHAT_BEFORE_PARAM, CHAT_SIZES, SOCKET_NOT_OPEN } from '#app/rules/chat'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { MessageFile, MessageMeta } from './chat-message'
import { ChatComposer, refCounter, useComposer } from './composer'
import { ChatMessageList, ConnectionNotice, useMessageFeed } from './message-list'
import { RichTextEditor, type RichTextHandle } from './rich-text-editor'
import { type ServerEvent, useChatSocket } from './use-chat-socket'

type Conversation = {
  writer: { _id: string; name: string }
  side: 'admin' | 'writer'
  messages: PersonMessageJson[]
  hasMore: boolean
  before: string | null
}

export type ContributorChatProps = {
  me: string
  contributors: { _id: string; name: string; profile_img: string | null }[] | null
  unread: Record<string, number>
  conversation: Conversation | null
  answer: { error: string; content: string } | null
}

const nextRef = refCounter('w')
const NO_CONVERSATION = { messages: [], hasMore: false }

export function ContributorChat({ me, contributors, unread: initialUnread, conversation, answer }: ContributorChatProps) {
  const hydrated = useHydrated()
  const writerId = conversation?.writer._id ?? null
  const feed = useMessageFeed<PersonMessageJson>(conversation ?? NO_CONVERSATION)
  const composer = useComposer(answer?.error ?? null)
  const [unread, setUnread] = useState(initialUnread)
  const editor = useRef<RichTextHandle>(null)

  const { reset, page, add } = feed
  const { setError } = composer
  // A new page from the loader (another contributor chosen, a post without JavaScript) starts afresh.
  useEffect(() => reset(conversation?.messages ?? [], conversation?.hasMore ?? false), [conversation, reset])
  useEffect(() => setUnread(initialUnread), [initialUnread])
  useEffect(() => setError(answer?.error ?? null), [answer, setError])

  const socketRef = useRef<ReturnType<typeof useChatSocket> | null>(null)
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.chatType !== 'adminToWriter') return
      const forThis = event.writerId === writerId
      if (event.type === 'all_messages' && forThis) {
        page(event.messages as PersonMessageJson[], event.before, !!event.hasMore)
      } else if (event.type === 'new_message') {
        const message = event.message as PersonMessageJson
        if (forThis) {
          add(message)
          // Seen as it arrives: the other side's message is read.
          if (!message.isRight) socketRef.current?.send({ type: 'mark_read', chatType: 'adminToWriter', writerId })
        } else if (message.sentToAdmin && typeof event.writerId === 'string') {
          const other = event.writerId
          setUnread((counts) => ({ ...counts, [other]: (counts[other] ?? 0) + 1 }))
        }
      } else if (event.type === 'error' && (forThis || !event.writerId)) {
        setError(String(event.message ?? SOCKET_NOT_OPEN))
      }
    },
    [writerId, page, add, setError],
  )
  const socket = useChatSocket({ subscribe: writerId ? { type: 'subscribe', chatType: 'adminToWriter', userId: me, writerId } : null, onEvent })
  socketRef.current = socket

  function send(e?: React.FormEvent<HTMLFormElement>) {
    if (!hydrated || !conversation) return
    e?.preventDefault()
    const base = { type: 'new_message', chatType: 'adminToWriter', userId: me, writerId: conversation.writer._id, sentToAdmin: conversation.side === 'writer' }
    const text = { plain: editor.current?.text() ?? '', content: editor.current?.html() ?? '' }
    if (composer.send(socket, base, text, nextRef)) editor.current?.clear()
  }

  const { search } = useLocation()
  const earlierHref = (before: string) => {
    const params = new URLSearchParams(search)
    params.set(CHAT_BEFORE_PARAM, before)
    return `/chat?${params}`
  }
  const title = conversation ? (conversation.side === 'writer' ? 'Admin team' : conversation.writer.name) : null

  return (
    <div className={cn('grid gap-6', contributors && 'lg:grid-cols-[18rem_1fr]')}>
      {contributors ? (
        <Card aria-label="Contributors" className="p-0">
          <h2 className="border-b border-gray-100 px-4 py-3 text-sm font-semibold text-gray-900">Contributors</h2>
          <ul className="overflow-y-auto" style={{ height: CHAT_SIZES.contributorList }}>
            {contributors.length === 0 ? <li className="px-4 py-6 text-sm text-gray-500">No Record Found</li> : null}
            {contributors.map((c) => {
              const count = c._id === writerId ? 0 : (unread[c._id] ?? 0)
              return (
                <li key={c._id}>
                  <Link
                    to={`/chat?writer=${encodeURIComponent(c._id)}`}
                    aria-current={c._id === writerId ? 'page' : undefined}
                    className={cn('flex items-center justify-between gap-2 px-4 py-2.5 text-sm hover:bg-gray-50', c._id === writerId && 'bg-brand-50 font-medium text-brand-700')}
                  >
                    <span className="truncate">{c.name}</span>
                    {count > 0 ? (
                      <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" aria-label={`${count} unread`} data-testid="unread-count">
                        {count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              )
            })}
          </ul>
        </Card>
      ) : null}
      <Card aria-label="Conversation" className="flex flex-col">
        {!conversation ? (
          <p className="py-16 text-center text-sm text-gray-500">Choose a contributor to start chatting.</p>
        ) : (
          <>
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 className="text-base font-semibold text-gray-900">{title}</h2>
              <ConnectionNotice hydrated={hydrated} status={socket.status} />
            </div>
            <ChatMessageList
              feed={feed}
              height={CHAT_SIZES.conversation}
              hydrated={hydrated}
              onEarlier={(before) => socket.send({ type: 'request_all_messages', chatType: 'adminToWriter', writerId, before })}
              earlierHref={earlierHref}
              messageClassName={(m) => cn('flex', m.isRight ? 'justify-end' : 'justify-start')}
              renderMessage={(m) => (
                <div className={cn('max-w-[80%] rounded-lg px-3 py-2 shadow-xs ring-1', m.isRight ? 'bg-brand-50 ring-brand-100' : 'bg-white ring-gray-100')}>
                  <MessageMeta label={m.role_label} mine={m.sent_by === me} name={m.name} time={m.time} />
                  <div className="mt-1 text-sm text-gray-800">
                    {m.type === 'file' && m.data ? (
                      <MessageFile file={m.data} />
                    ) : (
                      // Sanitized by the server when stored and again when read (an allow-list, no scripts).
                      <div className="break-words [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5" dangerouslySetInnerHTML={{ __html: m.message ?? '' }} />
                    )}
                  </div>
                </div>
              )}
            />
            <ChatComposer
              composer={composer}
              action={writerId && contributors ? `/chat?writer=${encodeURIComponent(writerId)}` : '/chat'}
              hydrated={hydrated}
              fileInputId="contributor-chat-file"
              onSubmit={send}
            >
              <RichTextEditor ref={editor} hydrated={hydrated} id="contributor-chat-text" defaultValue={answer?.content ?? ''} onEnter={() => send()} />
            </ChatComposer>
          </>
        )}
      </Card>
    </div>
  )
}
