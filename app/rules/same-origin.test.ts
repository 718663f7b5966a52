import { describe, expect, it } from 'vitest'
import {
  hasCookieNamed,
  isFromOurOrigin,
  isSignatureAuthenticatedPost,
  isStateChangingGet,
  isTrustedOrigin,
  type RequestEvidence,
  type TrustedOrigins,
  trustedOriginsFor,
} from './same-origin'

const prod: TrustedOrigins = { publicOrigin: 'https://app.example.com' }
const dev: TrustedOrigins = { publicOrigin: 'http://localhost:3000', requestOrigin: 'http://127.0.0.1:3000' }

const post = (over: Partial<RequestEvidence> = {}): RequestEvidence => ({
  method: 'POST',
  origin: null,
  secFetchSite: null,
  referer: null,
  hasSessionCookie: true,
  ...over,
})

describe('isTrustedOrigin', () => {
  it.each([
    ['https://app.example.com', prod, true],
    ['https://app.example.com/', prod, true],
    ['https://app.example.com:443', prod, true],
    ['http://app.example.com', prod, false],
    ['https://evil.example.com', prod, false],
    ['https://app.example.com.evil.test', prod, false],
    ['null', prod, false],
    ['', prod, false],
    ['javascript:alert(1)', prod, false],
    ['http://127.0.0.1:3000', dev, true],
    ['http://localhost:3000', dev, true],
    ['http://localhost:3001', dev, false],
    ['ftp://app.example.com', { publicOrigin: 'ftp://app.example.com' }, false],
    ['https://app.example.com', { publicOrigin: 'not a url' }, false],
    ['http://127.0.0.1:3000', { publicOrigin: 'https://app.example.com', requestOrigin: null }, false],
    ['http://127.0.0.1:3000', { publicOrigin: 'https://app.example.com', requestOrigin: 'null' }, false],
    [undefined, prod, false],
  ] as const)('%s', (value, trusted, expected) => expect(isTrustedOrigin(value, trusted)).toBe(expected))
})

describe('isFromOurOrigin', () => {
  const cases: [string, RequestEvidence, TrustedOrigins, boolean][] = [
    ['GET passes', post({ method: 'GET' }), prod, true],
    ['HEAD passes', post({ method: 'HEAD', origin: 'https://evil.test' }), prod, true],
    ['OPTIONS reaches actions, so it is guarded', post({ method: 'OPTIONS', origin: 'https://evil.test' }), prod, false],
    ['POST from our origin', post({ origin: 'https://app.example.com' }), prod, true],
    ['POST from a foreign origin', post({ origin: 'https://evil.test' }), prod, false],
    ['POST from a foreign origin without a cookie (login CSRF)', post({ origin: 'https://evil.test', hasSessionCookie: false }), prod, false],
    ['POST with Origin: null', post({ origin: 'null' }), prod, false],
    ['cookie POST without Origin or proof', post(), prod, false],
    ['cookie POST without Origin, Sec-Fetch-Site same-origin', post({ secFetchSite: 'same-origin' }), prod, true],
    ['cookie POST without Origin, Sec-Fetch-Site none', post({ secFetchSite: 'none' }), prod, true],
    ['cookie POST without Origin, Sec-Fetch-Site same-site', post({ secFetchSite: 'same-site' }), prod, false],
    ['cookie POST without Origin, Sec-Fetch-Site cross-site', post({ secFetchSite: 'cross-site' }), prod, false],
    ['cross-site fetch metadata beats a same-origin Referer', post({ secFetchSite: 'cross-site', referer: 'https://app.example.com/x' }), prod, false],
    ['cookie POST without Origin, our Referer', post({ referer: 'https://app.example.com/profile' }), prod, true],
    ['cookie POST without Origin, foreign Referer', post({ referer: 'https://evil.test/app.example.com' }), prod, false],
    ['POST without cookie or Origin (an API client signing in)', post({ hasSessionCookie: false }), prod, true],
    ['state-changing GET without proof', post({ method: 'GET', stateChanging: true, hasSessionCookie: false }), prod, false],
    ['state-changing GET cross-site', post({ method: 'GET', stateChanging: true, secFetchSite: 'cross-site' }), prod, false],
    ['state-changing GET same-origin', post({ method: 'GET', stateChanging: true, secFetchSite: 'same-origin' }), prod, true],
    ['state-changing GET typed in the address bar', post({ method: 'GET', stateChanging: true, secFetchSite: 'none' }), prod, true],
    ['websocket from a foreign origin', post({ method: 'GET', upgrade: true, origin: 'https://evil.test' }), prod, false],
    ['websocket from our origin', post({ method: 'GET', upgrade: true, origin: 'https://app.example.com' }), prod, true],
    ['websocket without any proof', post({ method: 'GET', upgrade: true }), prod, false],
    ['dev: the addressed origin is fine', post({ origin: 'http://127.0.0.1:3000' }), dev, true],
    ['dev: another port is not', post({ origin: 'http://127.0.0.1:4000' }), dev, false],
  ]
  it.each(cases)('%s', (_name, req, trusted, ok) => expect(isFromOurOrigin(req, trusted)).toBe(ok))
})

