import { describe, expect, it } from 'vitest'
import { isPlaceholderProviderId } from './provider-ids'

describe('isPlaceholderProviderId', () => {
  it.each([
    ['price_seed_team', true],
    ['coupon_seed_welcome20', true],
    ['promo_seed_tenoff', true],
    ['pi_seed_12_abc', true],
    ['re_seed_12_abc', true],
    ['pi_3Qx', false],
    ['pi_test_abc', false],
    ['price_1Qx', false],
    ['seed_price', false],
    ['', false],
    [null, false],
  ])('%s', (id, expected) => expect(isPlaceholderProviderId(id)).toBe(expected))
})

it('takes an id for a placeholder only when it starts with the seed prefix', () => {
  expect([isPlaceholderProviderId('price_seed_1'), isPlaceholderProviderId('x_price_seed_1')]).toEqual([true, false])
})
