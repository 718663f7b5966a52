// Page actions read forms: a JSON, plain-text or malformed multipart body sent to one is the sender's
// mistake and answers 400 through the real server, never a 500 (app/services/form-request.server.ts).
import { expect, test } from '@playwright/test'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, ORIGIN_HEADERS, signIn } from './helpers'

const PUBLIC_PAGES = ['/login', '/forgot-password', '/ui-settings', `/checkout?item=x`]
const OWNER_PAGES = ['/products/create', '/orders/create', '/orders/view', '/profile', '/profile/security', '/customers/create', '/products/cart-settings']

const BAD_BODIES = [
  { 'Content-Type': 'application/json', body: '{"intent":"x"}' },
  { 'Content-Type': 'text/plain', body: 'hello' },
  { 'Content-Type': 'multipart/form-data; boundary=nope', body: '--wrong\r\ngarbage' },
]

test('signed out and signed in, a body that is not a form answers 400', async ({ playwright }) => {
  const tenant = await createTenant()
  const request = await playwright.request.newContext({ baseURL: BASE_URL })
  await signIn(request, tenant.owner.email, tenant.org.name, TEST_PASSWORD)
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL })
  const calls = [...PUBLIC_PAGES.map((path) => ({ path, client: anonymous })), ...OWNER_PAGES.map((path) => ({ path, client: request }))]
  for (const { path, client } of calls) {
    for (const { body, ...type } of BAD_BODIES) {
      const res = await client.post(path, { headers: { ...ORIGIN_HEADERS, ...type }, data: body, maxRedirects: 0 })
      expect(res.status(), `${path} with ${type['Content-Type']}`).toBe(400)
    }
  }
  await request.dispose()
  await anonymous.dispose()
})
