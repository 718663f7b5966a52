// Client subscription rules (ADR 0038): plan card texts, the user limit and the added-user cost, the
// pause allowance per subscription year, and which actions a subscription's state offers.
// Pure: the billing pages, their JSON routes and the browser share them. Times are unix seconds.

/** Back-office section 9: pauses per subscription year, each this many months long. */
export const PAUSES_PER_SUBSCRIPTION_YEAR = 2
export const PAUSE_MONTHS = 1

/** The package card's line (back-office section 9). */
export function packageCardText(maxUsers: number): string {
  return maxUsers > 1 ? `For teams. ${maxUsers} users limit.` : 'For single use. 1 user limit.'
}

/** A plan is bought in units: each unit gives the plan's users for the plan's price. */
export function userLimit(planMaxUsers: number, quantity: number): number {
  return planMaxUsers * Math.max(1, quantity)
}

/**
 * What the next cycle costs after adding users (back-office section 9): the added quantity times the
 * unit price plus the current subscription price. Integer cents.
 */
export function nextCycleCents(addedQuantity: number, unitCents: number, currentCents: number): number {
  return addedQuantity * unitCents + currentCents
}

/** Adds whole months in UTC, clamping the day (Jan 31 + 1 month = Feb 28), as Stripe's billing does. */
export function addMonths(at: number, months: number): number {
  const d = new Date(at * 1000)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return Math.floor(d.getTime() / 1000)
}

/** The subscription year holding `at`: from an anniversary of the subscription's start to the next one. */
export function subscriptionYear(startedAt: number, at: number): { start: number; end: number } {
  // The n-th anniversary falls in calendar year start + n, so the difference of the years is never too few:
  // step back while that anniversary is still ahead.
  let years = Math.max(0, new Date(at * 1000).getUTCFullYear() - new Date(startedAt * 1000).getUTCFullYear())
  while (years > 0 && addMonths(startedAt, 12 * years) > at) years--
  return { start: addMonths(startedAt, 12 * years), end: addMonths(startedAt, 12 * (years + 1)) }
}

export type PauseRecord = { startsAt: number; withdrawn: boolean }

/**
 * Pauses left in the subscription year in which a pause starting at `pauseStartsAt` would begin. A
 * pause counts in the year it starts; one withdrawn before it began does not count, one ended early does.
 */
export function pausesLeft(pauses: PauseRecord[], startedAt: number, pauseStartsAt: number, perYear = PAUSES_PER_SUBSCRIPTION_YEAR): number {
  const year = subscriptionYear(startedAt, pauseStartsAt)
  const taken = pauses.filter((p) => !p.withdrawn && p.startsAt >= year.start && p.startsAt < year.end).length
  return Math.max(0, perYear - taken)
}

export type SubscriptionState = {
  /** A subscription that still bills (trialing, active, past due, paused). */
  live: boolean
  /** The organisation's package status: trial, active, past_due, paused, canceled. */
  packageStatus: string | null
  trialing: boolean
  cancelAtPeriodEnd: boolean
  /** A pause set for the end of the cycle (scheduled) or in effect (running). */
  pause: 'none' | 'scheduled' | 'running'
  /** An unpaid invoice (past due). */
  openInvoice: boolean
  /** The plan lets users be added (its users-upgrade option). */
  usersUpgradable: boolean
  monthly: boolean
  pausesLeft: number
}

export type SubscriptionActions = {
  /** Trial upgrade (/payments/upgrade). */
  upgrade: boolean
  /** A new subscription after the last one ended (/payments/reactivate). */
  reactivate: boolean
  /** Undo a cancellation set for the end of the period (reactivateCurrentSubscription). */
  keep: boolean
  cancel: boolean
  pause: boolean
  /** Why Pause is shown but cannot be used, if so. */
  pauseBlocked: string | null
  unpause: boolean
  addUsers: boolean
  payNow: boolean
}

