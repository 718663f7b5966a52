import { describe, expect, it } from 'vitest'
import { hourlyLimit, MAIL_PER_ORGANISATION_PER_HOUR, MAIL_WINDOW_MS, mayBeHeld, windowOf } from './mail-volume'

describe('mail volume rules', () => {
  it.each([
    [undefined, MAIL_PER_ORGANISATION_PER_HOUR],
    ['', MAIL_PER_ORGANISATION_PER_HOUR],
    ['0', 0],
    ['25', 25],
    ['-1', MAIL_PER_ORGANISATION_PER_HOUR],
    ['2.5', MAIL_PER_ORGANISATION_PER_HOUR],
    ['many', MAIL_PER_ORGANISATION_PER_HOUR],
  ])('the setting %j is a limit of %i', (setting, limit) => {
    expect(hourlyLimit(setting)).toBe(limit)
  })

  it('holds back the organisation’s own mail, never a sign-in or security e-mail', () => {
    expect(mayBeHeld('order_received')).toBe(true)
    expect(mayBeHeld('workflow_reminder')).toBe(true)
    expect(mayBeHeld('message')).toBe(true)
    for (const code of ['two_factor_code', 'password_reset', 'customer_sign_in_link', 'email_change_confirm', 'billing_payment_failed']) expect(mayBeHeld(code)).toBe(false)
  })

  it('counts in clock hours', () => {
    expect(windowOf(5 * MAIL_WINDOW_MS)).toEqual({ window: 5, untilNext: MAIL_WINDOW_MS })
    expect(windowOf(5 * MAIL_WINDOW_MS + 1000)).toEqual({ window: 5, untilNext: MAIL_WINDOW_MS - 1000 })
  })
})

// The account and billing mails a person is waiting for are never held back by the hourly budget.
it.each([
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
])('%s is never held', (template) => expect(mayBeHeld(template)).toBe(false))
