import { describe, expect, it } from 'vitest'
import { contrastRatio, MIN_TEXT_CONTRAST, mixColours, readableText } from './contrast'

describe('contrast', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#125320', '#125320')).toBeCloseTo(1, 5)
  })

  it("keeps the organisation's text colour when it reads", () => {
    expect(readableText('#ffffff', '#374151')).toBe('#374151')
  })

  it('replaces dark text on the demo green (1.12:1) with white', () => {
    expect(contrastRatio('#125320', '#374151')).toBeLessThan(1.5)
    const text = readableText('#125320', '#374151')
    expect(text).toBe('#ffffff')
    expect(contrastRatio('#125320', text)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('picks dark text on a light background', () => {
    expect(readableText('#fde68a', '#ffffff')).toBe('#111827')
  })

  it.each<[string, string, string, number]>([
    ['#000000', '#ffffff', '#000000', 1],
    ['#000000', '#ffffff', '#e6e6e6', 0.1],
    ['#ffffff', '#125320', '#125320', 0],
    ['#1d4ed8', '#ffffff', '#e8edfb', 0.1],
  ])('mixes %s into %s the way color-mix does', (a, b, expected, weight) => {
    expect(mixColours(a, b, weight)).toBe(expected)
  })

  it('falls back to black on a mid grey where neither house colour reaches 4.5:1', () => {
    expect(readableText('#777777', '#374151')).toBe('#000000')
    expect(contrastRatio('#777777', '#000000')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('judges a tinted item on its tint as well as on the bar', () => {
    // #767676 reads 4.54:1 on white, but not on a 10% tint of itself.
    expect(readableText('#ffffff', '#767676')).toBe('#767676')
    expect(readableText('#ffffff', '#767676', 0.1)).toBe('#111827')
  })
})
