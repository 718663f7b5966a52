import { describe, expect, it } from 'vitest'
import { newPublicId, newSixDigitCode, newToken, safeEqual, sha256 } from './crypto.server'

describe('secrets', () => {
  it('makes six-digit codes, zero padded, that vary', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newSixDigitCode()))
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(codes.size).toBeGreaterThan(190)
  })

  it('makes 256-bit URL-safe tokens', () => {
    const token = newToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newToken()).not.toBe(token)
  })

  it('makes 24-character non-sequential public ids', () => {
    const a = newPublicId()
    expect(a).toMatch(/^[0-9a-z]{24}$/)
    expect(newPublicId()).not.toBe(a)
  })

  it('compares in constant time and hashes deterministically', () => {
    expect(safeEqual('abc', 'abc')).toBe(true)
    expect(safeEqual('abc', 'abd')).toBe(false)
    expect(safeEqual('abc', 'abcd')).toBe(false)
    expect(sha256('x')).toBe(sha256('x'))
    expect(sha256('x')).toHaveLength(64)
  })
})
