// Project status of an order (portal doc section 4): Completed, Pending, On track, Due soon, Past due.

export const PROJECT_STATUSES = ['Completed', 'Pending', 'On track', 'Due soon', 'Past due'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

/** The due-soon window: 0 to 2 whole days before the due date. */
export const DUE_SOON_DAYS = 2

const DAY_MS = 86_400_000

/** Whole calendar days (UTC) from `now` to `due`: today is 0, tomorrow 1, yesterday -1. */
export function daysUntil(due: Date, now: Date): number {
  const startOf = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return Math.round((startOf(due) - startOf(now)) / DAY_MS)
}

/** 100 percent is Completed; no due date is Pending; then by days left: >2 On track, 0..2 Due soon, <0 Past due. */
export function projectStatus(order: { statusPercentage: number; dueDate: Date | string | null | undefined }, now = new Date()): ProjectStatus {
  if (order.statusPercentage >= 100) return 'Completed'
  if (!order.dueDate) return 'Pending'
  const days = daysUntil(new Date(order.dueDate), now)
  if (days > DUE_SOON_DAYS) return 'On track'
  if (days >= 0) return 'Due soon'
  return 'Past due'
}

/** Badge colours per status (Tailwind classes), shared by the list, the dashboard and the project page. */
export const PROJECT_STATUS_TONE: Record<ProjectStatus, 'green' | 'gray' | 'blue' | 'amber' | 'red'> = {
  Completed: 'green',
  Pending: 'gray',
  'On track': 'blue',
  'Due soon': 'amber',
  'Past due': 'red',
}
