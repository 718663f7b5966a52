import { describe, expect, it } from 'vitest'
import { rateLimitAddress } from './address-key'

describe('rateLimitAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
    ['1:2:3', '1:2:3'],
    ['1::2::3', '1::2::3'],
  ])('%s → %s', (address, key) => {
    expect(rateLimitAddress(address)).toBe(key)
  })

  it('every address of one /64 shares a key; the next /64 does not', () => {
    expect(rateLimitAddress('2001:db8:aa:bb::1')).toBe(rateLimitAddress('2001:db8:aa:bb:dead:beef:1:2'))
    expect(rateLimitAddress('2001:db8:aa:bc::1')).not.toBe(rateLimitAddress('2001:db8:aa:bb::1'))
  })
})
