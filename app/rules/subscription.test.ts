import { describe, expect, it } from 'vitest'
import {
  addMonths,
  planHeadline,
  reactivationTexts,
  NO_PAUSES_LEFT,
  nextCycleCents,
  packageCardText,
  PAUSE_MONTHLY_ONLY,
  pausesLeft,
  subscriptionActions,
  subscriptionYear,
  type SubscriptionState,
  userLimit,
} from './subscription'

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000)

describe('packageCardText', () => {
  it.each([
    [1, 'For single use. 1 user limit.'],
    [2, 'For teams. 2 users limit.'],
    [25, 'For teams. 25 users limit.'],
  ])('%i users -> %s', (users, text) => expect(packageCardText(users)).toBe(text))
})

describe('user limit and added-user cost', () => {
  it.each([
    [5, 1, 5],
    [5, 3, 15],
    [1, 4, 4],
    [5, 0, 5],
  ])('a %i-user plan times %i is %i users', (users, quantity, limit) => expect(userLimit(users, quantity)).toBe(limit))

  it.each([
    // added quantity, unit cents, current subscription cents, next cycle cents
    [1, 9900, 9900, 19800],
    [3, 9900, 19800, 49500],
    [2, 2900, 2900, 8700],
  ])('adding %i at %i to %i costs %i next cycle', (added, unit, current, next) => expect(nextCycleCents(added, unit, current)).toBe(next))
})

describe('addMonths', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2028-02-29T00:00:00Z', 12, '2029-02-28T00:00:00Z'],
    ['2026-12-05T00:00:00Z', 1, '2027-01-05T00:00:00Z'],
  ])('%s + %i months = %s', (from, months, to) => expect(addMonths(at(from), months)).toBe(at(to)))
})

describe('subscriptionYear', () => {
  const start = at('2026-03-10T12:00:00Z')
  it.each([
    ['2026-03-10T12:00:00Z', '2026-03-10T12:00:00Z', '2027-03-10T12:00:00Z'],
    ['2027-03-10T11:59:59Z', '2026-03-10T12:00:00Z', '2027-03-10T12:00:00Z'],
    ['2027-03-10T12:00:00Z', '2027-03-10T12:00:00Z', '2028-03-10T12:00:00Z'],
    ['2029-01-01T00:00:00Z', '2028-03-10T12:00:00Z', '2029-03-10T12:00:00Z'],
    // Mutation testing's edges (ADR 0103): far years, just before an anniversary, and before the start.
    ['2031-03-10T12:00:00Z', '2031-03-10T12:00:00Z', '2032-03-10T12:00:00Z'],
    ['2031-03-10T11:59:59Z', '2030-03-10T12:00:00Z', '2031-03-10T12:00:00Z'],
    ['2031-12-31T23:59:59Z', '2031-03-10T12:00:00Z', '2032-03-10T12:00:00Z'],
    ['2026-03-10T11:59:59Z', '2026-03-10T12:00:00Z', '2027-03-10T12:00:00Z'],
    ['2025-06-01T00:00:00Z', '2026-03-10T12:00:00Z', '2027-03-10T12:00:00Z'],
  ])('%s falls in %s .. %s', (when, from, to) => expect(subscriptionYear(start, at(when))).toEqual({ start: at(from), end: at(to) }))
})

describe('pausesLeft: 2 per subscription year', () => {
  const start = at('2026-01-20T00:00:00Z')
  const pause = (iso: string, withdrawn = false) => ({ startsAt: at(iso), withdrawn })

  it.each([
    ['none taken', [], '2026-04-20T00:00:00Z', 2],
    ['one taken this year', [pause('2026-02-20T00:00:00Z')], '2026-04-20T00:00:00Z', 1],
    ['both taken this year', [pause('2026-02-20T00:00:00Z'), pause('2026-05-20T00:00:00Z')], '2026-08-20T00:00:00Z', 0],
    ['a withdrawn pause does not count', [pause('2026-02-20T00:00:00Z'), pause('2026-05-20T00:00:00Z', true)], '2026-08-20T00:00:00Z', 1],
    ['last year does not count', [pause('2026-02-20T00:00:00Z'), pause('2026-12-20T00:00:00Z')], '2027-01-20T00:00:00Z', 2],
    ['a pause counts in the year it starts', [pause('2027-01-20T00:00:00Z')], '2027-02-20T00:00:00Z', 1],
    ['a pause on the next anniversary belongs to the next year', [pause('2027-01-20T00:00:00Z')], '2026-12-20T00:00:00Z', 2],
    ['a pause before the subscription year does not count', [pause('2026-01-19T23:59:59Z')], '2026-03-20T00:00:00Z', 2],
    ['never below zero', [pause('2026-02-20T00:00:00Z'), pause('2026-03-20T00:00:00Z'), pause('2026-04-20T00:00:00Z')], '2026-05-20T00:00:00Z', 0],
  ])('%s', (_name, pauses, next, left) => expect(pausesLeft(pauses, start, at(next))).toBe(left))
})