describe('isStateChangingGet', () => {
  it.each([
    ['/logout', true],
    ['/logout.data', true],
    ['/logout/', true],
    ['/api/auth/logout', true],
    ['/api/auth/verification-2fa', true],
    ['/api/auth/auto-login/abc', true],
    ['/api/client/packages/active/p1', true],
    ['/api/client/packages/deactive/p1', true],
    // Remix routes these the same way: case, escapes, slashes, dot segments and `.data` do not matter.
    ['/LOGOUT', true],
    ['/Logout', true],
    ['/%6cogout', true],
    ['/logou%74', true],
    ['/logout.data', true],
    ['/LOGOUT.data', true],
    ['//logout', true],
    ['/x/../logout', true],
    ['/%2e%2e/logout', true],
    ['/api/auth/logout/', true],
    ['/API/AUTH/LOGOUT', true],
    ['/api//auth/logout', true],
    ['/Api/Client/Packages/Deactive/x', true],
    ['/api/client/packages/DEACTIVE/p1', true],
    ['/api/auth/Verification-2FA', true],
    ['/api/auth/AUTO-LOGIN/abc', true],
    ['/api/auth/auto-login/%zz', true],
    ['/api/client/orders/revision/approve/d1', true],
    ['/API/Client/Orders/Revision/Approve/d1', true],
    ['/api/client/orders/revision/approve/d1.data', true],
    ['/api/packages/client/active/p1', true],
    ['/api/packages/client/deactive/p1', true],
    ['/API/Packages/Client/Deactive/p1.data', true],
    ['/api/promotions/delete/SAVE10', true],
    ['/api/promotions/delete/SAVE10.data', true],
    ['/api/client/payouts/initiatePayoutsSetup', true],
    ['/api/client/user/del/u1', true],
    ['/api/client/user/del/', false],
    ['/api/client/user/del/u1/x', false],
    ['/x/logout', false],
    ['/logout/x', false],
    ['/api/client/packages/active/', false],
    ['/api/client/orders/revision/approve/', false],
    ['/api/packages/client/active/', false],
    ['/api/promotions/delete/', false],
    ['/api/auth/auto-login/', false],
    ['/api/auth/verification-2fa/x', false],
    ['/x/api/auth/logout', false],
    ['/api/client/payouts/initiatepayoutssetup/x', false],
    ['/x/payments/payouts/setup', false],
    ['/api/client/payouts/checkStatus', false],
    ['/payments/payouts/setup', true],
    ['/payments/payouts', false],
    ['/api/packages/client/view', false],
    ['/api/promotions/view', false],
    ['/api/client/orders/revisions', false],
    ['/api/client/orders/revision/reject', false],
    ['/logout%zz', false],
    ['/api/client/packages/all', false],
    ['/api/client/packages/all/active', false],
    ['/login', false],
    ['/dashboard', false],
  ] as const)('%s', (path, expected) => expect(isStateChangingGet(path)).toBe(expected))
})

// Each pattern holds the whole path: the same path under another root or with a segment after it is not it.
it.each([
  '/logout',
  '/api/auth/logout',
  '/api/auth/verification-2fa',
  '/api/auth/auto-login/abc',
  '/api/client/packages/active/p1',
  '/api/client/orders/revision/approve/d1',
  '/api/packages/client/deactive/p1',
  '/api/promotions/delete/SAVE10',
  '/api/client/user/del/u1',
  '/api/client/payouts/initiatepayoutssetup',
  '/payments/payouts/setup',
])('%s changes state; under /x or followed by /x it does not', (path) => {
  expect([isStateChangingGet(path), isStateChangingGet(`/x${path}`), isStateChangingGet(`${path}/x`)]).toEqual([true, false, false])
})

