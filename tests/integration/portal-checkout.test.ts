// The portal checkout (issue 24) against the real database and the Stripe emulator: a cart of two
// products with a coupon and a contract becomes two orders, one paid multiOrders invoice and one direct
// charge on the organisation's account; a declined card leaves nothing; a coupon with one redemption
// left is redeemed once by five racing checkouts; a paid cart answers its orders again.
import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { addToCart, applyCoupon, CART_FULL, findCart, MAX_CART_ITEMS, priceOf } from '#app/models/carts.server'
import type { PortalCustomer } from '#app/models/portal-auth.server'
import { ACCOUNT_EXISTS, ALREADY_PLACED, checkoutCart, IMPERSONATION_CHECKOUT_REFUSED, NOT_TAKING_ORDERS } from '#app/models/portal-checkout.server'
import { COUPON_USED_UP } from '#app/rules/cart-pricing'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createStripeClient } from '#app/services/stripe.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createOrganisation, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { createProductWithWorkflow } from '#tests/factories/orders'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
let stripe: Stripe

beforeAll(() => {
  stripe = createStripeClient('sk_test_portal_checkout', emulator.url)
})

async function shop(opts: { charges?: boolean } = {}) {
  const org = await createOrganisation({})
  const t = tenantForJob(org.id)
  const accountId = await createConnectedAccount({ chargesEnabled: opts.charges ?? true, clientId: org.id })
  const contract = await platformDb
    .insertInto('contracts')
    .values({ public_id: newPublicId(), client_id: org.id, title: 'Service agreement', content: '<p>We write, you review.</p><script>alert(1)</script>' })
    .executeTakeFirstOrThrow()
  const resume = await createProductWithWorkflow(org.id, { name: 'Resume', priceCents: 10_000 })
  const linkedin = await createProductWithWorkflow(org.id, { name: 'LinkedIn', priceCents: 5_000 })
  await platformDb
    .updateTable('products')
    .set({ contract_id: Number(contract.insertId) })
    .where('id', '=', resume.productId)
    .execute()
  return { org, t, accountId, resume, linkedin }
}

async function coupon(clientId: number, opts: { code?: string; max?: number; percent?: number } = {}) {
  const code = opts.code ?? `SAVE${newPublicId().slice(0, 6)}`
  const row = await platformDb
    .insertInto('coupons')
    .values({
      public_id: newPublicId(),
      client_id: clientId,
      coupon_code: code,
      discount_type: 'percent',
      value: opts.percent ?? 10,
      max_redemptions: opts.max ?? 5,
      redeem_by: new Date(Date.now() + 86_400_000),
    })
    .executeTakeFirstOrThrow()
  return { code, id: Number(row.insertId) }
}

const guest = (email = uniqueEmail('buyer')) => ({ firstName: 'Gina', lastName: 'Guest', email, password: TEST_PASSWORD, contractName: 'Gina Guest', payment: 'pm_card_visa' })
const who = (customer: PortalCustomer | null = null) => ({ customer, ip: '203.0.113.7' })

async function cartWith(t: ReturnType<typeof tenantForJob>, ...products: string[]) {
  let id: string | null = null
  for (const p of products) {
    const change = await addToCart(t, id, p)
    if (!change.ok) throw new Error(change.error)
    id = change.cartId
  }
  return id!
}

