import { describe, expect, test } from 'vitest'
import { completedCutoff, HIDDEN_COMPLETED_MONTHS, listScopeNote, totalOrdersNote } from './orders-list-scope'

describe('the orders list scope', () => {
  test('six calendar months, the rule of the list', () => {
    expect(HIDDEN_COMPLETED_MONTHS).toBe(6)
    expect(completedCutoff(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-05-28T10:00:00.000Z')
  })
  test('the note under the count says what is hidden and offers the switch', () => {
    expect(listScopeNote(false)).toEqual({ text: 'Completed orders older than six months are hidden.', link: 'Show them' })
    expect(listScopeNote(true)).toEqual({ text: 'Completed orders older than six months are included.', link: 'Hide them' })
    expect(listScopeNote(false, 9).text).toBe('Completed orders older than 9 months are hidden.')
  })
  test('the dashboard figure says what it counts', () => {
    expect(totalOrdersNote()).toContain('not test orders')
    expect(totalOrdersNote()).toContain('completed over six months ago (hidden in the orders list)')
  })
})

test.each([
  [1, 'one month'],
  [3, 'three months'],
  [12, 'twelve months'],
  [2, '2 months'],
])('%i months read as "%s"', (months, words) => {
  expect(totalOrdersNote(months)).toBe(`Includes archived orders and those completed over ${words} ago (hidden in the orders list); not test orders.`)
})
