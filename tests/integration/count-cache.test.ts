// ADR 0029: long list totals are remembered briefly in Redis, short ones never; keys are per organisation.
// ADR 0105: so are other values counted from many rows (contributors' order counts).
// ADR 0111: each process keeps a copy until the moment the Redis key expires, never longer.
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { countKey, forgetLocalCounts, rememberedCount, rememberedValue } from '#app/services/count-cache.server'
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

  it('remembers a value counted from many rows, shared by concurrent callers, and never one counted from few', async () => {
    const parse = (raw: string) => JSON.parse(raw) as [number, number][]
    const many = freshKey()
    let calls = 0
    const count = () => new Promise<[number, number][]>((resolve) => setTimeout(() => resolve([[7, 500 + ++calls]]), 50))
    const large = (entries: [number, number][]) => entries[0]![1] >= 100
    const answers = await Promise.all([1, 2, 3].map(() => rememberedValue(many, count, large, parse)))
    expect(answers).toEqual([[[7, 501]], [[7, 501]], [[7, 501]]])
    expect(await rememberedValue(many, count, large, parse)).toEqual([[7, 501]])
    expect(calls).toBe(1)
    const few = freshKey()
    const small = async () => [[7, ++calls]] as [number, number][]
    expect(await rememberedValue(few, small, large, parse)).toEqual([[7, 2]])
    expect(await rememberedValue(few, small, large, parse)).toEqual([[7, 3]])
    expect(await redis().get(few)).toBeNull()
  })

  it("answers another process's total from Redis, then from its own copy until the key expires, never longer", async () => {
    const key = freshKey()
    const never = () => Promise.reject(new Error('counted although another process had'))
    // Another process counted 700 rows 20 s ago: its key has 10 s left.
    await redis().set(key, '700', 'EX', 10)
    expect(await rememberedCount(key, never, { large: 100 })).toBe(700)
    // Nothing asks Redis again while the copy lasts: a new value there is not seen...
    await redis().set(key, '800', 'EX', 10)
    expect(await rememberedCount(key, never, { large: 100 })).toBe(700)
    // ...until the moment the key the copy came from expires (10 s on this process's clock).
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 10_001)
    try {
      expect(await rememberedCount(key, never, { large: 100 })).toBe(800)
    } finally {
      clock.mockRestore()
    }
    // A process without a copy (forgotten here) reads what Redis holds.
    forgetLocalCounts()
    await redis().set(key, '900', 'EX', 10)
    expect(await rememberedCount(key, never, { large: 100 })).toBe(900)
  })

  it('keeps its own count no longer than the Redis key it wrote', async () => {
    const key = freshKey()
    let calls = 0
    const count = async () => 500 + ++calls
    expect(await rememberedCount(key, count, { large: 100 })).toBe(501)
    const now = Date.now()
    await redis().del(key)
    expect(await rememberedCount(key, count, { large: 100 })).toBe(501)
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 30_001)
    try {
      expect(await rememberedCount(key, count, { large: 100 })).toBe(502)
    } finally {
      clock.mockRestore()
    }
    expect(calls).toBe(2)
  })
})
