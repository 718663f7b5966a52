import { describe, expect, it } from 'vitest'
import { humanize, PERMISSION_GROUP_LABELS, permissionLabel, permissionsByGroup, PLATFORM_MODULE_LABELS, platformModuleLabel, ROLE_LABELS, roleLabel } from './labels'
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from './permissions'

describe('labels', () => {
  it.each([
    [{ role: 'superadmin', permissions: [] }, 'Superadmin'],
    [{ role: 'client', permissions: [] }, 'Owner'],
    [{ role: 'user', permissions: ['READ_ORDERS', 'READ_CUSTOMERS'] }, 'Staff user'],
    [{ role: 'user', permissions: ['WRITER'] }, 'Contributor'],
    [{ role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }, 'Reviewer'],
    [{ role: 'user', permissions: ['WRITER', 'REVIEWER'] }, 'Contributor and reviewer'],
    [{ role: 'user', permissions: [], platform: true }, 'Platform staff'],
  ] as const)('names the role of %o as %s', (principal, label) => {
    expect(roleLabel({ ...principal, permissions: [...principal.permissions] })).toBe(label)
  })

  it('names every permission and every group in words, never by its key', () => {
    for (const action of ALL_PERMISSIONS) expect(permissionLabel(action)).not.toContain('_')
    expect(Object.keys(PERMISSION_GROUP_LABELS).sort()).toEqual(Object.keys(PERMISSION_GROUPS).sort())
    expect(permissionLabel('READ_ORDERS')).toBe('Read orders')
    expect(permissionLabel('SOMETHING_NEW')).toBe('Something new')
  })

  it('names the platform modules as the role form does, and unknown keys in plain words', () => {
    expect(Object.keys(PLATFORM_MODULE_LABELS)).toHaveLength(9)
    expect(platformModuleLabel('questionnaire-template')).toBe('Form Template')
    expect(platformModuleLabel('website_settings')).toBe('Website settings')
  })

  it.each([
    ['website_settings', 'Website settings'],
    ['audit-logs', 'Audit logs'],
    ['READ_ORDERS', 'Read orders'],
    ['', ''],
  ])('humanizes %s as %s', (key, words) => {
    expect(humanize(key)).toBe(words)
  })

  it('groups a staff member’s permissions in the catalogue’s order, only the groups held', () => {
    expect(permissionsByGroup(['READ_CUSTOMERS', 'READ_ORDERS', 'UNKNOWN'])).toEqual([
      { group: 'Orders', labels: ['Read orders'] },
      { group: 'Customers', labels: ['Read customers'] },
    ])
    expect(permissionsByGroup([])).toEqual([])
  })
})

// Every role, permission group and platform module has its own word: none blank, no two alike.
it.each([
  ['roles', ROLE_LABELS, ['superadmin', 'client', 'user']],
  ['permission groups', PERMISSION_GROUP_LABELS, Object.keys(PERMISSION_GROUPS)],
  [
    'platform modules',
    PLATFORM_MODULE_LABELS,
    ['roles', 'users', 'clients', 'client_packages', 'promotions', 'questionnaire-template', 'audit-logs', 'payments', 'contract-template'],
  ],
] as const)('the %s have a word each', (_what, labels, keys) => {
  expect(Object.keys(labels)).toEqual([...keys])
  const words = Object.values(labels) as string[]
  expect(new Set(words).size).toBe(words.length)
  for (const w of words) expect(w).toMatch(/^[A-Z][A-Za-z ]+$/)
})
