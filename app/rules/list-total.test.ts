import { describe, expect, it } from 'vitest'
import { totalShownByPage } from './list-total'

describe('totalShownByPage', () => {
  it('takes a short first page, or a whole list, as the list', () => {
    expect(totalShownByPage(0, 25, 7)).toBe(7)
    expect(totalShownByPage(0, 25, 0)).toBe(0)
    expect(totalShownByPage(0, undefined, 12)).toBe(12)
  })

  it('adds the offset of a short later page', () => {
    expect(totalShownByPage(50, 25, 3)).toBe(53)
    expect(totalShownByPage(25, 25, 24)).toBe(49)
  })

  it('counts when the page is full: more may follow', () => {
    expect(totalShownByPage(0, 25, 25)).toBeNull()
    expect(totalShownByPage(100, 25, 25)).toBeNull()
    expect(totalShownByPage(0, 0, 0)).toBeNull()
  })

  it('counts when a later page is empty: the list may have shrunk below the offset', () => {
    expect(totalShownByPage(50, 25, 0)).toBeNull()
    expect(totalShownByPage(1, undefined, 0)).toBeNull()
  })
})
