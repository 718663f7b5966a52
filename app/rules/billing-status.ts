// The spec's package status from a Stripe subscription, when payment became due, and which billing
// e-mails fall due on a date (ADR 0031). Pure: the webhook, the daily job and their tests share it.
import { daysLeftInTrial, daysPastDue, LOCK_AFTER_DAYS } from './account-status'

/** The back office's subscription statuses (back-office spec, section 4). */
export type PackageStatus = 'trial' | 'active' | 'past_due' | 'paused' | 'canceled'

export type SubscriptionFacts = {
  /** Stripe's status: trialing, active, past_due, unpaid, paused, canceled, incomplete, incomplete_expired. */
  status: string
  /** pause_collection is set: a pause is scheduled (still in the paid period) or running. */
  collectionPaused: boolean
  /** The status of the subscription's latest invoice, when it was looked up. */
  latestInvoiceStatus: string | null
}

/** Stripe emails nothing itself here: the trial-ending mail goes this many days before the end. */
export const TRIAL_ENDING_NOTICE_DAYS = 3

/**
 * The package status for a subscription, or null when the subscription says nothing yet (an
 * incomplete first payment): the organisation keeps the status it has. A pause with
 * pause_collection starts at the end of the paid cycle: until the skipped (voided) invoice exists
 * the client keeps using what they paid for, so that counts as active.
 */
export function packageStatusFor(facts: SubscriptionFacts): PackageStatus | null {
  switch (facts.status) {
    case 'trialing':
      return 'trial'
    case 'active':
      return facts.collectionPaused && facts.latestInvoiceStatus === 'void' ? 'paused' : 'active'
    case 'past_due':
    case 'unpaid':
      return 'past_due'
    case 'paused':
      return 'paused'
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled'
    default:
      return null
  }
}

/**
 * When the unpaid invoice became due: kept from the first failure while the package stays past
 * due (later failures and retries never move it, so the 8-day lock cannot be postponed), cleared
 * by anything else (a payment, a cancellation).
 */
export function paymentDueSinceFor(status: PackageStatus | null, current: Date | null, firstUnpaidAt: Date | null): Date | null {
  if (status !== 'past_due') return status === null ? current : null
  return current ?? firstUnpaidAt
}

/** Stripe subscription statuses that still bill (a new one of these replaces an ended one). */
export function isLiveSubscription(status: string): boolean {
  return !['canceled', 'incomplete_expired', 'incomplete'].includes(status)
}

export type DatedState = { packageStatus: string; trialEndsAt: Date | null; paymentDueSince: Date | null }

export type BillingNotice = { kind: 'trial_ending'; ref: string; daysLeft: number } | { kind: 'locked'; ref: string }

/**
 * The e-mails an organisation's dates call for now: the trial ends within 3 days; the account has
 * been past due for 8 days or more (locked). `ref` names the occasion, so each is sent once.
 */
export function noticesDue(state: DatedState, now: Date): BillingNotice[] {
  const notices: BillingNotice[] = []
  const daysLeft = daysLeftInTrial(state.packageStatus, state.trialEndsAt, now)
  if (daysLeft !== null && daysLeft >= 0 && daysLeft <= TRIAL_ENDING_NOTICE_DAYS) {
    notices.push({ kind: 'trial_ending', ref: String(Math.floor(state.trialEndsAt!.getTime() / 1000)), daysLeft })
  }
  if (isLocked(state.packageStatus, state.paymentDueSince, now)) notices.push({ kind: 'locked', ref: String(state.paymentDueSince!.getTime()) })
  return notices
}

/** Past due for 8 days or more: the account is locked (the same rule as the sidebar's, ADR 0005). */
export function isLocked(packageStatus: string, paymentDueSince: Date | null, now: Date): boolean {
  const days = daysPastDue(paymentDueSince, now)
  return packageStatus === 'past_due' && days !== null && days >= LOCK_AFTER_DAYS
}
