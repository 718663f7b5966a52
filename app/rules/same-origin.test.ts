import { describe, expect, it } from 'vitest'
import { isFromOurOrigin, isStateChangingGet, isTrustedOrigin, type RequestEvidence, type TrustedOrigins } from './same-origin'

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
