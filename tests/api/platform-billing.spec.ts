// Platform plans and promotions over HTTP: every JSON route of back-office section 7 ("Promotions and
// packages"), its guards (401, 403 for organisations and for staff without the module, 405), bodies
// (malformed, oversized), the same-origin rule on its state-changing GETs, and the Stripe mirror
// (read back from the emulator the server talks to: STRIPE_API_URL).
import { expect, test } from '@playwright/test'
import { createStripeClient } from '#app/services/stripe.server'
import { browsers, ORIGIN_HEADERS } from './helpers'
import { DEMO_ORG, signIn } from '#tests/security/helpers'

const open = browsers()
const stripe = () => {
  if (!process.env.STRIPE_API_URL) throw new Error('Set STRIPE_API_URL to the emulator the test server uses')
  return createStripeClient('sk_test_platform_billing', process.env.STRIPE_API_URL)
}
const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase()

type Call = { method: 'GET' | 'POST' | 'PATCH'; path: string; data?: unknown }
const ROUTES: Call[] = [
  { method: 'GET', path: '/api/promotions/view' },
  { method: 'POST', path: '/api/promotions/create', data: {} },
  { method: 'GET', path: '/api/promotions/delete/NOPE' },
  { method: 'GET', path: '/api/packages/client/view' },
  { method: 'GET', path: '/api/packages/client/active/nope' },
  { method: 'GET', path: '/api/packages/client/deactive/nope' },
  { method: 'PATCH', path: '/api/packages/client/visible/nope', data: { isVisible: true } },
  { method: 'PATCH', path: '/api/packages/client/description/nope', data: { description: 'x' } },
  { method: 'POST', path: '/api/packages/client/create', data: {} },
]

async function send(request: Awaited<ReturnType<typeof open>>, call: Call, headers: Record<string, string> = ORIGIN_HEADERS) {
  return request.fetch(call.path, { method: call.method, headers, data: call.data })
}

async function as(playwright: Parameters<typeof open>[0], email: string, org?: string) {
  const request = await open(playwright)
  await signIn(request, email, org)
  return request
}

