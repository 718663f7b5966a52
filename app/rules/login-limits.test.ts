import { describe, expect, it } from 'vitest'
import { type LoginLimitDecision, loginAccountKey, loginLimitDecision, type LoginLimitState } from './login-limits'

const ok: LoginLimitState = { ipOk: true, accountIpOk: true, accountOk: true, knownSource: false }

describe('loginLimitDecision', () => {
  const cases: [string, Partial<LoginLimitState>, LoginLimitDecision][] = [
    ['nothing exhausted', {}, 'allow'],
    ['the address sprayed too many accounts', { ipOk: false }, 'ip-limited'],
    ['the address guessed this account too often', { accountIpOk: false }, 'account-ip-limited'],
    ['an attacker from this address, even if it once signed in', { accountIpOk: false, knownSource: true }, 'account-ip-limited'],
    ['the account is under attack and the address is new', { accountOk: false }, 'account-limited'],
    ['the account is under attack but the owner signs in from a known address', { accountOk: false, knownSource: true }, 'allow'],
  ]
  it.each(cases)('%s', (_name, state, expected) => expect(loginLimitDecision({ ...ok, ...state })).toBe(expected))
})

describe('loginAccountKey', () => {
  it('separates realms and ignores case', () => {
    expect(loginAccountKey(null, 'Owner@Demo.test ')).toBe('platform:owner@demo.test')
    expect(loginAccountKey(7, 'owner@demo.test')).toBe('7:owner@demo.test')
    expect(loginAccountKey(7, 'a@b.c')).not.toBe(loginAccountKey(8, 'a@b.c'))
  })
})
