// How a chat message looks: the sender's role label (YOU for one's own), name and time, then the text
// or the file (an image previewed at most 300px, anything else a download link with its size).
import { formatDateTime } from '#app/components/orders/project-overview'
import { CHAT_SIZES, isPreviewableImage, shownRoleLabel } from '#app/rules/chat'
import { formatKb } from '#app/rules/file-name'
import { cn } from '#app/ui/cn'

export type FileJson = { key: string; mimetype: string; originalname: string; size: number }

const LABEL_TONES: Record<string, string> = {
  YOU: 'bg-brand-50 text-brand-700',
  ADMIN: 'bg-purple-50 text-purple-700',
  REVIEWER: 'bg-amber-50 text-amber-800',
  CONTRIBUTOR: 'bg-green-50 text-green-700',
  USER: 'bg-gray-100 text-gray-700',
  CUSTOMER: 'bg-blue-50 text-blue-700',
}

export function RoleLabel({ label, mine }: { label: string; mine: boolean }) {
  const shown = shownRoleLabel(label, mine)
  return <span className={cn('rounded px-1.5 py-0.5 text-[10px] font-semibold tracking-wide', LABEL_TONES[shown] ?? LABEL_TONES.USER)}>{shown}</span>
}

export function MessageFile({ file }: { file: FileJson }) {
  const download = `/api/file/download/${encodeURIComponent(file.key)}`
  if (isPreviewableImage(file.mimetype)) {
    return (
      <a href={download} download className="block">
        <img
          src={`/api/file/${encodeURIComponent(file.key)}`}
          alt={file.originalname}
          loading="lazy"
          style={{ maxWidth: CHAT_SIZES.imagePreviewMax, maxHeight: CHAT_SIZES.imagePreviewMax }}
          className="rounded-md ring-1 ring-gray-200"
        />
      </a>
    )
  }
  return (
    <a href={download} download className="inline-flex items-center gap-2 text-sm font-medium text-brand-600 hover:underline">
      <span aria-hidden>📎</span>
      <span className="truncate">{file.originalname}</span>
      <span className="text-xs font-normal text-gray-500">{formatKb(file.size)}</span>
    </a>
  )
}

export function MessageMeta({ label, mine, name, time }: { label: string; mine: boolean; name: string; time: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
      <RoleLabel label={label} mine={mine} />
      <span className="font-medium text-gray-700">{name}</span>
      <time dateTime={time}>{formatDateTime(time)}</time>
    </div>
  )
}
