// POST /api/webhooks/stripe through the real server (ADR 0031): only a body signed with the webhook
// secret is taken. Unsigned, forged, oversized and wrong-method calls are refused, and a signed-in
// browser gets nothing from its cookie: the same-origin exemption of this one path admits no session.
import { expect, test } from '@playwright/test'
import Stripe from 'stripe'
import { platformDb } from '#app/services/db.server'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, signIn } from './helpers'
import { rawRequest, streamUntilAnswered } from './raw-http'

const PATH = '/api/webhooks/stripe'
const signer = new Stripe('sk_test_signer').webhooks

function event(type = 'customer.subscription.deleted') {
  const id = `evt_http_${Math.random().toString(36).slice(2)}`
  return { id, body: JSON.stringify({ id, object: 'event', type, data: { object: { id: 'sub_http', object: 'subscription', customer: 'cus_http' } } }) }
}

async function recorded(id: string) {
  return !!(await platformDb.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst())
}

test('an unsigned or wrongly signed body is a 400 with a JSON error, and nothing is recorded', async () => {
  const { id, body } = event()
  const unsigned = await rawRequest({ method: 'POST', path: PATH, headers: { 'Content-Type': 'application/json' }, body })
  expect(unsigned.status).toBe(400)
  expect(JSON.parse(unsigned.body)).toMatchObject({ status: false, statusCode: 400 })
  const forged = await rawRequest({
    method: 'POST',
    path: PATH,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signer.generateTestHeaderString({ payload: body, secret: 'whsec_not_ours' }) },
    body,
  })
  expect(forged.status).toBe(400)
  expect(JSON.parse(forged.body)).toMatchObject({ status: false, statusCode: 400, error: 'Webhook signature verification failed' })
  const garbage = await rawRequest({ method: 'POST', path: PATH, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 'nonsense' }, body: '{not json' })
  expect(garbage.status).toBe(400)
  expect(await recorded(id)).toBe(false)
})

test('other methods are a 405', async () => {
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    // Node sends a GET or DELETE body without framing, so those go without one.
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}'
    const res = await rawRequest({ method, path: PATH, headers: { 'Content-Type': 'application/json' }, body })
    expect(res.status, `${method} ${res.body}`).toBe(405)
  }
})

test('a body over the 512 kB cap is refused while it streams (413), declared or chunked', async () => {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  // Socket buffers hold several MB in flight, so the proof is an answer long before the body ends.
  const attack = 200 * 1024 * 1024
  const declared = await streamUntilAnswered({
    path: PATH,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x', 'Content-Length': String(attack) },
    chunk,
    maxBytes: attack,
  })
  expect(declared.status).toBe(413)
  expect(declared.bytesSent).toBeLessThan(attack / 2)
  const chunked = await streamUntilAnswered({
    path: PATH,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x', 'Transfer-Encoding': 'chunked' },
    chunk,
    maxBytes: attack,
  })
  expect(chunked.status).toBe(413)
  expect(JSON.parse(chunked.body)).toMatchObject({ status: false, statusCode: 413 })
  expect(chunked.bytesSent).toBeLessThan(attack / 2)
})

test("the webhook's own cap is 512 kB, below the API's 1 MB: 600 kB is refused, 400 kB reaches the signature check", async () => {
  const sized = (bytes: number) => JSON.stringify({ pad: 'a'.repeat(bytes - 12) })
  const over = await rawRequest({ method: 'POST', path: PATH, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' }, body: sized(600 * 1024) })
  expect(over.status).toBe(413)
  const under = await rawRequest({ method: 'POST', path: PATH, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' }, body: sized(400 * 1024) })
  expect(under.status).toBe(400)
})

test('a signed-in browser cannot post an event with its session cookie, from our origin or another', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  for (const origin of [BASE_URL, 'https://evil.example']) {
    const { id, body } = event()
    const res = await rawRequest({ method: 'POST', path: PATH, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body })
    // Not the same-origin guard's 403: the route itself refuses, since only a signature counts here.
    expect(res.status, origin).toBe(400)
    expect(await recorded(id)).toBe(false)
  }
})

test('the exemption is this path alone: a cross-origin cookie write elsewhere is still a 403', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  for (const path of ['/api/webhooks/stripe2', '/api/webhooks', '/api/customers/create']) {
    const res = await rawRequest({ method: 'POST', path, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'https://evil.example' }, body: '{}' })
    expect(res.status, path).toBe(403)
  }
})

test('a body signed with the configured secret is taken once; a stale one is a 400', async () => {
  const secret = process.env.STRIPE_WEBHOOK_SECRET
  test.skip(!secret, 'the server was started without STRIPE_WEBHOOK_SECRET')
  const { id, body } = event('customer.created')
  const send = () =>
    rawRequest({
      method: 'POST',
      path: PATH,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signer.generateTestHeaderString({ payload: body, secret: secret! }) },
      body,
    })
  const first = await send()
  expect(first.status, first.body).toBe(200)
  expect(JSON.parse(first.body)).toMatchObject({ status: true, outcome: 'ignored' })
  const again = await send()
  expect(JSON.parse(again.body)).toMatchObject({ status: true, outcome: 'duplicate' })
  expect(await recorded(id)).toBe(true)
  const stale = await rawRequest({
    method: 'POST',
    path: PATH,
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.generateTestHeaderString({ payload: body, secret: secret!, timestamp: Math.floor(Date.now() / 1000) - 600 }),
    },
    body,
  })
  expect(stale.status).toBe(400)
})