const plan = (name: string, over: Record<string, unknown> = {}) => ({
  packageName: name,
  maxUsers: 5,
  price: 49.5,
  maxCrmUsers: 2,
  usersUpgradePackage: true,
  recurringInterval: 'month',
  ...over,
})
const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`

test('signed out: every call answers 401 JSON', async ({ playwright }) => {
  const request = await open(playwright)
  for (const call of ROUTES) {
    const res = await send(request, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(401)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 401 })
  }
})

test('an organisation owner and platform staff without the module get 403; nothing changes', async ({ playwright }) => {
  const owner = await as(playwright, 'owner@demo.test', DEMO_ORG)
  // support@demo.test holds users, clients and audit-logs: neither client_packages nor promotions.
  const support = await as(playwright, 'support@demo.test')
  for (const request of [owner, support]) {
    for (const call of ROUTES) expect((await send(request, call)).status(), `${call.method} ${call.path}`).toBe(403)
    expect((await send(request, { method: 'GET', path: '/api/promotions/delete/WELCOME20' })).status()).toBe(403)
  }
  const admin = await as(playwright, 'superadmin@demo.test')
  const promotions = await (await admin.get('/api/promotions/view')).json()
  expect(promotions.promotions.map((p: { couponCode: string }) => p.couponCode)).toContain('WELCOME20')
})

test('other methods answer 405 JSON', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const wrong: Call[] = [
    { method: 'POST', path: '/api/promotions/view' },
    { method: 'GET', path: '/api/promotions/create' },
    { method: 'PATCH', path: '/api/promotions/delete/NOPE' },
    { method: 'POST', path: '/api/packages/client/view' },
    { method: 'PATCH', path: '/api/packages/client/active/nope' },
    { method: 'GET', path: '/api/packages/client/visible/nope' },
    { method: 'POST', path: '/api/packages/client/description/nope' },
    { method: 'GET', path: '/api/packages/client/create' },
  ]
  for (const call of wrong) {
    const res = await send(admin, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(405)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 405 })
  }
})

test('billing staff create a plan mirrored to a Stripe product and price; a retry with the same Idempotency-Key finds it', async ({ playwright }) => {
  const billing = await as(playwright, 'billing@demo.test')
  const name = `Plan ${uid()}`
  const headers = { ...ORIGIN_HEADERS, 'Idempotency-Key': `test-${uid()}-${uid()}-${uid()}` }
  const res = await billing.post('/api/packages/client/create', { headers, data: plan(name, { crmUserPermissions: { campaignsEnabled: false } }) })
  expect(res.status(), await res.text()).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({ status: true, statusCode: 200, message: 'Package Created Sucessfully' })
  const created = body.package
  expect(created).toMatchObject({ packageName: name, maxUsers: 5, price: 49.5, recurringInterval: 'month', isVisible: true, active: true, maxCrmUsers: 2, trialDays: null })
  expect(created.crmUserPermissions).toMatchObject({ campaignsEnabled: false, marketingEnabled: true })
  expect(created.checkoutLink).toMatch(new RegExp(`/checkout\\?item=${created._id}$`))
  expect(created.priceId).toMatch(/^price_/)
  const price = await stripe().prices.retrieve(created.priceId)
  expect(price).toMatchObject({ unit_amount: 4950, currency: 'usd', active: true, recurring: expect.objectContaining({ interval: 'month' }) })
  expect(((await stripe().products.retrieve(price.product as string)) as { name: string }).name).toBe(name)

  const again = await billing.post('/api/packages/client/create', { headers, data: plan(name, { crmUserPermissions: { campaignsEnabled: false } }) })
  expect((await again.json()).package._id).toBe(created._id)
  const list = (await (await billing.get('/api/packages/client/view')).json()).packages as { _id: string; packageName: string }[]
  expect(list.filter((p) => p.packageName === name)).toHaveLength(1)
})

test('activate and deactivate follow the Stripe price; visible and description change the plan', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const created = (await (await admin.post('/api/packages/client/create', { headers: ORIGIN_HEADERS, data: plan(`Toggle ${uid()}`, { recurringInterval: 'year' }) })).json())
    .package
  const off = await admin.get(`/api/packages/client/deactive/${created._id}`, { headers: ORIGIN_HEADERS })
  expect(await off.json()).toMatchObject({ status: true, message: 'Package is Deactivated!', package: { active: false } })
  expect((await stripe().prices.retrieve(created.priceId)).active).toBe(false)
  const on = await admin.get(`/api/packages/client/active/${created._id}`, { headers: ORIGIN_HEADERS })
  expect(await on.json()).toMatchObject({ status: true, message: 'Package is Activated!', package: { active: true } })
  expect((await stripe().prices.retrieve(created.priceId)).active).toBe(true)

  const hidden = await admin.patch(`/api/packages/client/visible/${created._id}`, { headers: ORIGIN_HEADERS, data: { isVisible: false } })
  expect(await hidden.json()).toMatchObject({ status: true, package: { isVisible: false } })
  const described = await admin.patch(`/api/packages/client/description/${created._id}`, { headers: ORIGIN_HEADERS, data: { description: 'For teams.' } })
  expect(await described.json()).toMatchObject({ status: true, message: 'Saved Successfully!', package: { description: 'For teams.' } })
  expect((await admin.patch(`/api/packages/client/visible/${created._id}`, { headers: ORIGIN_HEADERS, data: { isVisible: 'maybe' } })).status()).toBe(400)
  expect((await admin.get('/api/packages/client/active/not-a-plan', { headers: ORIGIN_HEADERS })).status()).toBe(404)
})

test('seeded plans with placeholder price ids toggle without calling Stripe', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const plans = (await (await admin.get('/api/packages/client/view')).json()).packages as { _id: string; packageName: string; priceId: string; active: boolean }[]
  const legacy = plans.find((p) => p.packageName === 'Legacy Starter')!
  expect(legacy).toMatchObject({ active: false, priceId: 'price_seed_legacy' })
  expect((await (await admin.get(`/api/packages/client/active/${legacy._id}`, { headers: ORIGIN_HEADERS })).json()).package.active).toBe(true)
  expect((await (await admin.get(`/api/packages/client/deactive/${legacy._id}`, { headers: ORIGIN_HEADERS })).json()).package.active).toBe(false)
})

test('a given price id is checked at Stripe; validation errors name the field; nothing is saved', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const existing = await stripe().prices.create({ product_data: { name: `External ${uid()}` }, unit_amount: 1500, currency: 'usd', recurring: { interval: 'month' } })
  const name = `External ${uid()}`
  const ok = await admin.post('/api/packages/client/create', { headers: ORIGIN_HEADERS, data: plan(name, { priceId: existing.id, price: 15 }) })
  expect((await ok.json()).package.priceId).toBe(existing.id)
  const reused = await admin.post('/api/packages/client/create', { headers: ORIGIN_HEADERS, data: plan(`${name} 2`, { priceId: existing.id }) })
  expect(reused.status()).toBe(400)
  expect((await reused.json()).errors).toHaveProperty('priceId')

  const missing = await admin.post('/api/packages/client/create', { headers: ORIGIN_HEADERS, data: plan(`Missing ${uid()}`, { priceId: 'price_doesnotexist' }) })
  expect(missing.status()).toBe(400)
  expect(await missing.json()).toMatchObject({ status: false, errors: { priceId: 'The payment provider has no price with this id' } })

  const interval = await admin.post('/api/packages/client/create', { headers: ORIGIN_HEADERS, data: plan(`Bad ${uid()}`, { recurringInterval: '', maxCrmUsers: 0 }) })
  expect(interval.status()).toBe(400)
  expect((await interval.json()).errors).toMatchObject({ recurringInterval: 'Select Recurring Interval', maxCrmUsers: 'Enter Max CRM Users (at least 1)' })

  const list = (await (await admin.get('/api/packages/client/view')).json()).packages as { packageName: string }[]
  expect(list.some((p) => p.packageName.startsWith('Missing ') || p.packageName.startsWith('Bad '))).toBe(false)
})

test('malformed and oversized bodies are refused', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const json = { ...ORIGIN_HEADERS, 'Content-Type': 'application/json' }
  for (const path of ['/api/packages/client/create', '/api/promotions/create']) {
    for (const data of ['', '{"packageName": ', '[1,2,3]', 'null']) {
      const res = await admin.post(path, { headers: json, data })
      expect(res.status(), `${path} ${data}`).toBe(400)
      expect(await res.json()).toMatchObject({ status: false, statusCode: 400 })
    }
    const huge = await admin.post(path, { headers: json, data: JSON.stringify({ packageName: 'x'.repeat(2 * 1024 * 1024) }) })
    expect(huge.status()).toBe(413)
  }
  const long = await admin.patch('/api/packages/client/description/nope', { headers: ORIGIN_HEADERS, data: { description: 'x'.repeat(2001) } })
  expect(long.status()).toBe(400)
})

test('promotions: create mirrors a Stripe coupon and promotion code, the code is unique, delete removes both', async ({ playwright }) => {
  const billing = await as(playwright, 'billing@demo.test')
  const code = `SPRING${uid()}`
  const data = { couponCode: code, max_redemptions: 10, discount_type: 'flat', value: 5.5, duration: 'repeating', duration_in_months: 3, redeem_by: nextYear() }
  const res = await billing.post('/api/promotions/create', { headers: ORIGIN_HEADERS, data })
  expect(res.status(), await res.text()).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({
    status: true,
    message: 'Promotion Created Sucessfully',
    promotion: { couponCode: code, discount_type: 'flat', value: 5.5, max_redemptions: 10, availed_times: 0, duration: 'repeating', duration_in_months: 3 },
  })
  expect(body.promotion.redeem_by).toBe(`${data.redeem_by}T23:59:59.000Z`)

  const promo = (await stripe().promotionCodes.list({ code, active: true })).data[0]!
  const couponId = typeof promo.promotion.coupon === 'string' ? promo.promotion.coupon : promo.promotion.coupon!.id
  const coupon = await stripe().coupons.retrieve(couponId)
  expect(coupon).toMatchObject({
    amount_off: 550,
    currency: 'usd',
    duration: 'repeating',
    duration_in_months: 3,
    max_redemptions: 10,
    redeem_by: Date.parse(`${data.redeem_by}T23:59:59Z`) / 1000,
  })

  const twice = await billing.post('/api/promotions/create', { headers: ORIGIN_HEADERS, data: { ...data, couponCode: code.toLowerCase() } })
  expect(twice.status()).toBe(400)
  expect(await twice.json()).toMatchObject({ error: 'This coupon code already exists' })

  const listed = (await (await billing.get('/api/promotions/view')).json()).promotions as { couponCode: string }[]
  expect(listed.filter((p) => p.couponCode === code)).toHaveLength(1)

  const deleted = await billing.get(`/api/promotions/delete/${code}`, { headers: ORIGIN_HEADERS })
  expect(await deleted.json()).toMatchObject({ status: true, message: 'Deleted!' })
  await expect(stripe().coupons.retrieve(couponId)).rejects.toMatchObject({ code: 'resource_missing' })
  expect((await stripe().promotionCodes.list({ code, active: true })).data).toHaveLength(0)
  expect((await billing.get(`/api/promotions/delete/${code}`, { headers: ORIGIN_HEADERS })).status()).toBe(404)

  // The code is free again, at Stripe too.
  const recreated = await billing.post('/api/promotions/create', { headers: ORIGIN_HEADERS, data: { ...data, discount_type: 'percent', value: 15, duration: 'once' } })
  expect(await recreated.json()).toMatchObject({ status: true, promotion: { couponCode: code, duration: 'once', duration_in_months: null } })
})

test('promotion validation: repeating needs months, percent at most 100', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const data = { couponCode: `BAD${uid()}`, max_redemptions: 1, discount_type: 'percent', value: 150, duration: 'repeating', redeem_by: nextYear() }
  const res = await admin.post('/api/promotions/create', { headers: ORIGIN_HEADERS, data })
  expect(res.status()).toBe(400)
  expect((await res.json()).errors).toMatchObject({
    value: 'For percent (%) discount, value must be 100 or less',
    duration_in_months: expect.stringContaining('Duration In Months'),
  })
})

test('state-changing GETs without proof of our origin are refused and change nothing', async ({ playwright }) => {
  const admin = await as(playwright, 'superadmin@demo.test')
  const plans = (await (await admin.get('/api/packages/client/view')).json()).packages as { _id: string; packageName: string; active: boolean }[]
  const solo = plans.find((p) => p.packageName === 'Solo')!
  for (const path of [`/api/packages/client/deactive/${solo._id}`, `/api/packages/client/active/${solo._id}`, '/api/promotions/delete/TENOFF']) {
    const res = await admin.get(path, { headers: {} })
    expect(res.status(), path).toBe(403)
    const evil = await admin.get(path, { headers: { Origin: 'https://evil.example' } })
    expect(evil.status(), path).toBe(403)
  }
  for (const call of ROUTES.filter((c) => c.method !== 'GET')) expect((await send(admin, call, {})).status(), `${call.method} ${call.path}`).toBe(403)
  const after = (await (await admin.get('/api/packages/client/view')).json()).packages as { _id: string; active: boolean }[]
  expect(after.find((p) => p._id === solo._id)!.active).toBe(true)
  const promotions = (await (await admin.get('/api/promotions/view')).json()).promotions as { couponCode: string }[]
  expect(promotions.some((p) => p.couponCode === 'TENOFF')).toBe(true)
})
