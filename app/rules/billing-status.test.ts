import { describe, expect, it } from 'vitest'
import { isLiveSubscription, isLocked, noticesDue, packageStatusFor, paymentDueSinceFor } from './billing-status'

const DAY = 86_400_000
const NOW = new Date('2026-12-01T12:00:00.000Z')
const ago = (days: number) => new Date(NOW.getTime() - days * DAY)
const ahead = (days: number) => new Date(NOW.getTime() + days * DAY)

describe('packageStatusFor', () => {
  it.each([
    ['trialing', false, null, 'trial'],
    ['active', false, null, 'active'],
    ['active', false, 'paid', 'active'],
    // A pause scheduled for the end of the cycle: the paid month is still used.
    ['active', true, 'paid', 'active'],
    ['active', true, 'void', 'paused'],
    ['past_due', false, 'open', 'past_due'],
    ['unpaid', false, 'open', 'past_due'],
    ['paused', false, null, 'paused'],
    ['canceled', false, null, 'canceled'],
    ['incomplete_expired', false, null, 'canceled'],
    ['incomplete', false, 'open', null],
  ] as const)('%s (paused collection %s, latest invoice %s) -> %s', (status, collectionPaused, latestInvoiceStatus, expected) =>
    expect(packageStatusFor({ status, collectionPaused, latestInvoiceStatus })).toBe(expected),
  )
})

describe('paymentDueSinceFor', () => {
  const first = ago(3)
  const later = ago(1)
  it.each([
    ['past_due', null, first, first],
    // Later failures never move the date, so the lock is never postponed.
    ['past_due', first, later, first],
    ['active', first, null, null],
    ['canceled', first, null, null],
    ['trial', null, null, null],
    [null, first, later, first],
    [null, null, later, null],
  ] as const)('%s with %s and first unpaid %s', (status, current, firstUnpaid, expected) => expect(paymentDueSinceFor(status, current, firstUnpaid)).toBe(expected))
})

describe('isLiveSubscription', () => {
  it.each([
    ['trialing', true],
    ['active', true],
    ['past_due', true],
    ['paused', true],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
  ] as const)('%s -> %s', (status, expected) => expect(isLiveSubscription(status)).toBe(expected))
})

describe('isLocked', () => {
  it.each([
    ['past_due', ago(7.9), false],
    ['past_due', ago(8), true],
    ['past_due', ago(30), true],
    ['past_due', null, false],
    ['active', ago(30), false],
    ['canceled', ago(30), false],
  ] as const)('%s since %s -> %s', (status, since, expected) => expect(isLocked(status, since, NOW)).toBe(expected))
})

describe('noticesDue', () => {
  it('asks for the trial-ending mail from 3 days before the end until it ends, named by the end', () => {
    const end = ahead(2.5)
    expect(noticesDue({ packageStatus: 'trial', trialEndsAt: end, paymentDueSince: null }, NOW)).toEqual([
      { kind: 'trial_ending', ref: String(Math.floor(end.getTime() / 1000)), daysLeft: 2 },
    ])
    expect(noticesDue({ packageStatus: 'trial', trialEndsAt: ahead(3.5), paymentDueSince: null }, NOW)).toHaveLength(1)
    expect(noticesDue({ packageStatus: 'trial', trialEndsAt: ahead(4.5), paymentDueSince: null }, NOW)).toEqual([])
    expect(noticesDue({ packageStatus: 'trial', trialEndsAt: ago(0.5), paymentDueSince: null }, NOW)).toEqual([])
    expect(noticesDue({ packageStatus: 'active', trialEndsAt: ahead(1), paymentDueSince: null }, NOW)).toEqual([])
  })

  it('still asks on the last day of the trial (0 whole days left)', () => {
    const end = ahead(0.5)
    expect(noticesDue({ packageStatus: 'trial', trialEndsAt: end, paymentDueSince: null }, NOW)).toEqual([
      { kind: 'trial_ending', ref: String(Math.floor(end.getTime() / 1000)), daysLeft: 0 },
    ])
  })

  it('asks for the locked mail once past due for 8 days, named by the due date', () => {
    const since = ago(8)
    expect(noticesDue({ packageStatus: 'past_due', trialEndsAt: null, paymentDueSince: since }, NOW)).toEqual([{ kind: 'locked', ref: String(since.getTime()) }])
    expect(noticesDue({ packageStatus: 'past_due', trialEndsAt: null, paymentDueSince: ago(7) }, NOW)).toEqual([])
    expect(noticesDue({ packageStatus: 'active', trialEndsAt: null, paymentDueSince: null }, NOW)).toEqual([])
  })
})