describe('trustedOriginsFor', () => {
  const production = { publicUrl: 'https://app.example.com', production: true }
  const development = { publicUrl: 'http://localhost:3000', production: false }
  const addressed = (host: string | null, over: { encrypted?: boolean; tenantHost?: boolean } = {}) => ({
    host,
    encrypted: false,
    tenantHost: false,
    ...over,
  })
  it.each([
    ['production trusts only PUBLIC_URL, even addressed by loopback', addressed('127.0.0.1:3000'), production, undefined],
    ['production: a foreign Host adds nothing', addressed('evil.test'), production, undefined],
    ['no Host header', addressed(null), development, undefined],
    ['no Host header on a tenant host', addressed(null, { tenantHost: true }), production, undefined],
    ['dev: the loopback address it was addressed by', addressed('127.0.0.1:3000'), development, 'http://127.0.0.1:3000'],
    ['dev: localhost on another port', addressed('localhost:4000'), development, 'http://localhost:4000'],
    ['dev: a TLS socket', addressed('localhost:3443', { encrypted: true }), development, 'https://localhost:3443'],
    ['dev: a DNS-rebinding name adds nothing', addressed('rebind.evil.test:3000'), development, undefined],
    ['dev: a Host that is no host adds nothing', addressed('[bad'), development, undefined],
    ['an organisation host the header does not vouch for adds nothing', addressed('demo.app.example.com'), production, undefined],
    ['a resolved organisation host is ours', addressed('demo.app.example.com', { tenantHost: true }), production, 'https://demo.app.example.com'],
    ['a resolved custom domain keeps PUBLIC_URL scheme', addressed('shop.test:8080', { tenantHost: true, encrypted: false }), production, 'https://shop.test:8080'],
    ['dev: a resolved organisation host', addressed('demo.localhost:3000', { tenantHost: true }), development, 'http://demo.localhost:3000'],
    ['a resolved host that is no host adds nothing', addressed('[bad', { tenantHost: true }), development, undefined],
    ['PUBLIC_URL not a URL: a tenant host adds nothing', addressed('demo.test', { tenantHost: true }), { publicUrl: 'nope', production: true }, undefined],
  ] as const)('%s', (_name, req, config, requestOrigin) => {
    const trusted = trustedOriginsFor(req, config)
    expect(trusted.publicOrigin).toBe(config.publicUrl)
    expect(trusted.requestOrigin).toBe(requestOrigin)
  })

  it('a cross-site write through a rebinding name is refused in development', () => {
    const trusted = trustedOriginsFor(addressed('rebind.evil.test:3000'), development)
    expect(isFromOurOrigin(post({ origin: 'http://rebind.evil.test:3000' }), trusted)).toBe(false)
    expect(isFromOurOrigin(post({ origin: 'http://localhost:3000' }), trusted)).toBe(true)
  })
})

describe('hasCookieNamed', () => {
  const names = ['__session', 'cart']
  it.each([
    ['__session=abc', true],
    ['a=1; cart=xyz', true],
    ['a=1;cart=xyz', true],
    ['a=1;  __session=', true],
    ['x__session=abc', false],
    ['__session_old=abc', false],
    ['__session', false],
    ['a=__session=1', false],
    ['', false],
    [undefined, false],
  ] as const)('%s', (header, expected) => expect(hasCookieNamed(header, names)).toBe(expected))

  it('without names nothing counts', () => expect(hasCookieNamed('__session=abc', [])).toBe(false))
})

describe('isSignatureAuthenticatedPost', () => {
  it.each([
    ['POST', '/api/webhooks/stripe', true],
    ['POST', '/api/webhooks/stripe/', true],
    ['POST', '/API/Webhooks/Stripe', true],
    ['POST', '/api/webhooks/stripe.data', true],
    ['GET', '/api/webhooks/stripe', false],
    ['PUT', '/api/webhooks/stripe', false],
    ['post', '/api/webhooks/stripe', false],
    ['POST', '/api/webhooks/stripe/x', false],
    ['POST', '/api/webhooks', false],
    ['POST', '/api/client/orders', false],
  ] as const)('%s %s', (method, path, expected) => expect(isSignatureAuthenticatedPost(method, path)).toBe(expected))
})