export const NO_PAUSES_LEFT = `You can pause at most ${PAUSES_PER_SUBSCRIPTION_YEAR} times per subscription year.`
export const PAUSE_MONTHLY_ONLY = 'Only monthly subscriptions can be paused.'

/** No action offered (Stripe unreachable, or the base each state adds its actions to). */
export const NO_SUBSCRIPTION_ACTIONS: SubscriptionActions = {
  upgrade: false,
  reactivate: false,
  keep: false,
  cancel: false,
  pause: false,
  pauseBlocked: null,
  unpause: false,
  addUsers: false,
  payNow: false,
}

/**
 * What the state offers (back-office section 4): canceled or trial users may reactivate or upgrade;
 * paused users may only cancel (or end the pause early); nothing is changed on a subscription
 * that is ending, and an unpaid one is paid (or canceled) before anything else.
 */
export function subscriptionActions(s: SubscriptionState): SubscriptionActions {
  if (!s.live) return s.packageStatus === 'trial' ? { ...NO_SUBSCRIPTION_ACTIONS, upgrade: true } : { ...NO_SUBSCRIPTION_ACTIONS, reactivate: true }
  if (s.pause === 'running') return { ...NO_SUBSCRIPTION_ACTIONS, cancel: true, unpause: true }
  if (s.trialing) return { ...NO_SUBSCRIPTION_ACTIONS, upgrade: true, cancel: !s.cancelAtPeriodEnd, keep: s.cancelAtPeriodEnd }
  if (s.openInvoice || s.packageStatus === 'past_due') return { ...NO_SUBSCRIPTION_ACTIONS, payNow: s.openInvoice, cancel: true }
  if (s.cancelAtPeriodEnd) return { ...NO_SUBSCRIPTION_ACTIONS, keep: true }
  if (s.pause === 'scheduled') return { ...NO_SUBSCRIPTION_ACTIONS, cancel: true, unpause: true }
  const pauseBlocked = !s.monthly ? PAUSE_MONTHLY_ONLY : s.pausesLeft <= 0 ? NO_PAUSES_LEFT : null
  return { ...NO_SUBSCRIPTION_ACTIONS, cancel: true, pause: pauseBlocked === null, pauseBlocked, addUsers: s.usersUpgradable }
}

export type PlanHeadline = { title: string; showStatus: boolean; note: string | null }

/**
 * The plan card's heading on Manage Subscription (issue 27: no "No subscription" beside an "Active" badge).
 * With a plan: its name and the status badge. Without one, an organisation the platform keeps active (no
 * subscription to bill) says exactly that and shows no badge; any other state keeps its badge, which then
 * agrees with "No subscription".
 */
export function planHeadline(plan: { packageName: string } | null, status: string): PlanHeadline {
  if (plan) return { title: plan.packageName, showStatus: true, note: null }
  if (status === 'active') return { title: 'No paid plan', showStatus: false, note: 'Your organisation is active without a subscription: nothing is billed.' }
  return { title: 'No subscription', showStatus: true, note: null }
}

/**
 * What the way to a new subscription says (Manage Subscription's notice, /payments/reactivate's intro): "ended" and
 * "Reactivate" only when one really ended; a one-time plan (ADR 46) or an organisation kept active without a plan
 * starts its first subscription there.
 */
export function reactivationTexts(status: string | null, oneTimePlan: boolean): { notice: string; link: string; intro: string } {
  if (status !== 'active') return { notice: 'Your subscription has ended.', link: 'Reactivate', intro: 'Your subscription has ended. Choose a package to subscribe again.' }
  if (oneTimePlan)
    return { notice: 'Your plan was paid once and does not renew.', link: 'Choose a subscription', intro: 'Your plan was paid once. Choose a package to start a subscription.' }
  return { notice: 'There is no subscription on file.', link: 'Choose a subscription', intro: 'Choose a package to start a subscription.' }
}
