// The screen of /chat: contributors with unread counts (410px list), the conversation (470px) with each
// side's messages left and right, and the composer (rich text, a file with progress and Remove, Send).
// The server renders all of it; once the page runs, one socket keeps it live: the admins listen to
// every contributor's conversation, so a message from another contributor raises that count.
import { Form, Link, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PersonMessageJson } from '#app/models/chat.server'
import { CHAT_BEFORE_PARAM, CHAT_SIZES, isBlankText, SESSION_ENDED, SOCKET_CONNECTING, SOCKET_NOT_OPEN } from '#app/rules/chat'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { ChatAttachment, useChatUpload } from './chat-attachment'
import { MessageFile, MessageMeta } from './chat-message'
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

let refs = 0
const nextRef = () => `w${Date.now().toString(36)}${(refs++).toString(36)}`

function merge(current: PersonMessageJson[], incoming: PersonMessageJson[], where: 'append' | 'prepend') {
  const seen = new Set(current.map((m) => m._id))
  const fresh = incoming.filter((m) => !seen.has(m._id))
  return where === 'append' ? [...current, ...fresh] : [...fresh, ...current]
}

export function ContributorChat({ me, contributors, unread: initialUnread, conversation, answer }: ContributorChatProps) {
  const hydrated = useHydrated()
  const writerId = conversation?.writer._id ?? null
  const [messages, setMessages] = useState(conversation?.messages ?? [])
  const [hasMore, setHasMore] = useState(conversation?.hasMore ?? false)
  const [unread, setUnread] = useState(initialUnread)
  const [error, setError] = useState<string | null>(answer?.error ?? null)
  const editor = useRef<RichTextHandle>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const stickToBottom = useRef(true)
  const upload = useChatUpload()

  // A new page from the loader (another contributor chosen, a post without JavaScript) starts afresh.
  useEffect(() => {
    stickToBottom.current = true
    setMessages(conversation?.messages ?? [])
    setHasMore(conversation?.hasMore ?? false)
  }, [conversation])
  useEffect(() => setUnread(initialUnread), [initialUnread])
  useEffect(() => setError(answer?.error ?? null), [answer])

  const socketRef = useRef<ReturnType<typeof useChatSocket> | null>(null)
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.chatType !== 'adminToWriter') return
      const forThis = event.writerId === writerId
      if (event.type === 'all_messages' && forThis) {
        const page = event.messages as PersonMessageJson[]
        stickToBottom.current = !event.before
        setMessages((current) => (event.before ? merge(current, page, 'prepend') : page))
        setHasMore(!!event.hasMore)
      } else if (event.type === 'new_message') {
        const message = event.message as PersonMessageJson
        if (forThis) {
          stickToBottom.current = true
          setMessages((current) => merge(current, [message], 'append'))
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
    [writerId],
  )
  const socket = useChatSocket({ subscribe: writerId ? { type: 'subscribe', chatType: 'adminToWriter', userId: me, writerId } : null, onEvent })
  socketRef.current = socket

  useEffect(() => {
    const list = listRef.current
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight
  }, [messages])

  function send(e?: React.FormEvent<HTMLFormElement>) {
    if (!hydrated || !conversation) return
    e?.preventDefault()
    const html = editor.current?.html() ?? ''
    const text = editor.current?.text() ?? ''
    const pending = upload.upload
    if (pending?.state === 'uploading') return
    const file = pending?.state === 'done' ? pending.file : undefined
    const hasText = !isBlankText(text)
    // Empty editor, no file: nothing is sent.
    if (!file && !hasText) return
    const base = { type: 'new_message', chatType: 'adminToWriter', userId: me, writerId: conversation.writer._id, sentToAdmin: conversation.side === 'writer' }
    const frames = [
      ...(file ? [{ ...base, message_type: 'file', data: { key: file.key }, ref: nextRef() }] : []),
      ...(hasText ? [{ ...base, message_type: 'text', content: html, ref: nextRef() }] : []),
    ]
    if (socket.status !== 'open' || !frames.every((frame) => socket.send(frame))) {
      setError(SOCKET_NOT_OPEN)
      return
    }
    setError(null)
    editor.current?.clear()
    if (file) upload.remove()
  }

  const { search } = useLocation()
  const earlierHref = (before: string) => {
    const params = new URLSearchParams(search)
    params.set(CHAT_BEFORE_PARAM, before)
    return `/chat?${params}`
  }
  const shownError = upload.error ?? error
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
              {hydrated && socket.status === 'connecting' ? (
                <p role="status" className="text-xs font-medium text-amber-700">
                  {SOCKET_CONNECTING}
                </p>
              ) : null}
              {socket.status === 'ended' ? (
                <p role="status" className="text-xs font-medium text-red-700">
                  {SESSION_ENDED}{' '}
                  <Link to="/login" className="underline">
                    Sign in
                  </Link>
                </p>
              ) : null}
            </div>
            <ol ref={listRef} className="space-y-3 overflow-y-auto rounded-md bg-gray-50 p-3" style={{ height: CHAT_SIZES.conversation }} data-testid="chat-messages" aria-live="polite">
              {hasMore && messages[0] ? (
                <li className="text-center">
                  {hydrated ? (
                    <button
                      type="button"
                      className="text-xs font-medium text-brand-600 hover:underline"
                      onClick={() => socket.send({ type: 'request_all_messages', chatType: 'adminToWriter', writerId, before: messages[0]!._id })}
                    >
                      Show earlier messages
                    </button>
                  ) : (
                    <a href={earlierHref(messages[0]._id)} className="text-xs font-medium text-brand-600 hover:underline">
                      Show earlier messages
                    </a>
                  )}
                </li>
              ) : null}
              {messages.length === 0 ? <li className="py-8 text-center text-sm text-gray-500">No messages yet</li> : null}
              {messages.map((m) => (
                <li key={m._id} className={cn('flex', m.isRight ? 'justify-end' : 'justify-start')} data-testid="chat-message">
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
                </li>
              ))}
            </ol>
            <Form
              method="post"
              action={writerId && contributors ? `/chat?writer=${encodeURIComponent(writerId)}` : '/chat'}
              encType="multipart/form-data"
              onSubmit={send}
              className="mt-3 space-y-2"
              aria-label="Send a message"
            >
              {shownError ? (
                <Alert tone="danger" className="py-1.5">
                  {shownError}
                </Alert>
              ) : null}
              <RichTextEditor ref={editor} hydrated={hydrated} id="contributor-chat-text" defaultValue={answer?.content ?? ''} onEnter={() => send()} />
              <div className="flex items-end justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <ChatAttachment chat={upload} hydrated={hydrated} inputId="contributor-chat-file" />
                </div>
                <button type="submit" className={buttonClass('primary')} disabled={upload.upload?.state === 'uploading'}>
                  Send
                </button>
              </div>
            </Form>
          </>
        )}
      </Card>
    </div>
  )
}
