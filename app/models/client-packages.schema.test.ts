import { describe, expect, it } from 'vitest'
import {
  clientPackageSchema,
  CRM_PERMISSION_KEYS,
  DEFAULT_TRIAL_DAYS,
  INTERVAL_REQUIRED,
  MAX_CRM_USERS_REQUIRED,
  PRICE_ID_FORMAT,
  TRIAL_DAYS_RANGE,
} from './client-packages.schema'

const base = { packageName: 'Team', maxUsers: '5', price: '99.50', maxCrmUsers: '1' }

function errorsOf(input: Record<string, unknown>) {
  const result = clientPackageSchema.safeParse(input)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('clientPackageSchema', () => {
  it('takes a minimal plan: monthly, no trial, visible and active, every CRM flag on', () => {
    const data = clientPackageSchema.parse(base)
    expect(data).toMatchObject({ packageName: 'Team', maxUsers: 5, price: 99.5, recurringInterval: 'month', trialDays: null, isVisible: true, active: true, maxCrmUsers: 1 })
    expect(Object.keys(data.crmUserPermissions)).toHaveLength(23)
    expect(Object.values(data.crmUserPermissions).every(Boolean)).toBe(true)
  })

  it.each([
    ['packageName', { ...base, packageName: ' ' }],
    ['maxUsers', { ...base, maxUsers: '0' }],
    ['price', { ...base, price: '' }],
    ['price', { ...base, price: '1.234' }],
    ['maxCrmUsers', { ...base, maxCrmUsers: '' }],
    ['maxCrmUsers', { ...base, maxCrmUsers: '0' }],
    ['priceId', { ...base, priceId: 'prod_123' }],
  ])('refuses a bad %s', (field, input) => {
    expect(errorsOf(input)).toHaveProperty(field)
  })

  it('names the spec rule in the message', () => {
    expect(errorsOf({ ...base, maxCrmUsers: '0' }).maxCrmUsers).toBe(MAX_CRM_USERS_REQUIRED)
    expect(errorsOf({ ...base, priceId: 'nope' }).priceId).toBe(PRICE_ID_FORMAT)
  })

  it.each([
    [{ usersUpgradePackage: 'on' }, INTERVAL_REQUIRED],
    [{ usersUpgradePackage: true, recurringInterval: '' }, INTERVAL_REQUIRED],
    [{ usersUpgradePackage: true, recurringInterval: 'week' }, INTERVAL_REQUIRED],
    [{ usersUpgradePackage: true, recurringInterval: 'year' }, undefined],
    [{ recurringInterval: '' }, undefined],
  ])('recurringInterval is required only with the users-upgrade option: %o', (extra, message) => {
    expect(errorsOf({ ...base, ...extra }).recurringInterval).toBe(message)
  })

  it('trial days belong to trial plans: default when left empty, checked only there, dropped otherwise', () => {
    expect(clientPackageSchema.parse({ ...base, trialPackage: 'on' }).trialDays).toBe(DEFAULT_TRIAL_DAYS)
    expect(clientPackageSchema.parse({ ...base, trialPackage: 'on', trialDays: '7' }).trialDays).toBe(7)
    expect(errorsOf({ ...base, trialPackage: 'on', trialDays: '0' }).trialDays).toBe(TRIAL_DAYS_RANGE)
    expect(clientPackageSchema.parse({ ...base, trialDays: '0' }).trialDays).toBeNull()
  })

  it('CRM flags from the JSON API: an object, left-out flags stay true', () => {
    const data = clientPackageSchema.parse({ ...base, crmUserPermissions: { campaignsEnabled: false } })
    expect(data.crmUserPermissions.campaignsEnabled).toBe(false)
    expect(data.crmUserPermissions.marketingEnabled).toBe(true)
    expect(errorsOf({ ...base, crmUserPermissions: { hackEnabled: true } })).toHaveProperty('crmUserPermissions')
  })

  it('CRM flags from the form: the ticked boxes plus the empty hidden value', () => {
    const some = clientPackageSchema.parse({ ...base, crmUserPermissions: ['', 'tagsEnabled', 'contactsEnabled'] })
    expect(
      Object.entries(some.crmUserPermissions)
        .filter(([, on]) => on)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['contactsEnabled', 'tagsEnabled'])
    const none = clientPackageSchema.parse({ ...base, crmUserPermissions: '' })
    expect(Object.values(none.crmUserPermissions).some(Boolean)).toBe(false)
    const all = clientPackageSchema.parse({ ...base, crmUserPermissions: ['', ...CRM_PERMISSION_KEYS] })
    expect(Object.values(all.crmUserPermissions).every(Boolean)).toBe(true)
  })
})
