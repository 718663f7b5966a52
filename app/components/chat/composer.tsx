// How both chat panels send: the post form (multipart, so it works without JavaScript) with the error
// line, the panel's own text field, the file with its progress, and Send; once the page runs, the
// socket carries the uploaded file first, then the text, and nothing at all when both are empty.
import { Form } from '@remix-run/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { isBlankText, SOCKET_NOT_OPEN } from '#app/rules/chat'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { ChatAttachment, useChatUpload } from './chat-attachment'
import type { useChatSocket } from './use-chat-socket'

/** Frame refs unique in this tab (a refusal from the server names the frame's ref). */
export function refCounter(prefix: string) {
  let n = 0
  return () => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`
}

export type Composer = ReturnType<typeof useComposer>

export function useComposer(initialError: string | null) {
  const upload = useChatUpload()
  const [error, setError] = useState<string | null>(initialError)

  /**
   * Sends what is composed; true when it went (the caller then clears its text field). Nothing goes
   * while the file is still uploading or when there is neither text nor file; a closed socket is said.
   */
  function send(socket: ReturnType<typeof useChatSocket>, base: Record<string, unknown>, text: { plain: string; content: string }, nextRef: () => string): boolean {
    const pending = upload.upload
    if (pending?.state === 'uploading') return false
    const file = pending?.state === 'done' ? pending.file : undefined
    const hasText = !isBlankText(text.plain)
    if (!file && !hasText) return false
    const frames = [
      ...(file ? [{ ...base, message_type: 'file', data: { key: file.key }, ref: nextRef() }] : []),
      ...(hasText ? [{ ...base, message_type: 'text', content: text.content, ref: nextRef() }] : []),
    ]
    if (socket.status !== 'open' || !frames.every((frame) => socket.send(frame))) {
      setError(SOCKET_NOT_OPEN)
      return false
    }
    setError(null)
    if (file) upload.remove()
    return true
  }

  return { upload, error, setError, send }
}

export function ChatComposer({
  composer,
  action,
  hydrated,
  fileInputId,
  onSubmit,
  children,
}: {
  composer: Composer
  action: string
  hydrated: boolean
  fileInputId: string
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  /** The panel's own text field (a textarea, or the rich text editor). */
  children: ReactNode
}) {
  const { upload } = composer
  const shownError = upload.error ?? composer.error
  return (
    <Form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} className="mt-3 space-y-2" aria-label="Send a message">
      {shownError ? (
        <Alert tone="danger" className="py-1.5">
          {shownError}
        </Alert>
      ) : null}
      {children}
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <ChatAttachment chat={upload} hydrated={hydrated} inputId={fileInputId} />
        </div>
        <button type="submit" className={buttonClass('primary')} disabled={upload.upload?.state === 'uploading'}>
          Send
        </button>
      </div>
    </Form>
  )
}
