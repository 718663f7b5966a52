// An organisation's outgoing e-mail budget (issue 28, ADR 0095): which e-mails it holds back, and until when.

/** E-mails an organisation may send in one clock hour before the rest wait for the next (MAIL_PER_ORGANISATION_PER_HOUR). */
export const MAIL_PER_ORGANISATION_PER_HOUR = 500
export const MAIL_WINDOW_MS = 3_600_000

/**
 * Sent at once whatever the budget (and still counted): a person's own sign-in, security and account e-mails,
 * each behind its own per-address limit, and the platform's billing notices. Held back, they would lock someone out.
 */
const NEVER_HELD = new Set([
  'two_factor_code',
  'password_reset',
  'email_change_confirm',
  'email_change_requested',
  'email_changed',
  'customer_welcome',
  'customer_sign_in_link',
  'portal_welcome',
  'custom_domain_changed',
  'billing_trial_ending',
  'billing_payment_failed',
  'billing_account_locked',
])

export function mayBeHeld(template: string): boolean {
  return !NEVER_HELD.has(template)
}

/** The budget from its setting: a whole number, 0 for none; anything else is the default. */
export function hourlyLimit(setting: string | undefined): number {
  const value = setting === undefined || setting.trim() === '' ? NaN : Number(setting)
  return Number.isInteger(value) && value >= 0 ? value : MAIL_PER_ORGANISATION_PER_HOUR
}

/** The clock hour `now` falls in, and how long until the next one starts. */
export function windowOf(now: number): { window: number; untilNext: number } {
  const window = Math.floor(now / MAIL_WINDOW_MS)
  return { window, untilNext: (window + 1) * MAIL_WINDOW_MS - now }
}
