// The Team Chat of /project/view/{orderId}: the server renders the latest messages and a plain post form
// (so it all works without JavaScript); once the page runs, the panel takes the socket: live messages,
// files uploaded with progress before sending, and the connection notice while the socket is down.
import { Form, Link, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ProjectMessageJson } from '#app/models/chat.server'
import {
  CHAT_SIZES,
  chatHistoryHref,
  isBlankText,
  projectChatAction,
  SESSION_ENDED,
  SOCKET_CONNECTING,
  SOCKET_NOT_OPEN,
} from '#app/rules/chat'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { ChatAttachment, useChatUpload } from './chat-attachment'
import { MessageFile, MessageMeta } from './chat-message'
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

let refs = 0
const nextRef = () => `m${Date.now().toString(36)}${(refs++).toString(36)}`

function merge(current: ProjectMessageJson[], incoming: ProjectMessageJson[], where: 'append' | 'prepend') {
  const seen = new Set(current.map((m) => m._id))
  const fresh = incoming.filter((m) => !seen.has(m._id))
  return where === 'append' ? [...current, ...fresh] : [...fresh, ...current]
}

export function ProjectChat({ orderId, chat, answer }: { orderId: string; chat: ProjectChatData; answer: ProjectChatAnswer | null }) {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const [messages, setMessages] = useState(chat.messages)
  const [hasMore, setHasMore] = useState(chat.hasMore)
  const [error, setError] = useState<string | null>(answer?.error ?? null)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const stickToBottom = useRef(true)
  const upload = useChatUpload()

  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.chatType !== 'project' || event.orderId !== orderId) return
      if (event.type === 'all_messages') {
        const page = event.messages as ProjectMessageJson[]
        if (event.before) {
          stickToBottom.current = false
          setMessages((current) => merge(current, page, 'prepend'))
        } else {
          stickToBottom.current = true
          setMessages(page)
        }
        setHasMore(!!event.hasMore)
      } else if (event.type === 'new_message') {
        stickToBottom.current = true
        setMessages((current) => merge(current, [event.message as ProjectMessageJson], 'append'))
      } else if (event.type === 'error') {
        setError(String(event.message ?? SOCKET_NOT_OPEN))
      }
    },
    [orderId],
  )
  const socket = useChatSocket({ subscribe: { type: 'subscribe', chatType: 'project', orderId }, onEvent })

  useEffect(() => {
    const list = listRef.current
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight
  }, [messages])

  function send(e: React.FormEvent<HTMLFormElement>) {
    // Without JavaScript (or before hydration) the form posts to the page.
    if (!hydrated) return
    e.preventDefault()
    const text = textRef.current?.value ?? ''
    const pending = upload.upload
    if (pending?.state === 'uploading') return
    const file = pending?.state === 'done' ? pending.file : undefined
    // Empty messages are never sent.
    if (!file && isBlankText(text)) return
    const base = { type: 'new_message', chatType: 'project', orderId }
    const frames = [
      ...(file ? [{ ...base, message_type: 'file', data: { key: file.key }, ref: nextRef() }] : []),
      ...(!isBlankText(text) ? [{ ...base, message_type: 'text', content: text, ref: nextRef() }] : []),
    ]
    if (socket.status !== 'open' || !frames.every((frame) => socket.send(frame))) {
      setError(SOCKET_NOT_OPEN)
      return
    }
    setError(null)
    if (textRef.current) textRef.current.value = ''
    if (file) upload.remove()
  }

  const shownError = upload.error ?? error
  return (
    <Card aria-label="Team Chat" id="team-chat">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">Team Chat</h2>
        {chat.contributor ? (
          <Link to={`/chat?writer=${encodeURIComponent(chat.contributor.writerId)}`} className="text-xs font-medium text-brand-600 hover:underline">
            Message {chat.contributor.name} privately
          </Link>
        ) : null}
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
      <ol ref={listRef} className="space-y-3 overflow-y-auto rounded-md bg-gray-50 p-3" style={{ height: CHAT_SIZES.projectPanel }} data-testid="chat-messages" aria-live="polite">
        {hasMore ? (
          <li className="text-center">
            {hydrated ? (
              <button
                type="button"
                className="text-xs font-medium text-brand-600 hover:underline"
                onClick={() => messages[0] && socket.send({ type: 'request_all_messages', chatType: 'project', orderId, before: messages[0]._id })}
              >
                Show earlier messages
              </button>
            ) : (
              <a href={`${chatHistoryHref(pathname, search, messages[0]?._id ?? null)}#team-chat`} className="text-xs font-medium text-brand-600 hover:underline">
                Show earlier messages
              </a>
            )}
          </li>
        ) : null}
        {messages.length === 0 ? <li className="py-8 text-center text-sm text-gray-500">No messages yet</li> : null}
        {messages.map((m) => (
          <li key={m._id} className="rounded-md bg-white px-3 py-2 shadow-xs ring-1 ring-gray-100" data-testid="chat-message">
            <MessageMeta label={m.role_label} mine={m.sent_by === chat.me} name={m.name} time={m.createdAt} />
            <div className="mt-1 text-sm text-gray-800">
              {m.type === 'file' && m.data ? <MessageFile file={m.data} /> : <p className="whitespace-pre-wrap break-words">{m.content}</p>}
            </div>
          </li>
        ))}
        {!hydrated && chat.before ? (
          <li className="text-center">
            <a href={`${chatHistoryHref(pathname, search, null)}#team-chat`} className="text-xs font-medium text-brand-600 hover:underline">
              Show latest messages
            </a>
          </li>
        ) : null}
      </ol>
      <Form method="post" action={projectChatAction(pathname, search)} encType="multipart/form-data" onSubmit={send} className="mt-3 space-y-2" aria-label="Send a message">
        {shownError ? (
          <Alert tone="danger" className="py-1.5">
            {shownError}
          </Alert>
        ) : null}
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
          className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-600"
        />
        <div className="flex items-end justify-between gap-3">
          <div className="min-w-0 flex-1">
            <ChatAttachment chat={upload} hydrated={hydrated} inputId="team-chat-file" />
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={upload.upload?.state === 'uploading'}>
            Send
          </button>
        </div>
      </Form>
    </Card>
  )
}
