import { describe, expect, it } from 'vitest'
import { mayOpenReviewerOrders } from './reviewer-orders'

describe('mayOpenReviewerOrders', () => {
  it.each([
    ['staff reviewer', { role: 'user' as const, permissions: ['REVIEWER'] }, true],
    ['staff reviewer with more', { role: 'user' as const, permissions: ['READ_ORDERS', 'REVIEWER'] }, true],
    ['staff writer', { role: 'user' as const, permissions: ['WRITER'] }, false],
    ['staff without permissions', { role: 'user' as const, permissions: [] }, false],
    ['full-access owner', { role: 'client' as const, permissions: [] }, false],
    ['owner holding REVIEWER', { role: 'client' as const, permissions: ['REVIEWER'] }, false],
  ])('%s', (_name, user, expected) => expect(mayOpenReviewerOrders(user)).toBe(expected))
})
