// An order as its contributor works on it (issue 26, ADR 0067): which steps are the writer's to mark done,
// when a draft counts as seen (no longer withdrawn or replaced), whom each module waits on, what needs the
// writer now, and how the customer's name and e-mail are kept out of free text shown to a contributor.
import { isCustomerWork, type TimelineModule } from './order-timeline'

export const NOT_WRITER_TASK = 'This step is the customer’s: only they can complete it'
export const TASK_NOT_ON_ORDER = 'This step is not in this order’s workflows'
export const TASK_AMBIGUOUS = 'This step is in more than one workflow: name the workflow (serviceId)'
export const TASK_ALREADY_DONE = 'This step is already done'
export const ONLY_THE_WRITER = 'Only the order’s writer can do this'
export const ONLY_THE_REVIEWER = 'Only the order’s reviewer can approve or reject its drafts'
export const OWN_DRAFT = 'You cannot approve or reject your own draft'
export const DRAFT_SEEN = 'This draft has already been seen: upload a new draft instead'
export const NOTES_OFF = 'Notes on drafts are turned off for this organisation'
export const LOG_IN_AS_REFUSED = 'You are signed in as someone else: only the contributor can do their work, in their own session.'
export const WITHDRAW_REASON_REQUIRED = 'Say why the draft is withdrawn'

/** The team's steps a writer finishes: every module that is not the customer's work (revision process, final documents). */
export function isWriterTask(moduleId: string): boolean {
  return !isCustomerWork(moduleId)
}

export type DraftState = { approval_status: 'pending' | 'approved' | 'rejected' | null; delivered_at: Date | string | null; deleted_at: Date | string | null }

/**
 * A draft is seen once the customer could open it (delivered: straight away when no approval is needed, or
 * when the reviewer approved it) or once a reviewer decided on it. Before that, while it waits for review,
 * the writer may still withdraw or replace it.
 */
export function draftSeen(d: DraftState): boolean {
  return d.delivered_at !== null || (d.approval_status !== null && d.approval_status !== 'pending')
}

export function mayWithdrawDraft(d: DraftState): boolean {
  return d.deleted_at === null && !draftSeen(d)
}

export type ContributorWait = 'customer' | 'writer' | 'reviewer' | 'nobody'

export type ContributorModule = TimelineModule & { serviceName: string; waits: ContributorWait; writerTask: boolean }

/**
 * What a module waits on as the contributor reads it: the customer's work on the customer; the revision step
 * on the reviewer while a draft waits for review, on the customer while a delivered draft is unanswered,
 * else on the writer; done modules on nobody.
 */
export function contributorWait(m: TimelineModule, revision: 'pending' | 'delivered' | 'none'): ContributorWait {
  if (m.state === 'done') return 'nobody'
  if (m.waitsOn === 'you') return 'customer'
  if (m.id === 'revision_process' && revision === 'pending') return 'reviewer'
  if (m.id === 'revision_process' && revision === 'delivered') return 'customer'
  return 'writer'
}

export const WAIT_TEXT: Record<ContributorWait, string> = {
  customer: 'Waits on the customer',
  writer: 'Waits on the writer',
  reviewer: 'Waits on the reviewer',
  nobody: 'Done',
}

/**
 * Does the order need the writer now? The customer asked for a revision after the service's latest draft,
 * or the reviewer rejected that latest draft. (Due dates are shown with the project status.)
 */
export function needsWriter(latest: readonly { approval_status: DraftState['approval_status']; answer: 'accepted' | 'revision' | null }[]): boolean {
  return latest.some((d) => d.answer === 'revision' || d.approval_status === 'rejected')
}

/**
 * Free text written about the customer (activity, answers) with the contact details a contributor may not
 * see taken out: the full name becomes the first name, the e-mail address is removed.
 */
export function redactCustomerText(text: string, customer: { firstName: string; lastName: string; email: string | null }, showContact: boolean): string {
  if (showContact) return text
  let out = text
  // Without a last name the full name is the first name, and replacing it by itself changes nothing.
  // Names as typed may carry spaces around them; the text shows them trimmed.
  const full = `${customer.firstName.trim()} ${customer.lastName.trim()}`.trim()
  out = out.split(full).join(customer.firstName)
  if (customer.email) out = out.split(customer.email).join('[e-mail hidden]')
  return out
}
