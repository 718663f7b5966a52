import { describe, expect, it } from 'vitest'
import {
  ALL_PERMISSIONS,
  can,
  closePermissions,
  hasFullAccess,
  lockedPermissions,
  PERMISSION_GROUPS,
  permissionsCatalogue,
  PLACEHOLDER_PERMISSION,
  requiredByMap,
  type Guard,
  type Principal,
} from './permissions'

const superadmin: Principal = { role: 'superadmin', permissions: [] }
const fullClient: Principal = { role: 'client', permissions: [] }
const restrictedClient: Principal = { role: 'client', permissions: ['READ_ORDERS'] }
const staff: Principal = { role: 'user', permissions: ['READ_ORDERS', 'VIEW_DASHBOARD'] }
const emptyStaff: Principal = { role: 'user', permissions: [] }

describe('catalogue', () => {
  it('lists groups in the spec order', () => {
    expect(Object.keys(PERMISSION_GROUPS)).toEqual([
      'GLOBAL',
      'ORDERS',
      'WEBSITE SETTINGS',
      'SYSTEM EMAILS TEMPLATES',
      'USERS',
      'DOWNLOADABLES',
      'CONTRACTS',
      'CUSTOMERS',
      'QUESTIONNAIRES',
      'PRODUCTS',
      'WORKFLOWS',
      'SUBSCRIPTION',
      'COUPONS',
      'WRITERS',
    ])
  })

  it('has unique actions, and every requirement names a known action', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length)
    expect(ALL_PERMISSIONS).toHaveLength(50)
    for (const group of Object.values(PERMISSION_GROUPS)) {
      for (const entry of group as readonly { requiredPermissions?: readonly string[] }[]) {
        for (const req of entry.requiredPermissions ?? []) expect(ALL_PERMISSIONS).toContain(req)
      }
    }
  })

  it('does not list the placeholder', () => {
    expect(ALL_PERMISSIONS).not.toContain(PLACEHOLDER_PERMISSION)
    expect(ALL_PERMISSIONS).toContain('CONTACT_DRAFTDESK_TEAM')
  })
})

describe('hasFullAccess', () => {
  it.each([
    [superadmin, true],
    [fullClient, true],
    [restrictedClient, false],
    [emptyStaff, false],
    [staff, false],
  ])('%o -> %s', (p, expected) => expect(hasFullAccess(p)).toBe(expected))
})

describe('can', () => {
  const cases: [string, Principal, Guard, boolean][] = [
    ['empty guard passes for anyone', emptyStaff, {}, true],
    ['empty sets pass', emptyStaff, { all: [], any: [] }, true],
    ['all: every held', staff, { all: ['READ_ORDERS', 'VIEW_DASHBOARD'] }, true],
    ['all: one missing', staff, { all: ['READ_ORDERS', 'WRITE_ORDERS'] }, false],
    ['any: one held', staff, { any: ['WRITE_ORDERS', 'VIEW_DASHBOARD'] }, true],
    ['any: none held', staff, { any: ['WRITE_ORDERS', 'CRM'] }, false],
    ['both: all ok, any fails', staff, { all: ['READ_ORDERS'], any: ['CRM'] }, false],
    ['both: all fails, any ok', staff, { all: ['CRM'], any: ['READ_ORDERS'] }, false],
    ['both hold', staff, { all: ['READ_ORDERS'], any: ['CRM', 'VIEW_DASHBOARD'] }, true],
    ['superadmin passes anything', superadmin, { all: ['CRM', PLACEHOLDER_PERMISSION] }, true],
    ['full client passes anything', fullClient, { all: ['WRITE_ORDERS'] }, true],
    ['restricted client is checked', restrictedClient, { all: ['WRITE_ORDERS'] }, false],
    ['placeholder blocks restricted users', staff, { all: [PLACEHOLDER_PERMISSION] }, false],
  ]
  it.each(cases)('%s', (_name, p, guard, expected) => expect(can(p, guard)).toBe(expected))
})

describe('requiredBy', () => {
  it('reverses requiredPermissions', () => {
    const map = requiredByMap()
    expect(map.READ_ORDERS).toEqual(['WRITE_ORDERS', 'UPDATE_ORDERS', 'ASSIGN_WRITER_REVIEWER', 'READ_ORDERS_INVOICES', 'READ_AND_UPDATE_DRAFTS_APPROVAL', 'READ_ORDERS_REPORTS'])
    expect(map.READ_ORDERS_INVOICES).toEqual(['UPDATE_ORDERS_INVOICES'])
    expect(map.READ_PAYMENT_METHOD).toEqual(['WRITE_PAYMENT_METHOD', 'WRITE_MANAGE_SUBSCRIPTION'])
    expect(map.READ_USERS).toEqual(['WRITE_USERS', 'UPDATE_USERS', 'UPDATE_CUSTOMER_FACING_NAME', 'LOGIN_AS_WRITER'])
    expect(map.VIEW_DASHBOARD).toEqual([])
    expect(Object.keys(map)).toEqual(ALL_PERMISSIONS)
  })

  it('is filled in the catalogue answer', () => {
    const cat = permissionsCatalogue()
    const readCustomers = cat.CUSTOMERS.find((e) => e.action === 'READ_CUSTOMERS')!
    expect(readCustomers.requiredBy).toEqual(['WRITE_CUSTOMERS', 'UPDATE_CUSTOMERS', 'LOGIN_AS_CUSTOMER'])
    const login = cat.CUSTOMERS.find((e) => e.action === 'LOGIN_AS_CUSTOMER')!
    expect(login).toEqual({
      action: 'LOGIN_AS_CUSTOMER',
      label: 'Login as customer',
      requiredPermissions: ['READ_CUSTOMERS'],
      requiredBy: [],
    })
    expect(Object.keys(cat)).toEqual(Object.keys(PERMISSION_GROUPS))
  })
})

describe('closePermissions', () => {
  it.each([
    [['UPDATE_ORDERS_INVOICES'], ['READ_ORDERS', 'READ_ORDERS_INVOICES', 'UPDATE_ORDERS_INVOICES']],
    [['WRITE_MANAGE_SUBSCRIPTION'], ['READ_PAYMENT_METHOD', 'WRITE_MANAGE_SUBSCRIPTION']],
    [
      ['LOGIN_AS_CUSTOMER', 'VIEW_DASHBOARD'],
      ['VIEW_DASHBOARD', 'READ_CUSTOMERS', 'LOGIN_AS_CUSTOMER'],
    ],
    [
      ['WRITE_ORDERS', 'WRITE_ORDERS', 'READ_ORDERS'],
      ['READ_ORDERS', 'WRITE_ORDERS'],
    ],
    [['NOT_A_PERMISSION', PLACEHOLDER_PERMISSION, 'CRM'], ['CRM']],
    [[], []],
  ])('%o -> %o', (selected, expected) => expect(closePermissions(selected)).toEqual(expected))
})

describe('lockedPermissions', () => {
  it.each([
    [['UPDATE_ORDERS_INVOICES'], ['READ_ORDERS', 'READ_ORDERS_INVOICES']],
    [['READ_ORDERS'], []],
    [['WRITE_DOMAIN', 'UPDATE_FEATURES', 'CRM'], ['READ_WEBSITE_SETTINGS']],
    [['WRITE_PAYMENT_METHOD', 'READ_SUBSCRIPTION_INVOICES'], ['READ_PAYMENT_METHOD']],
  ])('%o -> %o', (selected, expected) => expect(lockedPermissions(selected)).toEqual(expected))
})
