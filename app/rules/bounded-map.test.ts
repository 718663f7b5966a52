import { describe, expect, it } from 'vitest'
import { BoundedMap } from './bounded-map'

describe('BoundedMap', () => {
  it('keeps the newest entries up to its limit, dropping the oldest first', () => {
    const map = new BoundedMap<string, number>(3)
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i)
    expect([...map.keys()]).toEqual(['b', 'c', 'd'])
    // Replacing a kept key drops nothing.
    map.set('c', 9)
    expect([...map.entries()]).toEqual([
      ['b', 1],
      ['c', 9],
      ['d', 3],
    ])
    map.set('e', 4)
    expect(map.size).toBe(3)
    expect(map.has('b')).toBe(false)
  })
})
