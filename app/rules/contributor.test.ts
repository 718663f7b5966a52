import { describe, expect, it } from 'vitest'
import { contributorRoleOn, customerForContributor, holdsReviewer, holdsWriter, mayWork, workOrderPath } from './contributor'

describe('mayWork', () => {
  it.each([
    [{ role: 'user' as const, permissions: ['WRITER'] }, true],
    [{ role: 'user' as const, permissions: ['REVIEWER', 'READ_ORDERS'] }, true],
    [{ role: 'user' as const, permissions: ['READ_ORDERS'] }, false],
    [{ role: 'client' as const, permissions: [] }, false],
    [{ role: 'client' as const, permissions: ['WRITER'] }, false],
    [{ role: 'superadmin' as const, permissions: [] }, false],
  ])('%j → %s', (user, expected) => {
    expect(mayWork(user as never)).toBe(expected)
  })
})

describe('contributorRoleOn', () => {
  it('is writer first, then reviewer, else null', () => {
    expect(contributorRoleOn(7, { writer_id: 7, reviewer_id: 7 })).toBe('writer')
    expect(contributorRoleOn(7, { writer_id: 3, reviewer_id: 7 })).toBe('reviewer')
    expect(contributorRoleOn(7, { writer_id: null, reviewer_id: null })).toBeNull()
    expect(workOrderPath('abc')).toBe('/work/orders/abc')
  })
})

describe('customerForContributor', () => {
  const casey = { firstName: 'Casey', lastName: 'Customer', email: 'casey@example.test', phone: '+1 555', address: '1 Main St' }
  it('keeps only the first name unless the organisation shows contact details', () => {
    expect(customerForContributor(casey, false)).toEqual({ firstName: 'Casey', lastName: '', email: null, phone: null, address: null })
    expect(customerForContributor(casey, true)).toEqual(casey)
  })
})

// Edges mutation testing found untested (ADR 0103): the owner holds every permission but is nobody's reviewer.
it('an owner holding REVIEWER or WRITER in a list is still not a contributor', () => {
  expect(holdsReviewer({ role: 'client', permissions: ['REVIEWER'] })).toBe(false)
  expect(holdsWriter({ role: 'client', permissions: ['WRITER'] })).toBe(false)
  expect(holdsReviewer({ role: 'user', permissions: ['REVIEWER'] })).toBe(true)
})
