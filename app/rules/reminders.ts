// Workflow reminders: which modules may hold them and the rules of the reminder editor.

export const MAX_REMINDERS = 3
export const MIN_REMINDER_DAYS = 1
export const MAX_REMINDER_DAYS = 21

export const DUPLICATE_REMINDERS = "Can't have duplicate reminders"
export const EMAIL_REQUIRED = 'Email subject and body are required'
export const DAYS_OUT_OF_RANGE = `Number of days must be between ${MIN_REMINDER_DAYS} and ${MAX_REMINDER_DAYS}`
export const TOO_MANY_REMINDERS = `A module can have at most ${MAX_REMINDERS} reminders`

export type Reminder = { id: string; num: number; numberOfDays: number; email: { subject: string; body: string } }

export type ReminderType = 'dependOnCustomer' | 'dependOnWriter' | 'noReminderRequired'

const WRITER_MODULES = new Set(['additional_questionnaire', 'revision_process'])
const NO_REMINDER_MODULES = new Set(['final_document', 'final_linkedin'])

/** Who the reminder waits on; form modules and unknown ids wait on the customer. */
export function reminderType(moduleId: string): ReminderType {
  if (NO_REMINDER_MODULES.has(moduleId)) return 'noReminderRequired'
  if (WRITER_MODULES.has(moduleId)) return 'dependOnWriter'
  return 'dependOnCustomer'
}

/** Modules without reminders show no bell. */
export function hasReminderBell(moduleId: string): boolean {
  return reminderType(moduleId) !== 'noReminderRequired'
}

/** A rich editor's empty document ('<p></p>', '<p><br></p>', '&nbsp;') counts as no body. */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
    .trim()
  return text.length === 0
}

export function canAddReminder(reminders: readonly Reminder[]): boolean {
  return reminders.length < MAX_REMINDERS
}

/** The next reminder: one day after the last one (1 for the first), capped at the maximum. */
export function newReminder(reminders: readonly Reminder[], id: string): Reminder {
  const last = reminders[reminders.length - 1]
  const days = last ? Math.min(last.numberOfDays + 1, MAX_REMINDER_DAYS) : MIN_REMINDER_DAYS
  return { id, num: reminders.length + 1, numberOfDays: days, email: { subject: '', body: '' } }
}

export function addReminder(reminders: readonly Reminder[], id: string): Reminder[] {
  if (!canAddReminder(reminders)) return [...reminders]
  return [...reminders, newReminder(reminders, id)]
}

/** Deleting renumbers the rest 1..n in their order. */
export function removeReminder(reminders: readonly Reminder[], id: string): Reminder[] {
  return renumber(reminders.filter((r) => r.id !== id))
}

export function renumber(reminders: readonly Reminder[]): Reminder[] {
  return reminders.map((r, i) => ({ ...r, num: i + 1 }))
}

/** Ids of reminders whose day count another reminder of the module already uses. */
export function duplicateReminderIds(reminders: readonly Reminder[]): Set<string> {
  const counts = new Map<number, number>()
  for (const r of reminders) counts.set(r.numberOfDays, (counts.get(r.numberOfDays) ?? 0) + 1)
  return new Set(reminders.filter((r) => (counts.get(r.numberOfDays) ?? 0) > 1).map((r) => r.id))
}

export type ReminderIssue = { duplicate: boolean; days?: string; email?: string }

/** Per reminder: the duplicate flag and the messages the editor shows under it. */
export function reminderIssues(reminders: readonly Reminder[]): Record<string, ReminderIssue> {
  const dupes = duplicateReminderIds(reminders)
  const out: Record<string, ReminderIssue> = {}
  for (const r of reminders) {
    const issue: ReminderIssue = { duplicate: dupes.has(r.id) }
    const days = Number(r.numberOfDays)
    if (!Number.isInteger(days) || days < MIN_REMINDER_DAYS || days > MAX_REMINDER_DAYS) issue.days = DAYS_OUT_OF_RANGE
    if (!r.email.subject.trim() || isBlankHtml(r.email.body)) issue.email = EMAIL_REQUIRED
    out[r.id] = issue
  }
  return out
}

/** The first problem of a module's reminders, or null when they may be saved (submit stays disabled otherwise). */
export function reminderError(reminders: readonly Reminder[]): string | null {
  if (reminders.length > MAX_REMINDERS) return TOO_MANY_REMINDERS
  const issues = Object.values(reminderIssues(reminders))
  if (issues.some((i) => i.duplicate)) return DUPLICATE_REMINDERS
  const days = issues.find((i) => i.days)
  if (days) return days.days!
  const email = issues.find((i) => i.email)
  return email ? email.email! : null
}
