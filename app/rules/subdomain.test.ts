import { describe, expect, it } from 'vitest'
import {
  canonicalSubdomain,
  checkSubdomain,
  isReservedSubdomain,
  isSubdomainFormat,
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_FORMAT,
  SUBDOMAIN_TAKEN,
  suggestSubdomain,
  withRandomSuffix,
  withSuffix,
} from './subdomain'

describe('suggestSubdomain', () => {
  it.each<[string, string]>([
    ['Demo Writing Co', 'demowritingco'],
    ['  Acme   Resumes  ', 'acmeresumes'],
    ['ACME', 'acme'],
    ["O'Brien & Sons, Ltd.", 'obriensonsltd'],
    ['Café Düsseldorf', 'cafedusseldorf'],
    ['Résumé-Pros 24/7', 'resumepros247'],
    ['The Very Long Business Name Incorporated', 'theverylongbusinessn'],
    ['東京 Writers', 'writers'],
    ['😀 Emoji Co 😀', 'emojico'],
    ['Tab\tand\nnewline', 'tabandnewline'],
    ['ab', 'ab'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (name, expected) => {
    expect(suggestSubdomain(name)).toBe(expected)
  })

  it('never exceeds 20 characters and only holds lowercase letters and digits', () => {
    for (const name of ['x'.repeat(500), 'A1 '.repeat(40), 'ﬁﬂ ligatures'.repeat(5)]) {
      expect(suggestSubdomain(name)).toMatch(/^[a-z0-9]{0,20}$/)
    }
  })
})

describe('checkSubdomain', () => {
  it.each<[unknown, { ok: true; subdomain: string } | { ok: false; error: string }]>([
    ['acme', { ok: true, subdomain: 'acme' }],
    ['abc', { ok: true, subdomain: 'abc' }],
    ['a'.repeat(20), { ok: true, subdomain: 'a'.repeat(20) }],
    ['AcmeResumes2026', { ok: true, subdomain: 'acmeresumes2026' }],
    ['123', { ok: true, subdomain: '123' }],
    ['ab', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['a'.repeat(21), { ok: false, error: SUBDOMAIN_FORMAT }],
    ['', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['acme-resumes', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['acme_resumes', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['acme resumes', { ok: false, error: SUBDOMAIN_FORMAT }],
    [' acme', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['acme\n', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['café', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['ａｃｍｅ', { ok: false, error: SUBDOMAIN_FORMAT }],
    ['acme.example', { ok: false, error: SUBDOMAIN_FORMAT }],
    [undefined, { ok: false, error: SUBDOMAIN_FORMAT }],
    [null, { ok: false, error: SUBDOMAIN_FORMAT }],
    [['acme'], { ok: false, error: SUBDOMAIN_FORMAT }],
    ['www', { ok: false, error: SUBDOMAIN_TAKEN }],
    ['WWW', { ok: false, error: SUBDOMAIN_TAKEN }],
    ['Admin', { ok: false, error: SUBDOMAIN_TAKEN }],
    ['api', { ok: false, error: SUBDOMAIN_TAKEN }],
    ['mail', { ok: false, error: SUBDOMAIN_TAKEN }],
    ['admin1', { ok: true, subdomain: 'admin1' }],
  ])('%j → %j', (value, expected) => {
    expect(checkSubdomain(value)).toEqual(expected)
  })

  it('uses the spec messages letter for letter', () => {
    expect(SUBDOMAIN_FORMAT).toBe('Subdomain must be 3 to 20 alphanumeric characters')
    expect(SUBDOMAIN_TAKEN).toContain('already taken')
  })

  it('lists only lowercase names the format rule would otherwise accept', () => {
    for (const name of RESERVED_SUBDOMAINS) {
      expect(name).toBe(canonicalSubdomain(name))
      expect(isSubdomainFormat(name), name).toBe(true)
      expect(isReservedSubdomain(name.toUpperCase())).toBe(true)
    }
  })
})

describe('withSuffix', () => {
  it.each<[string, number, string]>([
    ['acme', 0, 'acme0'],
    ['acme', 7, 'acme7'],
    ['acme', 9999, 'acme9999'],
    ['a'.repeat(16), 9999, `${'a'.repeat(16)}9999`],
    ['a'.repeat(17), 9999, `${'a'.repeat(16)}9999`],
    ['a'.repeat(20), 5, `${'a'.repeat(19)}5`],
    ['a'.repeat(20), 42, `${'a'.repeat(18)}42`],
    ['theverylongbusinessn', 1234, 'theverylongbusin1234'],
  ])('%j + %i → %j', (base, suffix, expected) => {
    expect(withSuffix(base, suffix)).toBe(expected)
    expect(withSuffix(base, suffix).length).toBeLessThanOrEqual(20)
  })

  it.each([-1, 10_000, 1.5, Number.NaN])('refuses the suffix %d', (suffix) => {
    expect(() => withSuffix('acme', suffix)).toThrow(RangeError)
  })
})

describe('withRandomSuffix', () => {
  it.each<[number, string]>([
    [0, 'demowriting0'],
    [0.5, 'demowriting5000'],
    [0.99999999, 'demowriting9999'],
    [1, 'demowriting9999'],
  ])('random %d → %j', (r, expected) => {
    expect(withRandomSuffix('demowriting', () => r)).toBe(expected)
  })

  it('always gives a valid name within 20 characters for a valid base', () => {
    for (let i = 0; i < 200; i++) {
      const name = withRandomSuffix('abcdefghijklmnopqrst')
      expect(name).toMatch(/^abcdefghijklmnop[a-t]{0,3}\d{1,4}$/)
      expect(checkSubdomain(name)).toEqual({ ok: true, subdomain: name })
    }
  })
})
