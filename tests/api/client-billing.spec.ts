// The client billing calls over HTTP (back-office section 7, "Profile and billing" and "CRM and
// payouts"): guards (401, 403 per permission, payouts for the owner only, the platform's invoices for
// the payments module), 405s, malformed bodies (400, never 500), a card id of another organisation,
// and the same-origin rule on the payouts GET that makes an account.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createStripeClient } from '#app/services/stripe.server'
import { ALL_PERMISSIONS } from '#app/rules/permissions'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'
import { signIn } from '#tests/security/helpers'

const open = browsers()
const stripe = () => {
  if (!process.env.STRIPE_API_URL) throw new Error('Set STRIPE_API_URL to the emulator the test server uses')
  return createStripeClient('sk_test_client_billing', process.env.STRIPE_API_URL)
}

type Call = { method: 'GET' | 'POST'; path: string; data?: unknown }
const METHODS_READ: Call = { method: 'GET', path: '/api/payments/methods/get' }
const METHODS_ADD: Call = { method: 'POST', path: '/api/payments/methods/add', data: { data: 'pm_card_visa' } }
const METHODS_DEFAULT: Call = { method: 'POST', path: '/api/payments/methods/default', data: { id: 'pm_nothing' } }
const INVOICES: Call = { method: 'GET', path: '/api/client/payments/invoices/get' }
const PAYOUTS_STATUS: Call = { method: 'GET', path: '/api/client/payouts/checkStatus' }
const PAYOUTS_SETUP: Call = { method: 'GET', path: '/api/client/payouts/initiatePayoutsSetup' }
const PLATFORM_INVOICES: Call = { method: 'GET', path: '/api/payments/invoices/get' }
const ALL = [METHODS_READ, METHODS_ADD, METHODS_DEFAULT, INVOICES, PAYOUTS_STATUS, PAYOUTS_SETUP, PLATFORM_INVOICES]

const send = (request: Awaited<ReturnType<typeof open>>, call: Call) => request.fetch(call.path, { method: call.method, headers: ORIGIN_HEADERS, data: call.data })

test('signed out: every call answers 401 JSON', async ({ playwright }) => {
  const request = await open(playwright)
  for (const call of ALL) {
    const res = await send(request, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(401)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 401 })
  }
})

test('staff get 403 without the permission, and only what it allows with it; payouts stay the owner’s', async ({ playwright }) => {
  const owner = await ownerSession(open, playwright)
  const none = await staffSession(open, playwright, owner.org.id, owner.org.name, ['READ_ORDERS'])
  for (const call of [METHODS_READ, METHODS_ADD, METHODS_DEFAULT, INVOICES, PAYOUTS_STATUS, PAYOUTS_SETUP]) {
    const res = await send(none.request, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(403)
    expect(await res.json()).toMatchObject({
      status: false,
      error: "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page",
    })
  }
  const reader = await staffSession(open, playwright, owner.org.id, owner.org.name, ['READ_PAYMENT_METHOD', 'READ_SUBSCRIPTION_INVOICES'])
  expect((await send(reader.request, METHODS_READ)).status()).toBe(200)
  expect((await send(reader.request, INVOICES)).status()).toBe(200)
  expect((await send(reader.request, METHODS_ADD)).status()).toBe(403)
  expect((await send(reader.request, METHODS_DEFAULT)).status()).toBe(403)
  // Every permission there is still is not the owner: payouts link the owner's bank account.
  const everything = await staffSession(open, playwright, owner.org.id, owner.org.name, ALL_PERMISSIONS)
  expect((await send(everything.request, METHODS_ADD)).status()).toBe(200)
  for (const call of [PAYOUTS_STATUS, PAYOUTS_SETUP]) expect((await send(everything.request, call)).status(), call.path).toBe(403)
  // Nothing was made at Stripe for payouts.
  expect((await (await send(owner.request, PAYOUTS_STATUS)).json()).state).toBe('not_started')
})

test('other methods answer 405 JSON', async ({ playwright }) => {
  const owner = await ownerSession(open, playwright)
  const wrong: { method: string; path: string }[] = [
    { method: 'POST', path: '/api/payments/methods/get' },
    { method: 'GET', path: '/api/payments/methods/add' },
    { method: 'GET', path: '/api/payments/methods/default' },
    { method: 'POST', path: '/api/client/payments/invoices/get' },
    { method: 'POST', path: '/api/client/payouts/checkStatus' },
    { method: 'PATCH', path: '/api/client/payouts/initiatePayoutsSetup' },
    { method: 'POST', path: '/api/payments/invoices/get' },
  ]
  for (const call of wrong) {
    const res = await owner.request.fetch(call.path, { method: call.method, headers: ORIGIN_HEADERS })
    expect(res.status(), `${call.method} ${call.path}`).toBe(405)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 405 })
  }
})

