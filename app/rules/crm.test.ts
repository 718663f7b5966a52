import { describe, expect, it } from 'vitest'
import { CRM_PASSWORD_RULE, crmSidebar, crmUserStatus, filterCrmPermissions, isLockedCrmUser, isValidCrmPassword, planIncludesCrm } from './crm'

describe('CRM password rule (back-office section 6)', () => {
  it.each([
    ['Abcdef1!', true],
    ['Str0ng@Pass', true],
    ['aB3$aaaa', true],
    ['Abcde1!', false], // 7 characters
    ['abcdef1!', false], // no upper
    ['ABCDEF1!', false], // no lower
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special
    ['Abcdefg1#', false], // # is not one of @$!%*?&
    ['', false],
  ])('%s → %s', (password, ok) => {
    expect(isValidCrmPassword(password)).toBe(ok)
  })
})

describe('CRM permission flags filtered by the plan', () => {
  const keys = ['campaignsEnabled', 'contactsEnabled', 'funnelsEnabled'] as const
  it.each([
    ['plan enables all, asked some', {}, { campaignsEnabled: true }, { campaignsEnabled: true, contactsEnabled: false, funnelsEnabled: false }],
    [
      'plan disables one, asked for it',
      { contactsEnabled: false },
      { contactsEnabled: true, funnelsEnabled: true },
      { campaignsEnabled: false, contactsEnabled: false, funnelsEnabled: true },
    ],
    ['unknown flags dropped', {}, { hackerEnabled: true, campaignsEnabled: true }, { campaignsEnabled: true, contactsEnabled: false, funnelsEnabled: false }],
    ['truthy strings are not true', {}, { campaignsEnabled: 'true' }, { campaignsEnabled: false, contactsEnabled: false, funnelsEnabled: false }],
  ])('%s', (_name, plan, requested, expected) => {
    expect(filterCrmPermissions(keys, plan as Record<string, boolean>, requested)).toEqual(expected)
  })

  it('a plan includes CRM when one flag is on', () => {
    expect(planIncludesCrm(keys, null)).toBe(false)
    expect(planIncludesCrm(keys, { campaignsEnabled: false, contactsEnabled: false, funnelsEnabled: false })).toBe(false)
    expect(planIncludesCrm(keys, { campaignsEnabled: false })).toBe(true)
  })
})

describe('CRM user status and lock', () => {
  it('ACTIVE when added to the CRM, else PENDING; admin is locked', () => {
    expect(crmUserStatus({ addedToCrm: true })).toBe('ACTIVE')
    expect(crmUserStatus({ addedToCrm: false })).toBe('PENDING')
    expect(isLockedCrmUser({ type: 'admin' })).toBe(true)
    expect(isLockedCrmUser({ type: 'user' })).toBe(false)
  })
})

describe('CRM sidebar section', () => {
  const items = [
    { label: 'menu.dashboard', path: '/dashboard' },
    { label: 'menu.crm', children: [{ label: 'menu.crmUsers', path: '/crm/user/view/all' }] },
  ]
  it('is hidden unless CRM is available', () => {
    expect(crmSidebar(items, { available: false, externalUrl: 'https://crm.example.com' })).toEqual([items[0]])
  })
  it('ends with the external CRM link when configured', () => {
    const [, crm] = crmSidebar(items, { available: true, externalUrl: 'https://crm.example.com' })
    expect(crm!.children!.at(-1)).toEqual({ label: 'menu.crmExternal', path: 'https://crm.example.com', external: true })
    expect(crmSidebar(items, { available: true, externalUrl: null })).toEqual(items)
  })
})

it('holds the whole CRM password to its rule, not one line of it', () => {
  expect(CRM_PASSWORD_RULE.test('Aa1!aaaa')).toBe(true)
  expect(CRM_PASSWORD_RULE.test('\nAa1!aaaa')).toBe(false)
  expect(CRM_PASSWORD_RULE.test('Aa1!aaaa\nb')).toBe(false)
})
