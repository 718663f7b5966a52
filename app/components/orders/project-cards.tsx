// The side cards of the project page: Activity (a 310px scrolling list) and Attached Files with the upload
// form (the Team Chat is app/components/chat/project-chat.tsx).
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import type { Project } from '#app/models/projects.server'
import { FILE_NAME_RULE, formatKb, isAllowedFileName } from '#app/rules/file-name'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { formatDateTime } from './project-overview'

export function downloadHref(key: string) {
  return `/api/file/download/${encodeURIComponent(key)}`
}

export function ProjectActivity({ notifications }: { notifications: Project['notifications'] }) {
  return (
    <Card aria-label="Activity">
      <h2 className="mb-3 text-base font-semibold text-gray-900">Activity</h2>
      {notifications.length === 0 ? (
        <p className="text-sm text-gray-500">No Activity</p>
      ) : (
        <ol
          className="max-h-[310px] space-y-3 overflow-y-auto pr-2"
          data-testid="activity-list"
          aria-label="Activity"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          {notifications.map((n) => (
            <li key={n._id} className="border-l-2 border-brand-100 pl-3">
              <p className="text-sm text-gray-800">{n.contant}</p>
              <time dateTime={n.createdAt} className="text-xs text-gray-500">
                {formatDateTime(n.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

export type UploadAnswer = { intent: 'upload'; error: string; detail?: string }

export function ProjectFiles({ files, action, canUpload, answer }: { files: Project['files']; action: string; canUpload: boolean; answer?: UploadAnswer | null }) {
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
  const [nameError, setNameError] = useState<string | null>(null)
  return (
    <Card aria-label="Attached Files">
      <h2 className="mb-3 text-base font-semibold text-gray-900">Attached Files</h2>
      {files.length === 0 ? (
        <p className="text-sm text-gray-500">No Files</p>
      ) : (
        <ul className="max-h-[310px] space-y-2 overflow-y-auto pr-2">
          {files.map((f) => (
            <li key={f._id} className="flex items-center justify-between gap-3 text-sm">
              <a href={downloadHref(f.file.key)} className="truncate font-medium text-brand-600 hover:underline" download>
                {f.file.originalname}
              </a>
              <span className="shrink-0 text-xs text-gray-500">{formatKb(f.file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? (
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          preventScrollReset
          className="mt-4 space-y-2 border-t border-gray-100 pt-4"
          onSubmit={(e) => {
            const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0]
            if (file && !isAllowedFileName(file.name)) {
              e.preventDefault()
              setNameError(FILE_NAME_RULE)
            }
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <label className="block text-sm font-medium text-gray-700">
            Attach a file
            <input
              type="file"
              name="file"
              required
              onChange={(e) => setNameError(e.currentTarget.files?.[0] && !isAllowedFileName(e.currentTarget.files[0].name) ? FILE_NAME_RULE : null)}
              className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700"
            />
          </label>
          {nameError || answer?.error ? (
            <p role="alert" className="text-sm text-red-600">
              {nameError ?? answer?.error}
              {!nameError && answer?.detail ? <span className="block text-xs">{answer.detail}</span> : null}
            </p>
          ) : null}
          <button type="submit" disabled={uploading} className={buttonClass('secondary')}>
            {uploading ? 'Uploading...' : 'Upload'}
          </button>
        </Form>
      ) : null}
    </Card>
  )
}
