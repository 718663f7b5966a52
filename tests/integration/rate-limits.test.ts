// Per-address limits in Redis count an IPv6 client by its /64: another address of the same network
// shares the budget, the next network has its own; an IPv4-mapped address is its IPv4 address.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { rateLimitAddress } from '#app/rules/address-key'
import { consume, limits, refund } from '#app/services/rate-limit.server'

const hex = () => randomBytes(2).toString('hex')

describe('per-address limits', () => {
  it('one /64 shares one budget', async () => {
    const network = `2001:db8:${hex()}:${hex()}`
    const limiter = limits.promoMissesPerIp()
    await limiter.penalty(rateLimitAddress(`${network}::9`), limiter.points - 1)
    expect(await consume('promoMissesPerIp', `${network}::1`)).toBe(true)
    expect(await consume('promoMissesPerIp', `${network}:dead:beef:0:2`)).toBe(false)
    expect(await consume('promoMissesPerIp', `2001:db8:${hex()}:${hex()}::1`)).toBe(true)
    // A refund from another address of the network reaches the same counter.
    await refund('promoMissesPerIp', `${network}::3`)
    await refund('promoMissesPerIp', `${network}::4`)
    expect(await consume('promoMissesPerIp', `${network}::5`)).toBe(true)
  })

  it('an IPv4-mapped address counts as its IPv4 address', async () => {
    const v4 = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const limiter = limits.subdomainChecksPerIp()
    await limiter.penalty(v4, limiter.points)
    expect(await consume('subdomainChecksPerIp', `::ffff:${v4}`)).toBe(false)
    await limiter.delete(v4)
  })
})
