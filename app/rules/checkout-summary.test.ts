import { describe, expect, it } from 'vitest'
import { describePromo, dueTodayCents, type SummaryPlan, type SummaryPromo } from './checkout-summary'

const plan = (over: Partial<SummaryPlan> = {}): SummaryPlan => ({ priceCents: 9900, trialPackage: false, trialDays: null, recurringInterval: 'month', ...over })
const promo = (over: Partial<SummaryPromo> = {}): SummaryPromo => ({ discount_type: 'percent', value: 20, duration: 'repeating', duration_in_months: 3, ...over })
const money = (amount: number) => `$${amount}`

describe('dueTodayCents', () => {
  it.each([
    ['no promo', plan(), null, 9900],
    ['percent', plan(), promo(), 7920],
    ['fixed in amounts, applied in cents', plan(), promo({ discount_type: 'fixed', value: 10 }), 8900],
    ['fixed above the price stops at 0', plan(), promo({ discount_type: 'fixed', value: 500 }), 0],
    ['100 percent', plan(), promo({ value: 100 }), 0],
    ['a trial charges nothing today', plan({ trialPackage: true, trialDays: 14 }), promo(), 0],
    ['a trial plan without days charges now', plan({ trialPackage: true, trialDays: 0 }), null, 9900],
    ['cents round to the nearest', plan({ priceCents: 999 }), promo({ value: 15 }), 849],
  ])('%s', (_name, p, code, expected) => {
    expect(dueTodayCents(p, code)).toBe(expected)
  })
})

describe('describePromo', () => {
  it.each([
    [promo(), '20% off for 3 months'],
    [promo({ duration_in_months: 1 }), '20% off for 1 month'],
    [promo({ duration: 'once', duration_in_months: null }), '20% off once'],
    [promo({ discount_type: 'fixed', value: 10, duration: 'forever' }), '$10 off forever'],
  ])('%j', (code, text) => {
    expect(describePromo(code, money)).toBe(text)
  })
})
