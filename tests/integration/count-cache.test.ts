// ADR 0029: long list totals are remembered briefly in Redis, short ones never; keys are per organisation.
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { countKey, rememberedCount } from '#app/services/count-cache.server'
import { redis } from '#app/services/redis.server'

const keys: string[] = []
const freshKey = (clientId = 1) => {
  const key = countKey('test', clientId, { run: randomUUID() })
  keys.push(key)
  return key
}
afterAll(async () => {
  if (keys.length) await redis().del(...keys)
})

describe('rememberedCount', () => {
  it('counts a short list every time', async () => {
    const key = freshKey()
    let calls = 0
    const count = async () => ++calls
    expect(await rememberedCount(key, count, { large: 100 })).toBe(1)
    expect(await rememberedCount(key, count, { large: 100 })).toBe(2)
    expect(await redis().get(key)).toBeNull()
  })

  it('remembers a long list for a short while', async () => {
    const key = freshKey()
    let calls = 0
    const count = async () => 500 + ++calls
    expect(await rememberedCount(key, count, { large: 100 })).toBe(501)
    expect(await rememberedCount(key, count, { large: 100 })).toBe(501)
    expect(calls).toBe(1)
    const ttl = await redis().ttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(30)
  })

  it('shares one count between concurrent callers', async () => {
    const key = freshKey()
    let calls = 0
    const count = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 50))
    const answers = await Promise.all([1, 2, 3, 4].map(() => rememberedCount(key, count, { large: 100 })))
    expect(answers).toEqual([1, 1, 1, 1])
    expect(calls).toBe(1)
  })

  it('never lets one organisation read the total of another', () => {
    const parts = { archived: false, search: '' }
    expect(countKey('orders', 1, parts)).not.toBe(countKey('orders', 2, parts))
    expect(countKey('orders', 1, parts)).toBe(countKey('orders', 1, { ...parts }))
    expect(countKey('orders', 1, parts)).not.toBe(countKey('orders', 1, { ...parts, search: 'x' }))
  })
})
