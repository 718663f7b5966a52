import { describe, expect, it } from 'vitest'
import { isOrderPriority, ORDER_PRIORITIES, PRIORITY_STYLE } from './order-priority'

describe('order priorities', () => {
  it.each(ORDER_PRIORITIES.map((p) => [p, PRIORITY_STYLE[p]] as const))('%s is a text label with a colour, no emoji', (_p, style) => {
    expect(style.label).toMatch(/^[A-Z][a-z]+$/)
    expect(JSON.stringify(style)).not.toMatch(/\p{Extended_Pictographic}/u)
    expect(style.dot).toMatch(/^bg-[a-z]+-[56]00$/)
  })

  it.each<[unknown, boolean]>([
    ['urgent', true],
    ['low', true],
    ['Urgent', false],
    ['', false],
    [null, false],
  ])('isOrderPriority(%j) is %s', (value, expected) => {
    expect(isOrderPriority(value)).toBe(expected)
  })
})
