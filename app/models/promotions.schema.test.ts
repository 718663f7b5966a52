import { describe, expect, it } from 'vitest'
import { MONTHS_REQUIRED, PERCENT_MAX, promotionSchema, REDEEM_BY_REQUIRED, redeemByEnd } from './promotions.schema'

const today = new Date('2026-11-25T12:00:00Z')
const base = { couponCode: 'SAVE10', max_redemptions: '5', discount_type: 'percent', value: '10', duration: 'once', redeem_by: '2027-01-31' }

function errorsOf(input: Record<string, unknown>) {
  const result = promotionSchema(today).safeParse(input)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('promotionSchema', () => {
  it('takes a promotion', () => {
    expect(promotionSchema(today).parse(base)).toEqual({ ...base, max_redemptions: 5, value: 10, duration_in_months: null })
  })

  it.each(['couponCode', 'max_redemptions', 'discount_type', 'value', 'duration', 'redeem_by'])('requires %s', (field) => {
    expect(errorsOf({ ...base, [field]: '' })).toHaveProperty(field)
  })

  it.each([
    ['once', '3', null, undefined],
    ['forever', '3', null, undefined],
    ['repeating', '3', 3, undefined],
    ['repeating', '', undefined, MONTHS_REQUIRED],
    ['repeating', '0', undefined, MONTHS_REQUIRED],
    ['repeating', '37', undefined, MONTHS_REQUIRED],
    ['once', 'junk', null, undefined],
  ])('duration %s with months %o: only a repeating promotion keeps (and needs) them', (duration, months, kept, message) => {
    const input = { ...base, duration, duration_in_months: months }
    expect(errorsOf(input).duration_in_months).toBe(message)
    if (!message) expect(promotionSchema(today).parse(input).duration_in_months).toBe(kept)
  })

  it('caps a percent discount at 100, not a flat one', () => {
    expect(errorsOf({ ...base, value: '101' }).value).toBe(PERCENT_MAX)
    expect(errorsOf({ ...base, discount_type: 'flat', value: '101' })).toEqual({})
  })

  it('redeem_by from today up to five years ahead', () => {
    expect(errorsOf({ ...base, redeem_by: '2026-11-24' }).redeem_by).toBe(REDEEM_BY_REQUIRED)
    expect(errorsOf({ ...base, redeem_by: '2026-11-25' })).toEqual({})
    expect(errorsOf({ ...base, redeem_by: '2031-11-26' }).redeem_by).toBe(REDEEM_BY_REQUIRED)
    expect(redeemByEnd('2027-01-31').toISOString()).toBe('2027-01-31T23:59:59.000Z')
  })

  it('codes are letters, digits, - and _', () => {
    expect(errorsOf({ ...base, couponCode: 'SAVE 10' })).toHaveProperty('couponCode')
  })
})
