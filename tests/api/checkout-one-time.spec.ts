// POST /api/checkout of a one-time plan through the real server and the Stripe emulator (ADR 0046):
// one charge, the owner signed in on an active organisation with no subscription; the same
// Idempotency-Key again answers the same and charges nothing more; a decline is a 402.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { stripeClient } from '#app/services/stripe.server'
import { createPlan } from '#tests/factories/subscriptions'
import { browsers, ORIGIN_HEADERS } from './helpers'

const open = browsers()
const uid = () => randomBytes(5).toString('hex')

const payload = (item: string, over: Record<string, unknown> = {}) => {
  const id = uid()
  return {
    firstName: 'Once',
    lastName: 'Buyer',
    email: `once.${id}@buyer.test`,
    password: 'Secret-pass-2026',
    businessName: `Once Writing ${id}`,
    address: '3 Main Street',
    city: 'Boston',
    postalCode: '02110',
    website: 'https://oncewriting.test',
    country: 'US',
    timeZone: 'America/New_York',
    payment: 'pm_card_visa',
    item,
    subDomain: `once${id}`,
    ...over,
  }
}

async function organisationOf(subDomain: string) {
  return platformDb.selectFrom('organisations').selectAll().where('subdomain', '=', subDomain).executeTakeFirstOrThrow()
}

test('a one-time plan: charged once, the owner signed in on an active organisation; the same key again charges nothing more', async ({ playwright }) => {
  const plan = await createPlan({ name: `Lifetime ${uid()}`, oneTime: true, priceCents: 19900, maxUsers: 3 })
  const info = await (await open(playwright)).get(`/api/checkout/getPackageInfo?item=${plan.public_id}`)
  expect(await info.json()).toMatchObject({ status: true, package: { _id: plan.public_id, oneTimePay: true, price: 199 } })

  const request = await open(playwright)
  const body = payload(plan.public_id)
  const key = `once-${uid()}${uid()}`
  const res = await request.post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': key }, data: body })
  expect(res.status(), await res.text()).toBe(200)
  const answer = await res.json()
  expect(answer).toMatchObject({ status: true, redirectTo: '/dashboard', user: { email: body.email, role: 'client' } })
  const me = await (await request.get('/api/auth/user')).json()
  expect(me.user).toMatchObject({ _id: answer.user._id, client_package_status: 'active' })

  const again = await (await open(playwright)).post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': key }, data: body })
  expect(again.status()).toBe(200)
  expect((await again.json()).user._id).toBe(answer.user._id)

  const org = await organisationOf(body.subDomain)
  expect(org).toMatchObject({ active: true, package_status: 'active', stripe_subscription_id: null })
  const intents = (await stripeClient().paymentIntents.list({ customer: org.stripe_customer_id! })).data
  expect(intents.map((i) => [i.status, i.amount])).toEqual([['succeeded', 19900]])

  // The subscription details show the plan bought, its users and no renewal.
  const details = await (await request.get('/api/client/payments/client-subscription-details')).json()
  expect(details).toMatchObject({ client_package_status: 'active', clientPackage: { _id: plan.public_id, oneTimePay: true, maxUsers: 3, price: 199 }, subscription: null })
  // The page says what is true (issue 27): a plan paid once, not an ended subscription.
  const page = await (await request.get('/payments/manage-subscription')).text()
  expect(page).toContain('Your plan was paid once and does not renew.')
  expect(page).not.toContain('No subscription')
  expect(page).not.toContain('Your subscription has ended')
})

test("a declined card answers 402 with the provider's message and opens nothing", async ({ playwright }) => {
  const plan = await createPlan({ name: `Lifetime ${uid()}`, oneTime: true, priceCents: 9900 })
  const request = await open(playwright)
  const body = payload(plan.public_id, { payment: 'pm_card_chargeDeclined' })
  const res = await request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: body })
  expect(res.status()).toBe(402)
  expect(await res.json()).toMatchObject({ status: false, error: 'Your card was declined.', errors: { payment: 'Your card was declined.' } })
  expect((await request.get('/api/auth/user')).status()).toBe(401)
  expect(await organisationOf(body.subDomain)).toMatchObject({ active: false })
})
