import { describe, expect, it } from 'vitest'
import { isReviewerOnly, orderTagLabels, rowNumber } from './orders-list'

describe('orderTagLabels', () => {
  const none = { archived: false, markedAsComplete: false, testOrder: false, hideOrder: false, customTags: [] }
  it.each([
    ['no flags, no tags', none, []],
    [
      'every flag in the spec order, then custom tags',
      { archived: true, markedAsComplete: true, testOrder: true, hideOrder: true, customTags: [{ text: 'vip' }, { text: 'rush' }] },
      ['Archived', 'Mark As Completed', 'Test Order', 'Hidden Order', 'vip', 'rush'],
    ],
    ['hidden and test only', { ...none, testOrder: true, hideOrder: true }, ['Test Order', 'Hidden Order']],
    ['custom tags only', { ...none, customTags: [{ text: 'vip' }] }, ['vip']],
  ])('%s', (_, order, expected) => {
    expect(orderTagLabels(order)).toEqual(expected)
  })
})

describe('rowNumber', () => {
  it.each([
    [0, 600, 'asc', 1],
    [49, 600, 'asc', 50],
    [0, 600, 'desc', 600],
    [50, 600, 'desc', 550],
    [599, 600, 'desc', 1],
  ] as const)('index %i of %i sorted %s is #%i', (index, total, dir, expected) => {
    expect(rowNumber(index, total, dir)).toBe(expected)
  })
})

describe('isReviewerOnly', () => {
  it.each([
    ['a reviewer', { role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }, true],
    ['a reviewer who is also a contributor', { role: 'user', permissions: ['REVIEWER', 'WRITER', 'READ_ORDERS'] }, false],
    ['staff without the switch', { role: 'user', permissions: ['READ_ORDERS'] }, false],
    ['the owner, even holding REVIEWER', { role: 'client', permissions: ['REVIEWER'] }, false],
    ['the owner with full access', { role: 'client', permissions: [] }, false],
  ] as const)('%s: %s', (_, user, expected) => {
    expect(isReviewerOnly({ role: user.role, permissions: [...user.permissions] })).toBe(expected)
  })
})
