import { describe, expect, it } from 'vitest'
import { createHmac, hkdfSync } from 'node:crypto'
import { decryptSecret, deriveKey, deriveSecret, encryptSecret, hmac, newPublicId, newSixDigitCode, newToken, safeEqual, sha256 } from './crypto.server'

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

describe('keys per purpose', () => {
  it('derives a distinct 256-bit key per purpose, none of them the secret itself', () => {
    const purposes = ['session-cookie', 'ui-settings-cookie', 'two-factor-code', 'totp-encryption'] as const
    const keys = purposes.map((p) => deriveKey(p).toString('hex'))
    expect(new Set(keys).size).toBe(purposes.length)
    for (const key of keys) expect(key).toHaveLength(64)
    expect(keys).not.toContain(Buffer.from(process.env.SESSION_SECRET!).toString('hex'))
    expect(deriveSecret('session-cookie')).not.toBe(process.env.SESSION_SECRET)
  })

  it('is RFC 5869 HKDF-SHA256, stable for a secret and different for another', () => {
    const expected = Buffer.from(hkdfSync('sha256', 'a-secret-of-sixteen+', 'draftdesk', 'draftdesk:two-factor-code', 32))
    expect(deriveKey('two-factor-code', 'a-secret-of-sixteen+').equals(expected)).toBe(true)
    expect(deriveKey('two-factor-code', 'another-secret-of-16').equals(expected)).toBe(false)
  })

  it('keys hmac with what it is given', () => {
    const key = deriveKey('two-factor-code')
    expect(hmac('x', key)).toBe(createHmac('sha256', key).update('x').digest('hex'))
    expect(hmac('x', key)).not.toBe(hmac('x', deriveKey('session-cookie')))
  })
})

describe('secrets at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = encryptSecret('JBSWY3DPEHPK3PXP')
    const b = encryptSecret('JBSWY3DPEHPK3PXP')
    expect(a).not.toBe(b)
    expect(a).not.toContain('JBSWY3DPEHPK3PXP')
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(decryptSecret(a)).toBe('JBSWY3DPEHPK3PXP')
    expect(decryptSecret(encryptSecret(''))).toBe('')
  })

  it('refuses a tampered, truncated or foreign value instead of throwing', () => {
    const stored = encryptSecret('JBSWY3DPEHPK3PXP')
    const [v, iv, tag, body] = stored.split('.')
    const flipped = Buffer.from(body!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(decryptSecret([v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull()
    expect(decryptSecret([v, iv, tag!.slice(0, 8), body].join('.'))).toBeNull()
    expect(decryptSecret([v, iv, tag].join('.'))).toBeNull()
    expect(decryptSecret(`v2.${iv}.${tag}.${body}`)).toBeNull()
    expect(decryptSecret('not a secret')).toBeNull()
    expect(decryptSecret(stored, deriveKey('session-cookie'))).toBeNull()
  })
})
