import { describe, expect, it } from 'vitest'
import { isPlaceholderProviderId } from './provider-ids'

describe('isPlaceholderProviderId', () => {
  it.each([
    ['price_seed_team', true],
    ['coupon_seed_welcome20', true],
    ['promo_seed_tenoff', true],
    ['price_1Qx', false],
    ['seed_price', false],
    ['', false],
    [null, false],
  ])('%s', (id, expected) => expect(isPlaceholderProviderId(id)).toBe(expected))
})
