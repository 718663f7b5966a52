import { describe, expect, it } from 'vitest'
import {
  canonicalHostname,
  checkCustomDomain,
  cnameMatches,
  CUSTOM_DOMAIN_INVALID,
  CUSTOM_DOMAIN_PLATFORM,
  CUSTOM_DOMAIN_REQUIRED,
  dkimMatches,
  emailDnsRecords,
  hostnameOfHeader,
  joinTxt,
  spfMatches,
  subdomainHost,
  subdomainOfHost,
} from './domains'

describe('canonicalHostname', () => {
  it.each<[unknown, string | null]>([
    ['portal.example.com', 'portal.example.com'],
    ['  Portal.Example.COM.  ', 'portal.example.com'],
    ['https://portal.example.com/', 'portal.example.com'],
    ['http://a-b.example.co.uk', 'a-b.example.co.uk'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['example.xn--p1ai', 'example.xn--p1ai'],
    ['localhost', null],
    ['example', null],
    ['127.0.0.1', null],
    ['portal.example.com:443', null],
    ['portal.example.com/path', null],
    ['user@portal.example.com', null],
    ['*.example.com', null],
    ['-bad.example.com', null],
    ['bad-.example.com', null],
    ['bü cher.example', null],
    ['bücher.example', null],
    [`${'a'.repeat(64)}.example.com`, null],
    [`${'a.'.repeat(130)}com`, null],
    ['', null],
    [undefined, null],
    [['portal.example.com'], null],
  ])('%j → %j', (value, expected) => {
    expect(canonicalHostname(value)).toBe(expected)
  })
})

describe('checkCustomDomain', () => {
  it.each<[unknown, ReturnType<typeof checkCustomDomain>]>([
    ['portal.example.com', { ok: true, domain: 'portal.example.com' }],
    ['', { ok: false, error: CUSTOM_DOMAIN_REQUIRED }],
    ['   ', { ok: false, error: CUSTOM_DOMAIN_REQUIRED }],
    [null, { ok: false, error: CUSTOM_DOMAIN_REQUIRED }],
    ['not a domain', { ok: false, error: CUSTOM_DOMAIN_INVALID }],
    ['draftdesk.app', { ok: false, error: CUSTOM_DOMAIN_PLATFORM }],
    ['acme.draftdesk.app', { ok: false, error: CUSTOM_DOMAIN_PLATFORM }],
    ['x.acme.DRAFTDESK.app', { ok: false, error: CUSTOM_DOMAIN_PLATFORM }],
    ['notdraftdesk.app', { ok: true, domain: 'notdraftdesk.app' }],
  ])('%j → %j', (value, expected) => {
    expect(checkCustomDomain(value, 'draftdesk.app')).toEqual(expected)
  })
})

describe('hostnameOfHeader', () => {
  it.each<[string | null | undefined, string | null]>([
    ['Acme.Example.com:443', 'acme.example.com'],
    ['acme.example.com.', 'acme.example.com'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['[::1]', '[::1]'],
    ['[::1', null],
    ['evil.example/path', null],
    ['evil.example:port', null],
    ['a b', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(hostnameOfHeader(value)).toBe(expected)
  })
})

describe('subdomainOfHost', () => {
  it.each<[string, string | null]>([
    ['acme.draftdesk.app', 'acme'],
    ['draftdesk.app', null],
    ['x.acme.draftdesk.app', null],
    ['acme.evil-draftdesk.app', null],
    ['acmedraftdesk.app', null],
  ])('%j → %j', (host, expected) => {
    expect(subdomainOfHost(host, 'draftdesk.app')).toBe(expected)
  })
})

describe('DNS answers', () => {
  it('matches a CNAME with or without the root dot, in any case', () => {
    expect(cnameMatches(['ACME.draftdesk.app.'], 'acme.draftdesk.app')).toBe(true)
    expect(cnameMatches(['other.draftdesk.app'], 'acme.draftdesk.app')).toBe(false)
    expect(cnameMatches([], 'acme.draftdesk.app')).toBe(false)
  })

  it('joins TXT chunks and finds exactly one SPF record including ours', () => {
    const include = '_spf.draftdesk.app'
    expect(spfMatches(joinTxt([['v=spf1 include:_spf.draftdesk.app ', '~all']]), include)).toBe(true)
    expect(spfMatches(['v=spf1 include:_spf.google.com +include:_SPF.draftdesk.app. -all'], include)).toBe(true)
    expect(spfMatches(['v=spf1 include:_spf.google.com ~all'], include)).toBe(false)
    expect(spfMatches(['some verification token', 'v=spf1 include:_spf.draftdesk.app ~all'], include)).toBe(true)
    // Two SPF records are a permanent error for receivers (RFC 7208 4.5): not verified.
    expect(spfMatches(['v=spf1 include:_spf.draftdesk.app ~all', 'v=spf1 -all'], include)).toBe(false)
    expect(spfMatches(['v=spf10 include:_spf.draftdesk.app'], include)).toBe(false)
  })

  it('finds our DKIM public key whatever the spacing', () => {
    expect(dkimMatches(['v=DKIM1; k=rsa; p=ABC DEF=='], 'ABCDEF==')).toBe(true)
    expect(dkimMatches(['k=rsa;p=ABCDEF=='], 'ABCDEF==')).toBe(true)
    expect(dkimMatches(['v=DKIM1; k=rsa; p=OTHER'], 'ABCDEF==')).toBe(false)
    expect(dkimMatches(['v=DKIM2; p=ABCDEF=='], 'ABCDEF==')).toBe(false)
  })

  it('publishes SPF on the bounce name (the custom domain itself is a CNAME) and DKIM under the selector', () => {
    expect(emailDnsRecords({ domain: 'portal.example.com', selector: 'dd1', publicKeyBase64: 'KEY', spfInclude: '_spf.draftdesk.app' })).toEqual([
      { type: 'TXT', purpose: 'spf', host: 'bounce.portal.example.com', data: 'v=spf1 include:_spf.draftdesk.app ~all' },
      { type: 'TXT', purpose: 'dkim', host: 'dd1._domainkey.portal.example.com', data: 'v=DKIM1; k=rsa; p=KEY' },
    ])
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('host names at their edges', () => {
  const label63 = 'a'.repeat(63)
  // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 characters, the longest DNS name.
  const longest = `${label63}.${label63}.${label63}.${'b'.repeat(57)}.com`
  it('takes a name of 253 characters and refuses 254', () => {
    expect(longest).toHaveLength(253)
    expect(canonicalHostname(longest)).toBe(longest)
    expect(canonicalHostname(`a${longest}`)).toBeNull()
    expect(canonicalHostname('.')).toBeNull()
  })
  it('strips the scheme only at the start', () => {
    expect(canonicalHostname('HTTPS://Portal.Example.com/')).toBe('portal.example.com')
    expect(canonicalHostname('portal.https://example.com')).toBeNull()
  })
  it.each<[string | null, string | null]>([
    ['[::1]', '[::1]'],
    ['[::1]:3000', '[::1]'],
    [' [::1]:443 ', '[::1]'],
    ['[::1', null],
    ['[::1]x', null],
    ['[::1]:x3000', null],
    ['[::1]:3000x', null],
    ['[::1]:123456', null],
    ['[]', '[]'],
  ])('Host %j is %j', (header, expected) => expect(hostnameOfHeader(header)).toBe(expected))
  it('builds a portal host under the platform', () => expect(subdomainHost('acme', 'app.example.com')).toBe('acme.app.example.com'))
})

describe('DNS answers at their edges', () => {
  it('matches a CNAME in any case and with the root dot on either side', () => {
    expect(cnameMatches(['Target.Example.com.'], 'target.example.com')).toBe(true)
    expect(cnameMatches(['target.example.com'], 'Target.example.com.')).toBe(true)
    expect(cnameMatches(['target.example.comx'], 'target.example.com')).toBe(false)
  })
  it('joins TXT chunks without a separator', () => expect(joinTxt([['v=spf1 ', 'include:x'], ['a']])).toEqual(['v=spf1 include:x', 'a']))
  it.each<[string[], boolean]>([
    [['  v=spf1 include:_spf.example.com ~all  '], true],
    [['v=spf1\tinclude:_spf.example.com'], true],
    [['v=spf1 +include:_SPF.example.com. -all'], true],
    [['V=SPF1 INCLUDE:_spf.example.com'], true],
    [['xv=spf1 include:_spf.example.com'], false],
    [['v=spf10 include:_spf.example.com'], false],
    [['v=spf1 a:include:_spf.example.com'], false],
    [['v=spf1 include:_spf.example.com', 'v=spf1 -all'], false],
    [['v=spf1 -all', 'google-site-verification=x'], false],
  ])('SPF %j includes ours: %s', (txt, ok) => expect(spfMatches(txt, '_spf.example.com')).toBe(ok))
  it.each<[string[], boolean]>([
    [['v=DKIM1; k=rsa; p=AB CD'], true],
    [['v=DKIM1;k=rsa;p=ABCD'], true],
    [['k=rsa; p=ABCD'], true],
    [['v=DKIM1 ;  P =AB CD'], true],
    [['v=DKIM1; p=ABCD; flag'], true],
    [['v=DKIM2; p=ABCD'], false],
    [['v=DKIM1; p=ABCE'], false],
    [['other', 'v=DKIM1; p=ABCD'], true],
    [['p'], false],
  ])('DKIM %j is ours: %s', (txt, ok) => expect(dkimMatches(txt, 'AB\nCD')).toBe(ok))
})

it.each(['example.1com', 'example.com1', 'example.c', 'example.xn--'])('%s has no top-level domain a registry gives out', (host) => {
  expect(canonicalHostname(host)).toBeNull()
})
