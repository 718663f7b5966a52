import { describe, expect, it } from 'vitest'
import { FULL_PERMISSION_SET, GENERATED_PASSWORD_CHARSET, generatePassword, hasFullPermissions, roleBadges, setFullPermissions, togglePermission } from './people'

describe('generatePassword', () => {
  it('gives 18 characters from the allowed set', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword()
      expect(password).toHaveLength(18)
      for (const ch of password) expect(GENERATED_PASSWORD_CHARSET).toContain(ch)
    }
  })
  it('uses letters, digits and & # $ @ - * ! only', () => {
    expect(GENERATED_PASSWORD_CHARSET).toMatch(/^[A-Za-z0-9&#$@\-*!]+$/)
    expect(new Set(GENERATED_PASSWORD_CHARSET).size).toBe(26 + 26 + 10 + 7)
  })
  it('skips biased bytes', () => {
    const bytes = new Uint8Array(32).fill(255)
    bytes[0] = 0
    let calls = 0
    const password = generatePassword(() => (calls++ < 18 ? bytes : new Uint8Array(32)))
    expect(password).toHaveLength(18)
  })
})

describe('permission editor', () => {
  it.each([
    [[], 'UPDATE_ORDERS', true, ['READ_ORDERS', 'UPDATE_ORDERS']],
    [['READ_ORDERS', 'UPDATE_ORDERS'], 'READ_ORDERS', false, ['READ_ORDERS', 'UPDATE_ORDERS']],
    [['READ_ORDERS', 'UPDATE_ORDERS'], 'UPDATE_ORDERS', false, ['READ_ORDERS']],
    [[], 'UPDATE_ORDERS_INVOICES', true, ['READ_ORDERS', 'READ_ORDERS_INVOICES', 'UPDATE_ORDERS_INVOICES']],
    [['WRITER'], 'WRITER', false, []],
  ])('%j toggling %s to %s gives %j', (selected, action, on, expected) => {
    expect(togglePermission(selected as string[], action as string, on as boolean)).toEqual(expected)
  })

  it('grant full permissions sets all but keeps role switches as they were', () => {
    const full = setFullPermissions(['WRITER'], true)
    expect(hasFullPermissions(full)).toBe(true)
    expect(full).toContain('WRITER')
    expect(full).not.toContain('REVIEWER')
    expect(setFullPermissions(full, false)).toEqual(['WRITER'])
  })

  it('badges', () => {
    expect(roleBadges('client', [])).toEqual(['Full Permissions'])
    expect(roleBadges('user', ['WRITER'])).toEqual(['Contributor'])
    expect(roleBadges('user', ['REVIEWER', 'READ_ORDERS'])).toEqual(['Reviewer'])
    expect(roleBadges('user', [...FULL_PERMISSION_SET, 'REVIEWER'])).toEqual(['Full Permissions', 'Reviewer'])
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('people edges', () => {
  it('gives Full Permissions to an owner without a list or to anyone with every permission, not to an empty staff list', () => {
    expect(roleBadges('client', [])).toEqual(['Full Permissions'])
    expect(roleBadges('user', [])).toEqual([])
    expect(roleBadges('client', ['READ_ORDERS'])).toEqual([])
    expect(roleBadges('user', [...FULL_PERMISSION_SET])).toEqual(['Full Permissions'])
  })
  it('draws without modulo bias: a byte at or above the last full cycle is skipped', () => {
    const limit = 256 - (256 % GENERATED_PASSWORD_CHARSET.length)
    const bytes = () => Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? limit : 1))
    expect(generatePassword(bytes)).toBe(GENERATED_PASSWORD_CHARSET[1]!.repeat(18))
    const below = () => Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? limit - 1 : 1))
    expect(generatePassword(below)).toBe(GENERATED_PASSWORD_CHARSET[(limit - 1) % GENERATED_PASSWORD_CHARSET.length]! + GENERATED_PASSWORD_CHARSET[1]!.repeat(17))
  })
})
