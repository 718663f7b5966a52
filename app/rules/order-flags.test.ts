import { describe, expect, it } from 'vitest'
import { nextFlagValue } from './order-flags'

describe('nextFlagValue', () => {
  it.each([
    ['no selection sets the flag', [], true],
    ['one unset order is set', [false], true],
    ['one set order is cleared', [true], false],
    ['all unset are set', [false, false, false], true],
    ['all set are cleared', [true, true], false],
    ['mixed is set', [true, false], true],
    ['mixed (unset first) is set', [false, true, true], true],
  ] as const)('%s', (_name, current, expected) => {
    expect(nextFlagValue(current)).toBe(expected)
  })
})
