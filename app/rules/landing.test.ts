import { describe, expect, it } from 'vitest'
import { landingPath, safeReturnPath, type LandingUser } from './landing'

describe('landingPath', () => {
  const cases: [string, LandingUser, string][] = [
    ['superadmin', { role: 'superadmin', permissions: [] }, '/dashboard'],
    ['full-access client', { role: 'client', permissions: [] }, '/dashboard'],
    ['client with restrictions lacking VIEW_DASHBOARD', { role: 'client', permissions: ['READ_ORDERS'] }, '/profile'],
    ['client with restrictions, leads only', { role: 'client', permissions: ['CRM'], leadsOnly: true }, '/leads/view'],
    ['user with VIEW_DASHBOARD', { role: 'user', permissions: ['VIEW_DASHBOARD'] }, '/dashboard'],
    ['leads-only user with VIEW_DASHBOARD', { role: 'user', permissions: ['VIEW_DASHBOARD'], leadsOnly: true }, '/dashboard'],
    ['leads-only user', { role: 'user', permissions: ['CRM'], leadsOnly: true }, '/leads/view'],
    ['plain user', { role: 'user', permissions: ['READ_ORDERS'] }, '/profile'],
    ['user with no permissions', { role: 'user', permissions: [] }, '/profile'],
    ['contributor', { role: 'user', permissions: ['WRITER'] }, '/work'],
    ['reviewer', { role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }, '/work'],
    ['contributor who also sees the dashboard', { role: 'user', permissions: ['WRITER', 'VIEW_DASHBOARD'] }, '/dashboard'],
  ]
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
