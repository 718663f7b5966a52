import { describe, expect, it } from 'vitest'
import { contrastRatio, MIN_TEXT_CONTRAST, readableText } from './contrast'

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
})
