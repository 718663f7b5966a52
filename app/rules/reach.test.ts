import { describe, expect, it } from 'vitest'
import { type Authority, covers, loginAsRefusal, type Member, mayLogInAsClient, mayManageMember, mayManagePlatformUser, OUT_OF_REACH, OWNER_OUT_OF_REACH } from './reach'

describe('covers', () => {
  const cases: [string, Authority, Authority, boolean][] = [
    ['full reaches full', 'full', 'full', true],
    ['full reaches a list', 'full', ['READ_USERS'], true],
    ['a list never reaches full', ['READ_USERS', 'UPDATE_USERS'], 'full', false],
    ['equal lists', ['READ_USERS', 'WRITER'], ['WRITER', 'READ_USERS'], true],
    ['a strict subset', ['READ_USERS', 'WRITER'], ['WRITER'], true],
    ['the empty list is reached by anyone', [], [], true],
    ['one extra permission on the target', ['READ_USERS'], ['READ_USERS', 'WRITER'], false],
    ['disjoint lists', ['READ_ORDERS'], ['WRITER'], false],
  ]
  it.each(cases)('%s', (_name, actor, target, expected) => expect(covers(actor, target)).toBe(expected))
})

const owner: Member = { role: 'client', permissions: [] }
const restrictedOwner: Member = { role: 'client', permissions: ['READ_USERS'] }
const people: Member = { role: 'user', permissions: ['READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER'] }
const writer: Member = { role: 'user', permissions: ['WRITER'] }
const strongWriter: Member = { role: 'user', permissions: ['WRITER', 'READ_USERS', 'UPDATE_USERS', 'LOGIN_AS_WRITER', 'READ_ORDERS'] }
const nobody: Member = { role: 'user', permissions: [] }
const customer: Member = { role: 'customer', permissions: [] }

describe('mayManageMember (password, status, reset link)', () => {
  const cases: [string, Member, Member, boolean][] = [
    ['the full-access owner reaches anyone', owner, strongWriter, true],
    ['the owner reaches a restricted owner', owner, restrictedOwner, true],
    ['staff reach someone holding less', people, { role: 'user', permissions: ['READ_USERS'] }, true],
    ['staff reach someone holding nothing', writer, nobody, true],
    ['staff do not reach someone holding more', people, strongWriter, false],
    ['staff do not reach someone holding something else', people, writer, false],
    ['staff never reach the full-access owner', strongWriter, owner, false],
    ['a restricted owner is a list like staff', restrictedOwner, writer, false],
    ['a customer holds nothing and is reached by anyone', nobody, customer, true],
  ]
  it.each(cases)('%s', (_name, actor, target, expected) => expect(mayManageMember(actor, target)).toBe(expected))
})

describe('loginAsRefusal', () => {
  const cases: [string, Member, Member, string | null][] = [
    ['the owner logs in as a contributor', owner, writer, null],
    ['staff log in as a weaker contributor', { role: 'user', permissions: ['WRITER', 'LOGIN_AS_WRITER', 'READ_USERS'] }, writer, null],
    ['staff log in as a customer', { role: 'user', permissions: ['LOGIN_AS_CUSTOMER', 'READ_CUSTOMERS'] }, customer, null],
    ['staff never log in as a stronger contributor', people, strongWriter, OUT_OF_REACH],
    [
      'LOGIN_AS_WRITER covers the contributor and reviewer switches',
      { role: 'user', permissions: ['LOGIN_AS_WRITER', 'READ_USERS'] },
      { role: 'user', permissions: ['WRITER', 'REVIEWER'] },
      null,
    ],
    [
      'LOGIN_AS_WRITER covers no other permission of the target',
      { role: 'user', permissions: ['LOGIN_AS_WRITER', 'READ_USERS'] },
      { role: 'user', permissions: ['WRITER', 'READ_ORDERS'] },
      OUT_OF_REACH,
    ],
    ['the switches count as held for log-in-as only', { role: 'user', permissions: ['LOGIN_AS_CUSTOMER'] }, { role: 'user', permissions: ['WRITER'] }, OUT_OF_REACH],
    ['nobody logs in as the owner, the owner included', owner, owner, OWNER_OUT_OF_REACH],
    ['nobody logs in as a restricted owner', owner, restrictedOwner, OWNER_OUT_OF_REACH],
    ['staff never log in as the owner', strongWriter, owner, OWNER_OUT_OF_REACH],
  ]
  it.each(cases)('%s', (_name, actor, target, expected) => expect(loginAsRefusal(actor, target)).toBe(expected))
})

describe('mayManagePlatformUser', () => {
  const superadmin = { role: 'superadmin' }
  const support = { role: 'user', roleModules: ['users', 'clients'] }
  const cases: [string, { role: string; roleModules?: string[] }, { role: string; roleModules?: string[] }, boolean][] = [
    ['superadmin reaches superadmin', superadmin, superadmin, true],
    ['superadmin reaches staff', superadmin, support, true],
    ['staff never reach superadmin', support, superadmin, false],
    ['staff reach a role within their modules', support, { role: 'user', roleModules: ['clients'] }, true],
    ['staff reach the same modules', support, { role: 'user', roleModules: ['clients', 'users'] }, true],
    ['staff do not reach a module they lack', support, { role: 'user', roleModules: ['clients', 'audit-logs'] }, false],
    ['a role with no modules is reached by anyone', { role: 'user', roleModules: [] }, { role: 'user', roleModules: [] }, true],
  ]
  it.each(cases)('%s', (_name, actor, target, expected) => expect(mayManagePlatformUser(actor, target)).toBe(expected))
})

describe('mayLogInAsClient', () => {
  it.each([
    ['the platform superadmin', { role: 'superadmin', clientId: null }, true],
    ['platform staff', { role: 'user', clientId: null }, false],
    ['an organisation owner', { role: 'client', clientId: 4 }, false],
    ['a superadmin role claimed inside an organisation', { role: 'superadmin', clientId: 4 }, false],
  ] as const)('%s', (_name, actor, expected) => expect(mayLogInAsClient(actor)).toBe(expected))
})
