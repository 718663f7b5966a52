import { describe, expect, it } from 'vitest'
import { landingPath, safeReturnPath, type LandingUser } from './landing'

describe('landingPath', () => {
  const cases: [string, LandingUser, string][] = [
    ['superadmin', { role: 'superadmin', permissions: [] }, '/dashboard'],
    ['full-access client', { role: 'client', permissions: [] }, '/dashboard'],
    // Staff land on the first page of their sidebar: the dashboard opens with READ_ORDERS.
    ['client with restrictions lacking VIEW_DASHBOARD', { role: 'client', permissions: ['READ_ORDERS'] }, '/dashboard'],
    ['client with restrictions, leads only', { role: 'client', permissions: ['CRM'], leadsOnly: true }, '/leads/view'],
    ['user with VIEW_DASHBOARD', { role: 'user', permissions: ['VIEW_DASHBOARD'] }, '/dashboard'],
    ['leads-only user with VIEW_DASHBOARD', { role: 'user', permissions: ['VIEW_DASHBOARD'], leadsOnly: true }, '/dashboard'],
    ['leads-only user', { role: 'user', permissions: ['CRM'], leadsOnly: true }, '/leads/view'],
    ['staff with orders and customers (the demo staff)', { role: 'user', permissions: ['READ_ORDERS', 'READ_CUSTOMERS'] }, '/dashboard'],
    ['staff with products only', { role: 'user', permissions: ['READ_PRODUCTS', 'WRITE_PRODUCTS'] }, '/products/view'],
    ['staff with customers only', { role: 'user', permissions: ['READ_CUSTOMERS'] }, '/customers/view'],
    ['staff with website settings only', { role: 'user', permissions: ['READ_WEBSITE_SETTINGS'] }, '/website-settings/domain'],
    ['staff with payment methods only', { role: 'user', permissions: ['READ_PAYMENT_METHOD'] }, '/payments/methods'],
    // Every member may open the plan page (ADR 0038), so that is the one page a member without permissions has.
    ['user with no permissions', { role: 'user', permissions: [] }, '/payments/manage-subscription'],
    ['platform staff with no module', { role: 'user', permissions: [], roleModules: [] }, '/profile'],
    ['platform staff with the roles module', { role: 'user', permissions: [], roleModules: ['roles'] }, '/roles/create'],
    ['locked owner', { role: 'client', permissions: [], restricted: true }, '/dashboard'],
    ['writer', { role: 'user', permissions: ['WRITER'] }, '/work'],
    ['writer and reviewer', { role: 'user', permissions: ['WRITER', 'REVIEWER'] }, '/work'],
    ['reviewer (the demo reviewer)', { role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }, '/orders/assigned-orders'],
    ['reviewer only', { role: 'user', permissions: ['REVIEWER'] }, '/orders/assigned-orders'],
    ['contributor who also sees the dashboard', { role: 'user', permissions: ['WRITER', 'VIEW_DASHBOARD'] }, '/dashboard'],
  ]
  it('never lands anyone with a page on /profile', () => {
    for (const [, user, expected] of cases) if (expected === '/profile') expect(user.roleModules).toEqual([])
  })
  it.each(cases)('%s', (_name, user, expected) => expect(landingPath(user)).toBe(expected))
})

describe('safeReturnPath', () => {
  it.each([
    ['/orders/view', '/orders/view'],
    ['/project/view/1?tab=files#top', '/project/view/1?tab=files#top'],
    ['/', '/'],
  ])('keeps %s', (value, expected) => expect(safeReturnPath(value)).toBe(expected))

  it.each([
    '//evil.com',
    '//evil.com/path',
    '/\\evil',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://x',
    'http://evil.com/dashboard',
    'javascript:alert(1)',
    'evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => expect(safeReturnPath(value)).toBe('/dashboard'))

  it('uses the given fallback', () => expect(safeReturnPath('//evil.com', '/profile')).toBe('/profile'))
})
