import { describe, expect, test } from 'vitest'
import { normaliseTag, normaliseTags, splitTagInput, TAG_MAX_COUNT, TAG_MAX_LENGTH, TAG_TOO_LONG, TOO_MANY_TAGS } from './tags'

describe('normaliseTag', () => {
  test.each([
    ['VIP', 'vip'],
    ['  Rush Job  ', 'rush job'],
    ['Rush \t  Job', 'rush job'],
    ['   ', ''],
    ['ÄRGER', 'ärger'],
  ])('%j becomes %j', (raw, expected) => {
    expect(normaliseTag(raw)).toBe(expected)
  })
})

describe('normaliseTags', () => {
  test.each<[string[], string[]]>([
    [[], []],
    [['VIP', 'vip', ' Vip '], ['vip']],
    [
      ['b', 'A', 'b'],
      ['b', 'a'],
    ],
    [['', '  ', 'x'], ['x']],
    [['a'.repeat(TAG_MAX_LENGTH)], ['a'.repeat(TAG_MAX_LENGTH)]],
  ])('%j gives %j', (raw, expected) => {
    expect(normaliseTags(raw)).toEqual({ ok: true, tags: expected })
  })

  test('a tag over the length limit is refused, not cut', () => {
    expect(normaliseTags(['ok', 'a'.repeat(TAG_MAX_LENGTH + 1)])).toEqual({ ok: false, error: TAG_TOO_LONG })
  })

  test('the count limit applies after duplicates and empties are gone', () => {
    const many = Array.from({ length: TAG_MAX_COUNT }, (_, i) => `t${i}`)
    expect(normaliseTags([...many, 'T0', ' ', 't1'])).toEqual({ ok: true, tags: many })
    expect(normaliseTags([...many, 'one more'])).toEqual({ ok: false, error: TOO_MANY_TAGS })
  })
})

test('splitTagInput splits on commas', () => {
  expect(splitTagInput('urgent, VIP,,x')).toEqual(['urgent', ' VIP', '', 'x'])
  expect(splitTagInput('')).toEqual([''])
})
