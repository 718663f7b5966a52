// Client package status rules: sidebar lockout, trial and past-due banners, trial labels.

// Grace window: a past-due package keeps the full sidebar for 7 days, locking on day 8.
export const LOCK_AFTER_DAYS = 8

export type TrialBanner = { kind: 'days-left'; days: number } | { kind: 'expired' }

export type PastDueBanner = { daysUntilLock: number; message: string }

export function sidebarRestricted(status: string | null | undefined, paymentDueDays: number | null | undefined, trialDaysLeft?: number | null): boolean {
  if (status === 'active') return false
  // A running trial is a working account (the banner counts down); an expired one is locked (ADR 5).
  if (status === 'trial' && trialDaysLeft != null && trialDaysLeft >= 0) return false
  if (status === 'past_due' && paymentDueDays != null && paymentDueDays < LOCK_AFTER_DAYS) return false
  return true
}

export function trialBanner(trialUser: boolean, trialDaysLeft: number | null): TrialBanner | null {
  if (!trialUser || trialDaysLeft == null) return null
  return trialDaysLeft >= 0 ? { kind: 'days-left', days: trialDaysLeft } : { kind: 'expired' }
}

export function pastDueBanner(status: string | null | undefined, paymentDueDays: number | null | undefined): PastDueBanner | null {
  if (status !== 'past_due' || paymentDueDays == null || paymentDueDays >= LOCK_AFTER_DAYS) return null
  const daysUntilLock = LOCK_AFTER_DAYS - paymentDueDays
  // Wording, including 'you account', is the product's own text and must stay verbatim.
  return { daysUntilLock, message: `You have a past due invoice and you account will be locked in ${daysUntilLock} days` }
}

export function trialLabel(trialUser: boolean, trialDaysLeft: number | null): string {
  const banner = trialBanner(trialUser, trialDaysLeft)
  if (!banner) return ''
  return banner.kind === 'expired' ? '(trial - expired)' : `(trial - ${banner.days} days left)`
}

const DAY = 24 * 3600 * 1000

/** Whole days left in a trial (0 on its last day, negative once it has ended); null when not on trial. */
export function daysLeftInTrial(status: string | null | undefined, trialEndsAt: Date | null | undefined, now = new Date()): number | null {
  if (status !== 'trial' || !trialEndsAt) return null
  return Math.floor((trialEndsAt.getTime() - now.getTime()) / DAY)
}

/** Whole days since an invoice became past due; null when nothing is due. */
export function daysPastDue(paymentDueSince: Date | null | undefined, now = new Date()): number | null {
  if (!paymentDueSince) return null
  return Math.max(0, Math.floor((now.getTime() - paymentDueSince.getTime()) / DAY))
}
