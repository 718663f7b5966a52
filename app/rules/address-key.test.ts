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

// Edges mutation testing found untested (ADR 0103): what is not an IPv6 address keeps its own key (its own
// budget), so nothing malformed is ever folded into a /64 another address shares.
describe('rateLimitAddress at its edges', () => {
  it.each([
    ['x[2001:db8:1:2::9]', 'x[2001:db8:1:2::9]'],
    ['2001:db8::]1', '2001:db8::]1'],
    ['2001:db8::[1', '2001:db8::[1'],
    ['2001:db8:1:2::g', '2001:db8:1:2::g'],
    ['g2001:db8:1:2::1', 'g2001:db8:1:2::1'],
    ['2001:db8:1:2::1g', '2001:db8:1:2::1g'],
    ['2001:db8:1:2:3:4:5:6:7', '2001:db8:1:2:3:4:5:6:7'],
    ['1:2:3:4:5:6:7::8', '1:2:3:4:5:6:7::8'],
    ['2001:db8:1:2:3:4:5', '2001:db8:1:2:3:4:5'],
    ['2001:db8:12345:2::1', '2001:db8:12345:2::1'],
    ['2001:db8::1.2.3.4', '2001:db8:0:0::/64'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4::/64'],
    ['1:2:3:4:5:6:7:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4'],
    ['::ffff:203.0.113.9x', '::ffff:203.0.113.9x'],
    ['1::ffff:203.0.113.9', '1:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
  ])('%s → %s', (address, key) => expect(rateLimitAddress(address)).toBe(key))
})