describe('checkoutCart', () => {
  it('turns a cart into orders, a paid multiOrders invoice, a contract acceptance and one direct charge', async () => {
    const { org, t, accountId, resume, linkedin } = await shop()
    const c = await coupon(org.id)
    const cartId = await cartWith(t, resume.productPublicId, linkedin.productPublicId)
    expect(await applyCoupon(t, cartId, c.code)).toMatchObject({ ok: true })
    const input = guest()
    const result = await checkoutCart(t, input, cartId, who())
    expect(result).toMatchObject({ ok: true, totalCents: 13_500, currency: 'usd' })
    if (!result.ok) return
    expect(result.orders).toHaveLength(2)
    expect(result.signIn).not.toBeNull()

    const orders = await platformDb.selectFrom('orders').selectAll().where('cart_id', '=', cartId).orderBy('id').execute()
    expect(orders.map((o) => [o.package_name, Number(o.price_cents), o.client_id])).toEqual([
      ['Resume', 9_000, org.id],
      ['LinkedIn', 4_500, org.id],
    ])
    const customer = await platformDb.selectFrom('users').selectAll().where('id', '=', orders[0]!.customer_id).executeTakeFirstOrThrow()
    expect(customer).toMatchObject({ email: input.email, client_id: org.id })
    const membership = await platformDb.selectFrom('memberships').select('role').where('user_id', '=', customer.id).executeTakeFirstOrThrow()
    expect(membership.role).toBe('customer')

    const invoice = await platformDb.selectFrom('order_invoices').selectAll().where('public_id', '=', result.invoiceId).executeTakeFirstOrThrow()
    expect(invoice).toMatchObject({ type: 'multiOrders', status: 'paid', price_cents: 13_500, provider_paid_cents: 13_500, provider_account_id: accountId })
    const charge = await stripe.paymentIntents.retrieve(invoice.provider_payment_id!, {}, { stripeAccount: accountId })
    expect(charge).toMatchObject({ amount: 13_500, currency: 'usd', status: 'succeeded' })

    const acceptance = await platformDb.selectFrom('contract_acceptances').selectAll().where('order_id', '=', orders[0]!.id).executeTakeFirstOrThrow()
    expect(acceptance.contract_html).toContain('We write, you review.')
    expect(acceptance.contract_html).not.toContain('<script')
    expect(acceptance.contract_sha256).toBe(createHash('sha256').update(acceptance.contract_html).digest('hex'))
    expect(acceptance).toMatchObject({ signed_name: 'Gina Guest', ip: '203.0.113.7', customer_id: customer.id })
    await expect(platformDb.updateTable('contract_acceptances').set({ signed_name: 'Someone else' }).where('id', '=', acceptance.id).execute()).rejects.toThrow(/immutable/)
    expect(await platformDb.selectFrom('contract_acceptances').select('id').where('order_id', '=', orders[1]!.id).executeTakeFirst()).toBeUndefined()

    const activity = await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', orders[0]!.id).execute()
    expect(activity.map((a) => a.content)).toContain('Order placed by the customer')
    expect((await platformDb.selectFrom('coupons').select('availed_times').where('id', '=', c.id).executeTakeFirstOrThrow()).availed_times).toBe(1)
    expect((await findCart(t, cartId))?.status).toBe('paid')

    // The same guest submitting again (a double click) gets the same orders; anyone else is refused.
    const again = await checkoutCart(t, input, cartId, who())
    expect(again).toMatchObject({ ok: true, orders: result.orders })
    expect(await checkoutCart(t, guest(), cartId, who())).toMatchObject({ ok: false, status: 409, error: ALREADY_PLACED })
    expect(await platformDb.selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(2)
  })

  it('a declined card makes nothing: no order, invoice, account or redemption', async () => {
    const { org, t, accountId, resume } = await shop()
    const c = await coupon(org.id, { max: 1 })
    const cartId = await cartWith(t, resume.productPublicId)
    await applyCoupon(t, cartId, c.code)
    const input = { ...guest(), payment: 'pm_card_chargeDeclined' }
    const result = await checkoutCart(t, input, cartId, who())
    expect(result).toMatchObject({ ok: false, status: 402, field: 'payment', error: 'Your card was declined.' })
    expect(await platformDb.selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([])
    expect(await platformDb.selectFrom('users').select('id').where('email', '=', input.email).execute()).toEqual([])
    expect((await platformDb.selectFrom('coupons').select('availed_times').where('id', '=', c.id).executeTakeFirstOrThrow()).availed_times).toBe(0)
    expect((await findCart(t, cartId))?.status).toBe('open')
    const paid = (await stripe.charges.list({}, { stripeAccount: accountId })).data.filter((ch) => ch.paid)
    expect(paid).toEqual([])
    // The same buyer with another card goes through, with the coupon still theirs to use.
    expect(await checkoutCart(t, { ...input, payment: 'pm_card_visa' }, cartId, who())).toMatchObject({ ok: true, totalCents: 9_000 })
  })

  it('five checkouts racing for the last redemption of a coupon: exactly one gets it', async () => {
    const { org, t, resume } = await shop()
    const c = await coupon(org.id, { max: 1 })
    const carts = await Promise.all(Array.from({ length: 5 }, () => cartWith(t, resume.productPublicId)))
    for (const id of carts) expect(await applyCoupon(t, id, c.code)).toMatchObject({ ok: true })
    const results = await Promise.all(carts.map((id) => checkoutCart(t, guest(), id, who())))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.error === COUPON_USED_UP)).toHaveLength(4)
    expect((await platformDb.selectFrom('coupons').select('availed_times').where('id', '=', c.id).executeTakeFirstOrThrow()).availed_times).toBe(1)
  })

  it('two submits of one cart at once make one order and one charge', async () => {
    const { t, accountId, resume } = await shop()
    const cartId = await cartWith(t, resume.productPublicId)
    const input = guest()
    const [a, b] = await Promise.all([checkoutCart(t, input, cartId, who()), checkoutCart(t, input, cartId, who())])
    expect(a).toMatchObject({ ok: true })
    expect(b).toMatchObject({ ok: true })
    expect(await platformDb.selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(1)
    const paid = (await stripe.charges.list({}, { stripeAccount: accountId })).data.filter((ch) => ch.paid)
    expect(paid).toHaveLength(1)
  })

  it('the price comes from the server; an address with an account must sign in; a contract needs a typed name', async () => {
    const { t, resume } = await shop()
    const cartId = await cartWith(t, resume.productPublicId)
    expect(await checkoutCart(t, { ...guest(), contractName: '' }, cartId, who())).toMatchObject({ ok: false, status: 400, fieldErrors: { contractName: expect.any(String) } })
    const first = guest()
    expect(await checkoutCart(t, first, cartId, who())).toMatchObject({ ok: true, totalCents: 10_000 })
    const second = await cartWith(t, resume.productPublicId)
    expect(await checkoutCart(t, guest(first.email), second, who())).toMatchObject({ ok: false, status: 409, field: 'email', error: ACCOUNT_EXISTS })
  })

  it('a log-in-as session cannot place or pay for orders in the customer’s name', async () => {
    const { t, resume } = await shop()
    const cartId = await cartWith(t, resume.productPublicId)
    const customer = { id: 1, publicId: 'x', clientId: t.clientId, email: 'c@example.test', firstName: 'C', lastName: 'D', impersonatorUserId: 2 }
    expect(await checkoutCart(t, guest(), cartId, who(customer))).toMatchObject({ ok: false, status: 403, error: IMPERSONATION_CHECKOUT_REFUSED })
    expect(await platformDb.selectFrom('orders').select('id').where('cart_id', '=', cartId).execute()).toEqual([])
  })

  it('an organisation whose account cannot take charges takes no orders', async () => {
    const { t, resume } = await shop({ charges: false })
    const cartId = await cartWith(t, resume.productPublicId)
    expect(await checkoutCart(t, guest(), cartId, who())).toMatchObject({ ok: false, status: 409, error: NOT_TAKING_ORDERS })
  })

  it("another organisation's product or cart is not found", async () => {
    const a = await shop()
    const b = await shop()
    expect(await addToCart(a.t, null, b.resume.productPublicId)).toMatchObject({ ok: false, status: 404 })
    const cartOfB = await cartWith(b.t, b.resume.productPublicId)
    expect(await findCart(a.t, cartOfB)).toBeNull()
    expect(await checkoutCart(a.t, guest(), cartOfB, who())).toMatchObject({ ok: false, status: 400 })
    const priced = await priceOf(b.t, (await findCart(b.t, cartOfB))!)
    expect(priced.lines).toHaveLength(1)
  })
})

describe('addToCart', () => {
  it('holds at most MAX_CART_ITEMS products, even when twenty-five adds race', async () => {
    const org = await createOrganisation({})
    const t = tenantForJob(org.id)
    const products = await Promise.all(Array.from({ length: MAX_CART_ITEMS + 5 }, (_, i) => createProductWithWorkflow(org.id, { name: `Product ${i}`, priceCents: 1_000 })))
    const first = await addToCart(t, null, products[0]!.productPublicId)
    expect(first.ok).toBe(true)
    const cartId = first.ok ? first.cartId : null
    const results = await Promise.all(products.slice(1).map((p) => addToCart(t, cartId, p.productPublicId)))
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(5).fill(CART_FULL))
    const cart = (await findCart(t, cartId!))!
    const lines = await platformDb.selectFrom('cart_items').select('product_id').where('cart_id', '=', cart.id).execute()
    expect(lines).toHaveLength(MAX_CART_ITEMS)
    // Adding a product already in the full cart is not an error: it is there once.
    expect((await addToCart(t, cartId, products[0]!.productPublicId)).ok).toBe(true)
  })
})