test('malformed bodies answer 400 with a message, never 500', async ({ playwright }) => {
  const owner = await ownerSession(open, playwright)
  const bodies: { path: string; data?: unknown; raw?: string; type?: string }[] = [
    { path: '/api/payments/methods/add', data: {} },
    { path: '/api/payments/methods/add', data: { data: { $ne: null } } },
    { path: '/api/payments/methods/add', data: { data: 'x'.repeat(500) } },
    { path: '/api/payments/methods/add', raw: '{"data": ', type: 'application/json' },
    { path: '/api/payments/methods/add', raw: '["pm_card_visa"]', type: 'application/json' },
    { path: '/api/payments/methods/default', data: { id: ['pm_card_visa'] } },
    { path: '/api/payments/methods/default', raw: 'id=', type: 'application/x-www-form-urlencoded' },
    { path: '/api/payments/methods/default', raw: 'not json', type: 'text/plain' },
  ]
  for (const body of bodies) {
    const res = await owner.request.post(body.path, { headers: { ...ORIGIN_HEADERS, ...(body.type ? { 'Content-Type': body.type } : {}) }, data: body.raw ?? body.data })
    expect(res.status(), JSON.stringify(body)).toBe(400)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 400, error: 'Select a card' })
  }
  expect((await owner.request.get('/api/payments/invoices/get?limit=0')).status()).toBe(403)
})

test("organisation B cannot make organisation A's card its default; A's cards stay as they were", async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await ownerSession(open, playwright)
  const added = await send(a.request, METHODS_ADD)
  expect(added.status()).toBe(200)
  const cardA = (await added.json()).paymentMethod._id as string
  await send(b.request, { ...METHODS_ADD, data: { data: 'pm_card_mastercard' } })

  const res = await send(b.request, { ...METHODS_DEFAULT, data: { id: cardA } })
  expect(res.status()).toBe(404)
  expect(await res.json()).toMatchObject({ status: false, error: 'Error 0002: Unable to set Default Payment Method. Try Again' })
  const cardsB = (await (await send(b.request, METHODS_READ)).json()).paymentMethods
  expect(cardsB.map((c: { _id: string; last4: string; is_default: boolean }) => [c.last4, c.is_default])).toEqual([['4444', true]])
  const cardsA = (await (await send(a.request, METHODS_READ)).json()).paymentMethods
  expect(cardsA).toEqual([expect.objectContaining({ _id: cardA, is_default: true })])
  // At Stripe too: the card still belongs to A's customer, and B's customer never took it as its default.
  const customers = await platformDb.selectFrom('organisations').select(['id', 'stripe_customer_id']).where('id', 'in', [a.org.id, b.org.id]).execute()
  const customerA = customers.find((c) => c.id === a.org.id)?.stripe_customer_id
  const customerB = customers.find((c) => c.id === b.org.id)?.stripe_customer_id
  expect(customerA).toMatch(/^cus_/)
  expect(customerB).toMatch(/^cus_/)
  expect(customerB).not.toBe(customerA)
  const pm = await stripe().paymentMethods.retrieve(cardA)
  expect(pm.customer).toBe(customerA)
  const stripeB = await stripe().customers.retrieve(customerB!)
  expect(stripeB).toMatchObject({ id: customerB })
  expect(JSON.stringify(stripeB)).not.toContain(cardA)
  expect(cardsB.some((c: { _id: string }) => c._id === cardA)).toBe(false)
})

test('the payouts setup GET is refused cross-site and answers an onboarding URL from our own pages', async ({ playwright }) => {
  const owner = await ownerSession(open, playwright)
  const evil = await owner.request.get(PAYOUTS_SETUP.path, { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
  expect(evil.status()).toBe(403)
  const evilPage = await owner.request.get('/payments/payouts/setup', { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 })
  expect(evilPage.status()).toBe(403)
  expect((await (await send(owner.request, PAYOUTS_STATUS)).json()).state).toBe('not_started')
  const ours = await send(owner.request, PAYOUTS_SETUP)
  expect(ours.status()).toBe(200)
  const url = new URL((await ours.json()).url)
  expect(url.searchParams.get('return_url')).toMatch(/\/payments\/payouts\?setup=returned$/)
  // The page's link does the same and redirects the browser to Stripe.
  const link = await owner.request.get('/payments/payouts/setup', { headers: { 'Sec-Fetch-Site': 'same-origin' }, maxRedirects: 0 })
  expect(link.status()).toBe(302)
  expect(link.headers()['location']).toContain('/_emulator/connect/onboard/acct_')
})

test("the platform's payment invoices: the payments module or superadmin only", async ({ playwright }) => {
  const owner = await ownerSession(open, playwright)
  expect((await send(owner.request, PLATFORM_INVOICES)).status()).toBe(403)
  for (const [email, status] of [
    ['support@demo.test', 403],
    ['billing@demo.test', 200],
    ['superadmin@demo.test', 200],
  ] as const) {
    const request = await open(playwright)
    await signIn(request, email)
    const res = await send(request, PLATFORM_INVOICES)
    expect(res.status(), email).toBe(status)
    if (status === 200) expect(await res.json()).toMatchObject({ status: true, invoices: expect.any(Array), hasMore: expect.any(Boolean) })
  }
  const admin = await open(playwright)
  await signIn(admin, 'superadmin@demo.test')
  for (const query of ['limit=0', 'limit=abc', 'starting_after=%22%3B']) expect((await admin.get(`/api/payments/invoices/get?${query}`)).status(), query).toBe(400)
  expect((await admin.get('/api/payments/invoices/get?clientId=unknown')).status()).toBe(404)
})
