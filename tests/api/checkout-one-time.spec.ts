// POST /api/checkout of a one-time plan through the real server and the Stripe emulator (ADR 0046):
// one charge, the owner signed in on an active organisation with no subscription; the same
// Idempotency-Key again answers the same and charges nothing more; a decline is a 402.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { stripeClient } from '#app/services/stripe.server'
import { PROMO_UNAVAILABLE } from '#app/models/checkout.schema'
import { createPlan, createPromotion } from '#tests/factories/subscriptions'
import { freshLoopbackAddress, PORT, rawRequest } from '#tests/security/raw-http'
import { browsers, ORIGIN_HEADERS } from './helpers'
import { checkoutBody } from '#tests/factories/checkout'

const open = browsers()
const uid = () => randomBytes(5).toString('hex')

const payload = checkoutBody

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

test('a promotion limited to one redemption is redeemed once by ten parallel checkouts; the others charge nothing (issue 28)', async () => {
  const plan = await createPlan({ name: `Lifetime ${uid()}`, oneTime: true, priceCents: 10000, maxUsers: 1 })
  const promotion = await createPromotion({ max: 1, duration: 'once' })
  // Each buyer from an address of their own, so the per-address budgets are not what stops them.
  const attempts = Array.from({ length: 10 }, () => payload(plan.public_id, { promo: promotion.coupon_code }))
  const answers = await Promise.all(
    attempts.map((body) =>
      rawRequest({
        method: 'POST',
        path: '/api/checkout',
        localAddress: freshLoopbackAddress(),
        headers: { Host: `localhost:${PORT}`, Origin: `http://localhost:${PORT}`, 'Content-Type': 'application/json', 'Idempotency-Key': `race-${uid()}${uid()}` },
        body: JSON.stringify(body),
      }),
    ),
  )
  const statuses = answers.map((a) => a.status).sort()
  expect(statuses, answers.map((a) => a.body.slice(0, 120)).join('\n')).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400])
  for (const refused of answers.filter((a) => a.status === 400)) expect(JSON.parse(refused.body)).toMatchObject({ status: false, error: PROMO_UNAVAILABLE })
  const after = await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promotion.id).executeTakeFirstOrThrow()
  expect(Number(after.availed_times)).toBe(1)
  // One organisation was opened and charged once, at the discounted price; no other buyer was charged.
  const winner = attempts[answers.findIndex((a) => a.status === 200)]!
  const org = await organisationOf(winner.subDomain)
  expect(org).toMatchObject({ active: true })
  const intents = (await stripeClient().paymentIntents.list({ customer: org.stripe_customer_id! })).data
  expect(intents.map((i) => i.amount)).toEqual([8000])
  const others = await platformDb
    .selectFrom('organisations')
    .select(['stripe_customer_id', 'active'])
    .where(
      'subdomain',
      'in',
      attempts.filter((a) => a !== winner).map((a) => a.subDomain),
    )
    .execute()
  expect(others.filter((o) => o.active || o.stripe_customer_id)).toEqual([])
})
