// What both chat panels show the same way: the scrolling list of messages (kept at the bottom unless
// earlier ones were just loaded), "Show earlier messages" (a socket request once the page runs, a link
// without JavaScript), and the socket's connection notices.
import { Link } from '@remix-run/react'
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { SESSION_ENDED, SOCKET_CONNECTING } from '#app/rules/chat'
import type { SocketStatus } from './use-chat-socket'

type Message = { _id: string }

function merge<M extends Message>(current: M[], incoming: M[], where: 'append' | 'prepend') {
  const seen = new Set(current.map((m) => m._id))
  const fresh = incoming.filter((m) => !seen.has(m._id))
  return where === 'append' ? [...current, ...fresh] : [...fresh, ...current]
}

export type MessageFeed<M extends Message> = {
  messages: M[]
  hasMore: boolean
  listRef: RefObject<HTMLOListElement>
  /** A page from the loader: shown afresh, scrolled to the bottom. */
  reset: (messages: M[], hasMore: boolean) => void
  /** A page from the socket: the latest replaces the list; an earlier one (`before`) goes on top and the view stays. */
  page: (messages: M[], before: unknown, hasMore: boolean) => void
  /** A new message, added once (the sender's own comes back too) and scrolled to. */
  add: (message: M) => void
}

export function useMessageFeed<M extends Message>(initial: { messages: M[]; hasMore: boolean }): MessageFeed<M> {
  const [messages, setMessages] = useState(initial.messages)
  const [hasMore, setHasMore] = useState(initial.hasMore)
  const listRef = useRef<HTMLOListElement>(null)
  const stickToBottom = useRef(true)

  useEffect(() => {
    const list = listRef.current
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight
  }, [messages])

  const reset = useCallback((next: M[], more: boolean) => {
    stickToBottom.current = true
    setMessages(next)
    setHasMore(more)
  }, [])
  const page = useCallback((next: M[], before: unknown, more: boolean) => {
    stickToBottom.current = !before
    setMessages((current) => (before ? merge(current, next, 'prepend') : next))
    setHasMore(more)
  }, [])
  const add = useCallback((message: M) => {
    stickToBottom.current = true
    setMessages((current) => merge(current, [message], 'append'))
  }, [])
  return { messages, hasMore, listRef, reset, page, add }
}

const linkButton = 'text-xs font-medium text-brand-600 hover:underline'

export function ChatMessageList<M extends Message>({
  feed,
  height,
  hydrated,
  onEarlier,
  earlierHref,
  messageClassName,
  renderMessage,
  footer,
}: {
  feed: MessageFeed<M>
  height: number
  hydrated: boolean
  /** Asks the socket for the page before this message id. */
  onEarlier: (before: string) => void
  /** The same page without JavaScript. */
  earlierHref: (before: string) => string
  messageClassName: (message: M) => string
  renderMessage: (message: M) => ReactNode
  footer?: ReactNode
}) {
  const { messages, hasMore, listRef } = feed
  const first = messages[0]
  return (
    // Focusable, so the scrolling list can be read with the keyboard alone (axe scrollable-region-focusable).
    <ol
      ref={listRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be read by keyboard
      tabIndex={0}
      aria-label="Messages"
      className="space-y-3 overflow-y-auto rounded-md bg-gray-50 p-3"
      style={{ height }}
      data-testid="chat-messages"
      aria-live="polite"
    >
      {hasMore && first ? (
        <li className="text-center">
          {hydrated ? (
            <button type="button" className={linkButton} onClick={() => onEarlier(first._id)}>
              Show earlier messages
            </button>
          ) : (
            <a href={earlierHref(first._id)} className={linkButton}>
              Show earlier messages
            </a>
          )}
        </li>
      ) : null}
      {messages.length === 0 ? <li className="py-8 text-center text-sm text-gray-500">No messages yet</li> : null}
      {messages.map((m) => (
        <li key={m._id} className={messageClassName(m)} data-testid="chat-message">
          {renderMessage(m)}
        </li>
      ))}
      {footer}
    </ol>
  )
}

/** "Connecting..." while the socket is not yet open once the page runs; the ended session with a way back in. */
export function ConnectionNotice({ hydrated, status }: { hydrated: boolean; status: SocketStatus }) {
  return (
    <>
      {hydrated && status === 'connecting' ? (
        <p role="status" className="text-xs font-medium text-amber-700">
          {SOCKET_CONNECTING}
        </p>
      ) : null}
      {status === 'ended' ? (
        <p role="status" className="text-xs font-medium text-red-700">
          {SESSION_ENDED}{' '}
          <Link to="/login" className="underline">
            Sign in
          </Link>
        </p>
      ) : null}
    </>
  )
}
