// POST /api/checkout through the real server and the Stripe emulator (ADR 0035): the new owner is
// signed in on the new organisation only; a resubmit with the same Idempotency-Key answers like the
// first; bad bodies, cross-site posts and other methods are refused without a 500.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { CHECKOUT_ALREADY_DONE, CHECKOUT_MESSAGES, PACKAGE_UNAVAILABLE } from '#app/models/checkout.schema'
import { SUBDOMAIN_FORMAT, SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'
import { seedId } from '#db/seed/ids'
import { browsers, ORIGIN_HEADERS } from './helpers'
import { checkoutBody } from '#tests/factories/checkout'

const open = browsers()
const uid = () => randomBytes(5).toString('hex')

const payload = (over: Record<string, unknown> = {}) => checkoutBody(seedId('client-package:team'), over)

test('a checkout signs the new owner in on the new organisation; the same key again answers the same, once', async ({ playwright }) => {
  const request = await open(playwright)
  const body = payload()
  const key = `api-${uid()}${uid()}`
  const res = await request.post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': key }, data: body })
  expect(res.status(), await res.text()).toBe(200)
  const answer = await res.json()
  expect(answer).toMatchObject({
    status: true,
    statusCode: 200,
    redirectTo: '/dashboard',
    user: { email: body.email, role: 'client', companyDetails: { companyName: body.businessName } },
  })
  const me = await (await request.get('/api/auth/user')).json()
  expect(me.user).toMatchObject({ _id: answer.user._id, client_package_status: 'active' })

  const again = await (await open(playwright)).post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': key }, data: body })
  expect(again.status()).toBe(200)
  expect((await again.json()).user._id).toBe(answer.user._id)
  const orgs = await platformDb.selectFrom('organisations').select('id').where('subdomain', '=', body.subDomain).execute()
  expect(orgs).toHaveLength(1)
  // The key does not sign in anyone else.
  const stranger = await (
    await open(playwright)
  ).post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': key }, data: { ...body, password: 'Guessed-pass-2026' } })
  expect(stranger.status()).toBe(409)
  expect(await stranger.json()).toMatchObject({ status: false, error: CHECKOUT_ALREADY_DONE })
})

test("a declined card answers 402 with the provider's message", async ({ playwright }) => {
  const request = await open(playwright)
  const res = await request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: payload({ payment: 'pm_card_chargeDeclined' }) })
  expect(res.status()).toBe(402)
  expect(await res.json()).toMatchObject({ status: false, error: 'Your card was declined.', errors: { payment: 'Your card was declined.' } })
  expect((await request.get('/api/auth/user')).status()).toBe(401)
})

test('field errors with the spec messages; taken subdomains and plans not on sale', async ({ playwright }) => {
  const request = await open(playwright)
  const empty = await request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: {} })
  expect(empty.status()).toBe(400)
  const { errors } = await empty.json()
  expect(errors).toMatchObject({
    firstName: CHECKOUT_MESSAGES.firstName,
    email: CHECKOUT_MESSAGES.email,
    subDomain: SUBDOMAIN_FORMAT,
    website: CHECKOUT_MESSAGES.website,
    postalCode: CHECKOUT_MESSAGES.postalCode,
  })

  const bad = await request.post('/api/checkout', {
    headers: ORIGIN_HEADERS,
    data: payload({ postalCode: '12AB', website: 'javascript:alert(1)', subDomain: 'ab', country: 'XX', timeZone: 'Mars/Olympus' }),
  })
  expect((await bad.json()).errors).toEqual({
    postalCode: CHECKOUT_MESSAGES.postalCode,
    website: CHECKOUT_MESSAGES.website,
    subDomain: SUBDOMAIN_FORMAT,
    country: CHECKOUT_MESSAGES.country,
    timeZone: CHECKOUT_MESSAGES.timeZone,
  })

  const taken = await request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: payload({ subDomain: 'DEMOWRITING' }) })
  expect(taken.status()).toBe(400)
  expect(await taken.json()).toMatchObject({ error: SUBDOMAIN_TAKEN, errors: { subDomain: SUBDOMAIN_TAKEN } })

  const hidden = await request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: payload({ item: seedId('client-package:agency') }) })
  expect(hidden.status()).toBe(404)
  expect(await hidden.json()).toMatchObject({ error: PACKAGE_UNAVAILABLE })
})

test('malformed and hostile requests: 4xx, never a 500, nothing created', async ({ playwright }) => {
  const request = await open(playwright)
  const hostile = [payload(), payload(), payload()]
  const attempts = [
    request.post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Content-Type': 'application/json' }, data: '{"firstName": ' }),
    request.post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Content-Type': 'application/json' }, data: '[1,2,3]' }),
    request.post('/api/checkout', { headers: { ...ORIGIN_HEADERS, 'Content-Type': 'text/plain' }, data: 'hello' }),
    request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: { ...hostile[0], firstName: { $gt: '' }, payment: ['pm_card_visa'], item: 'x'.repeat(5000) } }),
    request.post('/api/checkout', { headers: ORIGIN_HEADERS, data: { ...hostile[1], payment: 'tok_not_a_pm' } }),
  ]
  for (const res of await Promise.all(attempts)) {
    expect(res.status(), await res.text()).toBe(400)
  }
  const huge = await request.post('/api/checkout', {
    headers: { ...ORIGIN_HEADERS, 'Content-Type': 'application/json' },
    data: JSON.stringify(payload({ address: 'x'.repeat(3_000_000) })),
  })
  expect(huge.status()).toBe(413)
  // A cross-site post (another site's Origin) cannot sign a visitor into an account it made.
  const forged = await request.post('/api/checkout', { headers: { Origin: 'https://evil.example' }, data: hostile[2] })
  expect(forged.status()).toBe(403)
  expect((await request.get('/api/checkout')).status()).toBe(405)
  const made = await platformDb
    .selectFrom('organisations')
    .select('id')
    .where(
      'subdomain',
      'in',
      hostile.map((h) => h.subDomain),
    )
    .execute()
  expect(made).toEqual([])
})
