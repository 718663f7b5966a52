// Attacks on the customer portal's buying half (issue 24) through the real HTTP server, on the
// organisations' own hosts: another organisation's product or cart, a changed price or currency in
// the body, a foreign redirectTo, five checkouts racing for a coupon's last redemption, unknown and
// platform hosts, a cross-site post, a malformed body.
import { expect, test } from '@playwright/test'
import { COUPON_CHANGED, IMPERSONATION_CHECKOUT_REFUSED } from '#app/models/portal-checkout.server'
import { COUPON_USED_UP } from '#app/rules/cart-pricing'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { createProductWithWorkflow } from '#tests/factories/orders'
import { customerLogInAsCookie, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest, type RawResponse } from './raw-http'

async function shop() {
  const world = await tenantWithSubdomain('buy')
  await createConnectedAccount({ clientId: world.org.id })
  const product = await createProductWithWorkflow(world.org.id, { name: 'Resume', priceCents: 10_000 })
  return { ...world, product }
}

const cookieOf = (res: RawResponse, name = '__cart') =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1)

/** A JSON call on a host, from a page of that host, with the cookies given. */
function call(host: string, method: string, path: string, body?: unknown, cookies: (string | undefined)[] = []) {
  return rawRequest({
    method,
    path,
    headers: {
      Host: host,
      Origin: `http://${host}`,
      'Content-Type': 'application/json',
      ...(cookies.filter(Boolean).length ? { Cookie: cookies.filter(Boolean).join('; ') } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function cartWith(host: string, productId: string) {
  const added = await call(host, 'POST', '/api/portal/cart/items', { productId })
  expect(added.status).toBe(200)
  return cookieOf(added)!
}

const buyer = () => ({ firstName: 'Ann', lastName: 'Buyer', email: uniqueEmail('attack'), password: TEST_PASSWORD, payment: 'pm_card_visa' })

test("another organisation's product is not found in the cart, the add-to-cart link or the product page", async () => {
  const [a, b] = await Promise.all([shop(), shop()])
  const added = await call(a.host, 'POST', '/api/portal/cart/items', { productId: b.product.productPublicId })
  expect(added.status).toBe(404)
  expect(cookieOf(added)).toBeUndefined()
  const link = await rawRequest({ path: `/cart?addItem=${b.product.productPublicId}`, headers: { Host: a.host } })
  expect(link.status).toBe(404)
  expect(link.body).not.toContain('Resume')
  expect((await rawRequest({ path: `/shop/${b.product.productPublicId}`, headers: { Host: a.host } })).status).toBe(404)
})

test("a cart cookie of one organisation is an empty cart on another's host, and cannot be paid there", async () => {
  const [a, b] = await Promise.all([shop(), shop()])
  const cartOfA = await cartWith(a.host, a.product.productPublicId)
  const seen = await call(b.host, 'GET', '/api/portal/cart', undefined, [cartOfA])
  expect(JSON.parse(seen.body).cart).toMatchObject({ items: [], total: 0 })
  const paid = await call(b.host, 'POST', '/api/portal/checkout', buyer(), [cartOfA])
  expect(paid.status).toBe(400)
  expect(await platformDb.selectFrom('orders').select('id').where('client_id', 'in', [a.org.id, b.org.id]).execute()).toEqual([])
})

test('the price, currency and discount come from the server, whatever the body says', async () => {
  const a = await shop()
  const cart = await cartWith(a.host, a.product.productPublicId)
  const res = await call(
    a.host,
    'POST',
    '/api/portal/checkout',
    { ...buyer(), price: 1, amount: 1, total: 0.5, currency: 'jpy', discount: 100, items: [{ productId: a.product.productPublicId, price: 1 }] },
    [cart],
  )
  expect(res.status).toBe(200)
  const body = JSON.parse(res.body)
  expect(body).toMatchObject({ status: true, total: 100, currency: 'usd' })
  const order = await platformDb.selectFrom('orders').select(['price_cents', 'currency']).where('public_id', '=', body.orders[0]._id).executeTakeFirstOrThrow()
  expect(order).toEqual({ price_cents: 10_000, currency: 'usd' })
})

test('redirectTo to a foreign host is ignored; to the organisation’s own host it is followed', async () => {
  const a = await shop()
  for (const target of ['https://evil.example/x', '//evil.example/x', `http://evil.localhost:${PORT}/`, 'javascript:alert(1)', `http://user@${a.host}/`]) {
    const res = await rawRequest({ path: `/cart?addItem=${a.product.productPublicId}&redirectTo=${encodeURIComponent(target)}`, headers: { Host: a.host } })
    expect(res.status, target).toBe(302)
    expect(res.headers.location, target).toBe('/cart')
  }
  const own = await rawRequest({ path: `/cart?addItem=${a.product.productPublicId}&redirectTo=${encodeURIComponent(`http://${a.host}/checkout`)}`, headers: { Host: a.host } })
  expect(own.headers.location).toBe(`http://${a.host}/checkout`)
  // The organisation's own cart setting pointing elsewhere is ignored too.
  await platformDb.insertInto('cart_settings').values({ client_id: a.org.id, redirect_to: 'https://evil.example/' }).execute()
  const setting = await rawRequest({ path: `/cart?addItem=${a.product.productPublicId}`, headers: { Host: a.host } })
  expect(setting.headers.location).toBe('/cart')
})

test('five checkouts racing for a coupon with one redemption left: one pays with it, four are refused', async () => {
  const a = await shop()
  const code = `ONCE${newPublicId().slice(0, 5)}`
  await platformDb
    .insertInto('coupons')
    .values({
      public_id: newPublicId(),
      client_id: a.org.id,
      coupon_code: code,
      discount_type: 'percent',
      value: 50,
      max_redemptions: 1,
      redeem_by: new Date(Date.now() + 86_400_000),
    })
    .execute()
  const carts = await Promise.all(Array.from({ length: 5 }, () => cartWith(a.host, a.product.productPublicId)))
  for (const cart of carts) expect((await call(a.host, 'POST', '/api/portal/cart/coupon', { code }, [cart])).status).toBe(200)
  const results = await Promise.all(carts.map((cart) => call(a.host, 'POST', '/api/portal/checkout', buyer(), [cart])))
  expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400])
  // A checkout that prices its cart after the winner committed is told its coupon changed; one that races the
  // winner to the redemption is told the limit is reached. Either way it is refused, and nothing is charged.
  for (const refused of results.filter((r) => r.status === 400)) expect([COUPON_USED_UP, COUPON_CHANGED]).toContain(JSON.parse(refused.body).error)
  const row = await platformDb.selectFrom('coupons').select('availed_times').where('coupon_code', '=', code).where('client_id', '=', a.org.id).executeTakeFirstOrThrow()
  expect(row.availed_times).toBe(1)
  expect(await platformDb.selectFrom('orders').select('id').where('client_id', '=', a.org.id).execute()).toHaveLength(1)
})

test('the portal calls answer 404 on unknown hosts and on the platform host', async () => {
  for (const path of ['/api/portal/products', '/api/portal/cart', '/cart', '/shop/x']) {
    expect((await rawRequest({ path, headers: { Host: 'evil.example' } })).status, path).toBe(404)
    expect((await rawRequest({ path, headers: { Host: `localhost:${PORT}` } })).status, path).toBe(404)
  }
})

test('a cross-site post, a post without proof of origin and a malformed body change nothing', async () => {
  const a = await shop()
  const cart = await cartWith(a.host, a.product.productPublicId)
  for (const origin of [{ Origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
    const res = await rawRequest({
      method: 'POST',
      path: '/api/portal/checkout',
      headers: { Host: a.host, 'Content-Type': 'application/json', Cookie: cart, ...origin },
      body: JSON.stringify(buyer()),
    })
    expect(res.status).toBe(403)
  }
  const malformed = await rawRequest({
    method: 'POST',
    path: '/api/portal/checkout',
    headers: { Host: a.host, Origin: `http://${a.host}`, 'Content-Type': 'application/json', Cookie: cart },
    body: '{"payment": ',
  })
  expect(malformed.status).toBe(400)
  const wrongCard = await call(a.host, 'POST', '/api/portal/checkout', { ...buyer(), payment: 'tok_<script>' }, [cart])
  expect(wrongCard.status).toBe(400)
  expect(JSON.parse(wrongCard.body).errors.payment).toBe('Please choose a card')
  expect(await platformDb.selectFrom('orders').select('id').where('client_id', '=', a.org.id).execute()).toEqual([])
})

test('a signed agreement is shown to the customer who signed it, and to no other customer or host', async () => {
  const a = await shop()
  const contract = await platformDb
    .insertInto('contracts')
    .values({ public_id: newPublicId(), client_id: a.org.id, title: 'Terms', content: '<p>Terms.</p>' })
    .executeTakeFirstOrThrow()
  await platformDb
    .updateTable('products')
    .set({ contract_id: Number(contract.insertId) })
    .where('id', '=', a.product.productId)
    .execute()
  const buy = async () => {
    const cart = await cartWith(a.host, a.product.productPublicId)
    const res = await call(a.host, 'POST', '/api/portal/checkout', { ...buyer(), contractName: 'Ann Buyer' }, [cart])
    expect(res.status).toBe(200)
    return { order: JSON.parse(res.body).orders[0]._id as string, session: cookieOf(res, '__session')! }
  }
  const [first, second] = [await buy(), await buy()]
  const view = (order: string, session: string, host = a.host) => rawRequest({ path: `/agreements/${order}`, headers: { Host: host, Cookie: session } })
  expect((await view(first.order, first.session)).status).toBe(200)
  const other = await view(first.order, second.session)
  expect(other.status).toBe(404)
  expect(other.body).not.toContain('Ann Buyer')
  // The customer's own session on another organisation's host is nobody's there: the sign-in page.
  const b = await shop()
  expect((await view(first.order, first.session, b.host)).status).toBe(302)
})

test('a log-in-as session may fill the cart but not pay: the checkout is refused and nothing is charged or ordered', async () => {
  const a = await shop()
  const customer = await createUser({ firstName: 'Cleo', lastName: 'Customer', memberships: [{ clientId: a.org.id, role: 'customer' }] })
  const session = await customerLogInAsCookie(a, customer.publicId)
  const cart = await cartWith(a.host, a.product.productPublicId)
  const paid = await call(a.host, 'POST', '/api/portal/checkout', { payment: 'pm_card_visa' }, [session, cart])
  expect(paid.status, paid.body).toBe(403)
  expect(JSON.parse(paid.body).error).toBe(IMPERSONATION_CHECKOUT_REFUSED)
  const orders = await platformDb.selectFrom('orders').select('id').where('client_id', '=', a.org.id).execute()
  expect(orders).toEqual([])
})