describe('subscriptionActions', () => {
  const active: SubscriptionState = {
    live: true,
    packageStatus: 'active',
    trialing: false,
    cancelAtPeriodEnd: false,
    pause: 'none',
    openInvoice: false,
    usersUpgradable: true,
    monthly: true,
    pausesLeft: 2,
  }
  const on = (s: Partial<SubscriptionState>) => {
    const actions = subscriptionActions({ ...active, ...s })
    return Object.entries(actions)
      .filter(([k, v]) => k !== 'pauseBlocked' && v === true)
      .map(([k]) => k)
      .sort()
  }

  it.each<[string, Partial<SubscriptionState>, string[]]>([
    ['active', {}, ['addUsers', 'cancel', 'pause']],
    ['active on a plan without the users upgrade', { usersUpgradable: false }, ['cancel', 'pause']],
    ['paused users see only Cancel (and may end the pause)', { pause: 'running', packageStatus: 'paused' }, ['cancel', 'unpause']],
    ['a pause set for the end of the cycle', { pause: 'scheduled' }, ['cancel', 'unpause']],
    ['trial', { trialing: true, packageStatus: 'trial' }, ['cancel', 'upgrade']],
    ['trial set to cancel', { trialing: true, packageStatus: 'trial', cancelAtPeriodEnd: true }, ['keep', 'upgrade']],
    ['canceled at period end', { cancelAtPeriodEnd: true }, ['keep']],
    ['past due with an open invoice', { packageStatus: 'past_due', openInvoice: true }, ['cancel', 'payNow']],
    ['past due before the invoice is open', { packageStatus: 'past_due' }, ['cancel']],
    ['an open invoice on an active plan', { openInvoice: true }, ['cancel', 'payNow']],
    ['ended', { live: false, packageStatus: 'canceled' }, ['reactivate']],
    ['trial without a subscription', { live: false, packageStatus: 'trial' }, ['upgrade']],
  ])('%s', (_name, state, expected) => expect(on(state)).toEqual(expected))

  it('says why Pause cannot be used', () => {
    expect(subscriptionActions({ ...active, pausesLeft: 0 })).toMatchObject({ pause: false, pauseBlocked: NO_PAUSES_LEFT, cancel: true })
    expect(subscriptionActions({ ...active, monthly: false })).toMatchObject({ pause: false, pauseBlocked: PAUSE_MONTHLY_ONLY })
    expect(subscriptionActions(active).pauseBlocked).toBeNull()
  })

  it('answers every action, false when not offered, so the API and the screen never read a missing one', () => {
    expect(subscriptionActions({ ...active, live: false, packageStatus: 'canceled' })).toEqual({
      upgrade: false,
      reactivate: true,
      keep: false,
      cancel: false,
      pause: false,
      pauseBlocked: null,
      unpause: false,
      addUsers: false,
      payNow: false,
    })
  })
})

describe('planHeadline (issue 27)', () => {
  it('a plan: its name and the status', () => {
    expect(planHeadline({ packageName: 'Team' }, 'active')).toEqual({ title: 'Team', showStatus: true, note: null })
  })
  it('active without a plan: never "No subscription" beside "Active"', () => {
    const h = planHeadline(null, 'active')
    expect(h.showStatus).toBe(false)
    expect(h.title).not.toBe('No subscription')
    expect(h.note).toContain('without a subscription')
  })
  it('canceled without a plan: "No subscription" and its badge agree', () => {
    expect(planHeadline(null, 'canceled')).toEqual({ title: 'No subscription', showStatus: true, note: null })
  })
})

describe('reactivationTexts (issue 27)', () => {
  it('says "ended" only when a subscription ended', () => {
    expect(reactivationTexts('canceled', false)).toMatchObject({ notice: 'Your subscription has ended.', link: 'Reactivate' })
    expect(reactivationTexts('active', true).notice).toBe('Your plan was paid once and does not renew.')
    expect(reactivationTexts('active', false).intro).not.toContain('ended')
  })
  it('gives each case its whole text', () => {
    expect(reactivationTexts(null, true)).toEqual({
      notice: 'Your subscription has ended.',
      link: 'Reactivate',
      intro: 'Your subscription has ended. Choose a package to subscribe again.',
    })
    expect(reactivationTexts('active', true)).toEqual({
      notice: 'Your plan was paid once and does not renew.',
      link: 'Choose a subscription',
      intro: 'Your plan was paid once. Choose a package to start a subscription.',
    })
    expect(reactivationTexts('active', false)).toEqual({
      notice: 'There is no subscription on file.',
      link: 'Choose a subscription',
      intro: 'Choose a package to start a subscription.',
    })
    expect(planHeadline(null, 'active')).toEqual({ title: 'No paid plan', showStatus: false, note: 'Your organisation is active without a subscription: nothing is billed.' })
  })
})
