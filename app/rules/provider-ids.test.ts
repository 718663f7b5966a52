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
