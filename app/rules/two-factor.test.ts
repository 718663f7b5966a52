import { HOTP, Secret } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { acceptedSteps, codeKind, findFreshStep, formatRecoveryCode, isFreshStep, normalizeCode, timeStep } from './two-factor'

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890"; codes are the last six of its eight digits.
const rfcSecret = Secret.fromLatin1('12345678901234567890')
const rfcCode = (step: number) => new HOTP({ secret: rfcSecret, digits: 6 }).generate({ counter: step })

describe('timeStep', () => {
  it.each([
    [59, 1, '287082'],
    [1111111109, 37037036, '081804'],
    [1111111111, 37037037, '050471'],
    [1234567890, 41152263, '005924'],
    [2000000000, 66666666, '279037'],
  ])('at %i s the step is %i and the code %s (RFC 6238 vectors)', (seconds, step, code) => {
    expect(timeStep(seconds * 1000)).toBe(step)
    expect(rfcCode(step)).toBe(code)
  })
})

describe('acceptedSteps', () => {
  it('is the current step, then one either side', () => {
    expect(acceptedSteps(90_000)).toEqual([3, 2, 4])
    expect(acceptedSteps(90_000, 0)).toEqual([3])
  })
})

describe('isFreshStep', () => {
  it.each([
    [10, null, true],
    [11, 10, true],
    [10, 10, false],
    [9, 10, false],
  ])('step %i after last used %s: %s', (step, last, fresh) => expect(isFreshStep(step, last)).toBe(fresh))
})

describe('findFreshStep', () => {
  const now = 1111111111 * 1000 // step 37037037

  it.each([
    ['the current code', rfcCode(37037037), null, 37037037],
    ['the previous step (slow typing)', rfcCode(37037036), null, 37037036],
    ['the next step (fast clock)', rfcCode(37037038), null, 37037038],
    ['two steps back', rfcCode(37037035), null, null],
    ['two steps ahead', rfcCode(37037039), null, null],
    ['a replay of the last used code', rfcCode(37037037), 37037037, null],
    ['an older code after a newer one was used', rfcCode(37037036), 37037037, null],
    ['the next code after the current one was used', rfcCode(37037038), 37037037, 37037038],
    ['a wrong code', '000000', null, null],
    ['a code of another length', rfcCode(37037037).slice(1), null, null],
  ] as const)('%s', (_name, code, lastUsed, expected) => {
    expect(findFreshStep(code, now, lastUsed, rfcCode)).toBe(expected)
  })
})

describe('codes people type', () => {
  it.each([
    ['123456', 'numeric'],
    [' 123 456 ', 'numeric'],
    ['12345', 'invalid'],
    ['1234567', 'invalid'],
    ['abcde-fghjk', 'recovery'],
    ['ABCDE FGHJK', 'recovery'],
    ['abcde-fghj0', 'invalid'],
    ['', 'invalid'],
  ])('%j is %s', (input, kind) => expect(codeKind(input)).toBe(kind))

  it('normalizes and formats recovery codes', () => {
    expect(normalizeCode(' AbCdE-fGhJk ')).toBe('abcdefghjk')
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk')
  })
})

// Refusals mutation testing found untested (ADR 0103).
describe('code checks at their edges', () => {
  const epoch = Date.UTC(2026, 11, 7, 12, 0, 0)
  const codeFor = (step: number) => String(step % 1_000_000).padStart(6, '0')
  it('refuses the right code with anything after it, and a shorter one', () => {
    const code = codeFor(timeStep(epoch))
    expect(findFreshStep(code, epoch, null, codeFor)).toBe(timeStep(epoch))
    expect(findFreshStep(`${code}0`, epoch, null, codeFor)).toBeNull()
    expect(findFreshStep(code.slice(0, 5), epoch, null, codeFor)).toBeNull()
  })
  it('takes the first matching step of the window, the current one', () => {
    expect(findFreshStep('123456', epoch, null, () => '123456')).toBe(timeStep(epoch))
  })
  it('takes any step when none was used yet, step 0 included', () => {
    expect(isFreshStep(0, null)).toBe(true)
    expect(isFreshStep(0, 0)).toBe(false)
  })
})
