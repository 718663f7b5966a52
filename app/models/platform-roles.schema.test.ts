// Platform role, user and profile schemas: keys, module lists and the spec messages.
import { describe, expect, it } from 'vitest'
import { PLATFORM_MODULE_LABELS } from '#app/rules/labels'
import { formatModules, parseModules, ROLE_MODULES, roleKeyFrom, roleSchema } from './platform-roles.schema'
import { userCreateFormSchema, userCreateSchema, userUpdateSchema } from './platform-users.schema'
import { passwordFormSchema } from './profile.schema'

describe('platform role rules', () => {
  it.each([
    ['Support', 'support'],
    ['Billing & Payments', 'billing_payments'],
    ['  Ünïcode  Team ', 'unicode_team'],
    ['!!!', 'role'],
  ])('key of %j is %s', (name, key) => expect(roleKeyFrom(name)).toBe(key))

  it('keeps modules in catalogue order and drops unknown keys', () => {
    expect(parseModules('audit-logs, users,nope,roles')).toEqual(['roles', 'users', 'audit-logs'])
    expect(formatModules(['payments', 'questionnaire-template'])).toBe('questionnaire-template,payments')
    expect(parseModules(null)).toEqual([])
  })

  it('names each module on the profile as the role form does (ADR 0076)', () => {
    expect(Object.fromEntries(ROLE_MODULES.map((m) => [m.key, m.label]))).toEqual(PLATFORM_MODULE_LABELS)
  })

  it.each([
    [{ name: 'A', permissions: 'users,roles' }, ['roles', 'users']],
    [{ name: 'A', permissions: ['clients'] }, ['clients']],
    [{ name: 'A', permissions: 'clients' }, ['clients']],
    [{ name: 'A' }, []],
  ])('reads permissions from %j', (input, expected) => {
    expect(roleSchema.parse(input).permissions).toEqual(expected)
  })

  it('needs a name and known modules', () => {
    expect(roleSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Enter Name')
    expect(roleSchema.safeParse({}).error?.issues[0]?.message).toBe('Enter Name')
    expect(roleSchema.safeParse({ name: 'A', permissions: ['orders'] }).success).toBe(false)
  })
})

describe('platform user rules', () => {
  const valid = { firstName: 'A', lastName: 'B', email: 'A@Example.test', password: 'Long-enough-1', role: 'support' }

  it('lower-cases the e-mail; active defaults on in the API, off when a form leaves the box out', () => {
    expect(userCreateSchema.parse(valid)).toMatchObject({ email: 'a@example.test', active: true })
    expect(userCreateFormSchema.parse(valid).active).toBe(false)
    expect(userCreateFormSchema.parse({ ...valid, active: 'on' }).active).toBe(true)
  })

  it('tells an empty box from a missing field', () => {
    const empty = userCreateSchema.safeParse({ firstName: '', lastName: '', email: '', password: '', role: 'x' })
    const first = (r: typeof empty) => Object.fromEntries(Object.entries(r.error!.flatten().fieldErrors).map(([k, v]) => [k, v?.[0]]))
    expect(first(empty)).toMatchObject({ firstName: 'Enter First Name', lastName: 'Enter Last name', email: 'Enter Email', password: 'Enter Password' })
    const missing = userCreateSchema.safeParse({ firstName: 'A', lastName: 'B', role: 'x' })
    expect(first(missing)).toMatchObject({ email: 'Email is required', password: 'Password is required' })
  })

  it('makes the password optional on update and keeps active when absent', () => {
    const parsed = userUpdateSchema.parse({ firstName: 'A', lastName: 'B', role: 'x' })
    expect(parsed.password).toBe('')
    expect(parsed.active).toBeUndefined()
    expect(userUpdateSchema.safeParse({ firstName: 'A', lastName: 'B', role: 'x', password: 'short' }).success).toBe(false)
  })
})

describe('profile password rules', () => {
  it.each([
    [{ password: 'Long-enough-1', confirmPassword: 'Long-enough-1' }, 'Enter your current password'],
    [{ currentPassword: 'Old-pass-1', password: 'Long-enough-1' }, 'Enter Confirm Password'],
    [{ currentPassword: 'Old-pass-1', password: 'Long-enough-1', confirmPassword: '' }, 'Enter Confirm Password'],
    [{ currentPassword: 'Old-pass-1', password: 'Long-enough-1', confirmPassword: 'Long-enough-2' }, 'Please make sure both passwords match.'],
    [{ currentPassword: 'Old-pass-1', password: '', confirmPassword: '' }, 'New password is required'],
    [{ currentPassword: 'Old-pass-1', password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
  ])('%j -> %s', (input, message) => {
    expect(passwordFormSchema.safeParse(input).error?.issues[0]?.message).toBe(message)
  })
})
