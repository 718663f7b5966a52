// A file for a chat message: checked for the name rule, uploaded at once through POST /api/file/upload
// with its progress shown, and removable until the message is sent. Without JavaScript the same
// input is a plain file field of the post form.
import { useCallback, useEffect, useRef, useState } from 'react'
import { CHAT_UPLOAD_FAILED } from '#app/rules/chat'
import { FILE_NAME_RULE, formatKb, isAllowedFileName } from '#app/rules/file-name'

export type UploadedFile = { key: string; originalname: string; size: number; mimetype: string }
export type Upload = { name: string; size: number; progress: number; state: 'uploading' | 'done' | 'failed'; file?: UploadedFile }

export function useChatUpload() {
  const [upload, setUpload] = useState<Upload | null>(null)
  const [error, setError] = useState<string | null>(null)
  const xhrRef = useRef<XMLHttpRequest | null>(null)

  const remove = useCallback(() => {
    xhrRef.current?.abort()
    xhrRef.current = null
    setUpload(null)
    setError(null)
  }, [])

  const start = useCallback((file: File) => {
    xhrRef.current?.abort()
    setError(null)
    if (!isAllowedFileName(file.name)) {
      setUpload(null)
      setError(FILE_NAME_RULE)
      return
    }
    const xhr = new XMLHttpRequest()
    xhrRef.current = xhr
    setUpload({ name: file.name, size: file.size, progress: 0, state: 'uploading' })
    const failed = () => {
      if (xhrRef.current !== xhr) return
      setUpload((u) => (u ? { ...u, state: 'failed' } : u))
      setError(CHAT_UPLOAD_FAILED)
    }
    xhr.upload.onprogress = (e) => {
      if (xhrRef.current === xhr && e.lengthComputable) setUpload((u) => (u ? { ...u, progress: Math.round((e.loaded / e.total) * 100) } : u))
    }
    xhr.onload = () => {
      if (xhrRef.current !== xhr) return
      let answer: { status?: boolean; file?: UploadedFile } = {}
      try {
        answer = JSON.parse(xhr.responseText)
      } catch {
        return failed()
      }
      if (xhr.status !== 200 || !answer.status || !answer.file) return failed()
      setUpload((u) => (u ? { ...u, progress: 100, state: 'done', file: answer.file } : u))
    }
    xhr.onerror = failed
    xhr.open('POST', '/api/file/upload')
    const body = new FormData()
    body.append('file', file)
    xhr.send(body)
  }, [])

  useEffect(() => () => xhrRef.current?.abort(), [])

  return { upload, error, setError, start, remove }
}

/** The attach control: a file field, then the chosen file with its progress and a Remove link. */
export function ChatAttachment({ chat, hydrated, inputId }: { chat: ReturnType<typeof useChatUpload>; hydrated: boolean; inputId: string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { upload } = chat
  return (
    <div className="space-y-1">
      {upload ? (
        <div className="flex items-center gap-3 rounded-md bg-gray-50 px-3 py-2 text-sm" data-testid="chat-upload">
          <span className="min-w-0 flex-1 truncate text-gray-800">
            {upload.name} <span className="text-xs text-gray-500">({formatKb(upload.size)})</span>
          </span>
          <progress max={100} value={upload.progress} aria-label={`Uploading ${upload.name}`} className="h-2 w-24 accent-brand-600" />
          <span className="w-10 text-right text-xs text-gray-600">{upload.progress}%</span>
          <button
            type="button"
            className="text-xs font-medium text-red-600 hover:underline"
            onClick={() => {
              chat.remove()
              if (inputRef.current) inputRef.current.value = ''
            }}
          >
            Remove
          </button>
        </div>
      ) : null}
      <label htmlFor={inputId} className={upload ? 'sr-only' : 'block text-xs font-medium text-gray-600'}>
        Attach a file
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        // Without JavaScript the file travels with the form; with it, it is uploaded as soon as it is chosen.
        name={hydrated ? undefined : 'file'}
        className={
          upload
            ? 'sr-only'
            : 'block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700'
        }
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          if (hydrated && file) chat.start(file)
          else chat.setError(file && !isAllowedFileName(file.name) ? FILE_NAME_RULE : null)
        }}
      />
    </div>
  )
}
