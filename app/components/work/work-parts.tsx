// Small pieces shared by My work's list and board: priority and status badges, the due date, what an order waits on.
import { Badge } from '#app/components/page'
import { formatDate } from '#app/rules/format'
import { PROJECT_STATUS_TONE, type ProjectStatus } from '#app/rules/project-status'
import { WORK_WAITS_TEXT, type WorkWaitsOn } from '#app/rules/work-list'
import { cn } from '#app/ui/cn'

export { PriorityBadge } from '#app/components/orders/priority-badge'

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={PROJECT_STATUS_TONE[status]}>{status}</Badge>
}

export function DueDate({ dueDate }: { dueDate: string | null }) {
  return dueDate ? <time dateTime={dueDate}>Due {formatDate(dueDate)}</time> : <span>No due date</span>
}

export function WaitsOn({ waitsOn }: { waitsOn: WorkWaitsOn }) {
  return <span className={cn('text-xs font-medium', waitsOn === 'me' ? 'text-brand-700' : 'text-gray-600')}>{WORK_WAITS_TEXT[waitsOn]}</span>
}
