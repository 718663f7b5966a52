// The shopper's cart on an organisation's host (issue 24, ADR 0058): products of this organisation
// that are for sale, a customer coupon checked by the cart rules, prices always from the server.
import { type CartLine, couponRefusal, priceCart } from '#app/rules/cart-pricing'
import { centsToAmount, DEFAULT_CURRENCY } from '#app/rules/money'
import { platformDb } from '#app/services/db.server'
import { newPublicId } from '#app/services/crypto.server'
import type { CartRow } from '#db/tables/portal'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'

export const MAX_CART_ITEMS = 20
export const PRODUCT_NOT_FOR_SALE = 'This product is not available'
export const CART_FULL = `A cart holds at most ${MAX_CART_ITEMS} products`
export const CART_EMPTY = 'Your cart is empty'

/** A product the shop sells: active, not archived and purchasable (the back office's "visible in the portal"). */
export function forSale(t: TenantScope) {
  return scoped(t, 'products').where('active', '=', true).where('archived', '=', false).where('purchasable', '=', true)
}

export type CartItemJson = { productId: string; name: string; price: number }
export type CartCouponJson = { code: string; discountType: 'percent' | 'flat'; value: number; appliesTo: string | null }
export type CartJson = {
  _id: string | null
  items: CartItemJson[]
  subtotal: number
  discount: number
  total: number
  currency: string
  coupon: CartCouponJson | null
}

/** Everything the checkout needs of a cart: its row, lines in cart order, the coupon and the prices. */
export type PricedCart = {
  row: CartRow
  lines: { productId: number; publicId: string; name: string; priceCents: number; contractId: number | null }[]
  coupon: { id: number; code: string; discountType: 'percent' | 'flat'; value: number; productPublicId: string | null; productName: string | null } | null
  /** Why the stored coupon no longer applies (expired, used up, product removed); it is then left out of the price. */
  couponProblem: string | null
  price: ReturnType<typeof priceCart>
  currency: string
}

export async function organisationCurrency(clientId: number): Promise<string> {
  const org = await platformDb.selectFrom('organisations').select('currency_type').where('id', '=', clientId).executeTakeFirst()
  return org?.currency_type || DEFAULT_CURRENCY
}

export async function findCart(t: TenantScope, publicId: string | null): Promise<CartRow | null> {
  if (!publicId) return null
  return (await scoped(t, 'carts').selectAll().where('public_id', '=', publicId).executeTakeFirst()) ?? null
}

/** The cart's lines (products still for sale only), its coupon and what it costs now. */
export async function priceOf(t: TenantScope, row: CartRow): Promise<PricedCart> {
  const [lines, currency] = await Promise.all([
    scopedAs(t, 'cart_items', 'ci')
      .innerJoin('products as p', (j) => scopedJoin(t, 'p', j.onRef('p.id', '=', 'ci.product_id')))
      .select(['p.id', 'p.public_id', 'p.name', 'p.price_cents', 'p.contract_id'])
      .where('ci.cart_id', '=', row.id)
      .where('p.active', '=', true)
      .where('p.archived', '=', false)
      .where('p.purchasable', '=', true)
      .orderBy('ci.position')
      .execute(),
    organisationCurrency(t.clientId),
  ])
  const cartLines = lines.map((l) => ({ productId: l.id, publicId: l.public_id, name: l.name, priceCents: Number(l.price_cents), contractId: l.contract_id }))
  let coupon: PricedCart['coupon'] = null
  let couponProblem: string | null = null
  if (row.coupon_id !== null) {
    const c = await scopedAs(t, 'coupons', 'c')
      .leftJoin('products as p', (j) => scopedJoin(t, 'p', j.onRef('p.id', '=', 'c.product_id')))
      .select([
        'c.id',
        'c.coupon_code',
        'c.discount_type',
        'c.value',
        'c.max_redemptions',
        'c.availed_times',
        'c.redeem_by',
        'p.public_id as product_public_id',
        'p.name as product_name',
      ])
      .where('c.id', '=', row.coupon_id)
      .executeTakeFirst()
    if (c) {
      coupon = {
        id: c.id,
        code: c.coupon_code,
        discountType: c.discount_type,
        value: Number(c.value),
        productPublicId: c.product_public_id ?? null,
        productName: c.product_name ?? null,
      }
      // A redemption this cart already holds is its own: only the date and the products can fail it then.
      const availed = row.coupon_reserved ? Number(c.availed_times) - 1 : Number(c.availed_times)
      couponProblem = couponRefusal(
        { redeemBy: new Date(c.redeem_by), maxRedemptions: Number(c.max_redemptions), availedTimes: availed, productId: c.product_public_id ?? null },
        cartLines.map((l) => l.publicId),
      )
    }
  }
  const priced: CartLine[] = cartLines.map((l) => ({ productId: l.publicId, priceCents: l.priceCents }))
  const applied = coupon && !couponProblem ? { discountType: coupon.discountType, value: coupon.value, productId: coupon.productPublicId } : null
  return { row, lines: cartLines, coupon, couponProblem, price: priceCart(priced, applied), currency }
}

export function toCartJson(cart: PricedCart | null, currency: string): CartJson {
  if (!cart) return { _id: null, items: [], subtotal: 0, discount: 0, total: 0, currency, coupon: null }
  const applied = cart.coupon && !cart.couponProblem ? cart.coupon : null
  return {
    _id: cart.row.public_id,
    items: cart.lines.map((l) => ({ productId: l.publicId, name: l.name, price: centsToAmount(l.priceCents) })),
    subtotal: centsToAmount(cart.price.subtotalCents),
    discount: centsToAmount(cart.price.discountCents),
    total: centsToAmount(cart.price.totalCents),
    currency: cart.currency,
    coupon: applied ? { code: applied.code, discountType: applied.discountType, value: applied.value, appliesTo: applied.productName } : null,
  }
}

/** The shopper's open cart from their cookie; a paid or foreign cart id reads as none. */
export async function openCart(t: TenantScope, publicId: string | null): Promise<CartRow | null> {
  const row = await findCart(t, publicId)
  return row && row.status === 'open' ? row : null
}

async function newCart(t: TenantScope): Promise<CartRow> {
  const publicId = newPublicId()
  await scopedInsert(t, 'carts', { public_id: publicId }).execute()
  return (await findCart(t, publicId))!
}

export type CartChange = { ok: true; cartId: string } | { ok: false; status: 400 | 404 | 409; error: string; field?: string }

/**
 * Adds a product of this organisation (another organisation's id is simply not found) to the open
 * cart, starting one when there is none; adding it twice keeps one line (these are services, bought once).
 */
export async function addToCart(t: TenantScope, cartPublicId: string | null, productPublicId: string): Promise<CartChange> {
  const product = await forSale(t).select('id').where('public_id', '=', productPublicId).executeTakeFirst()
  if (!product) return { ok: false, status: 404, error: PRODUCT_NOT_FOR_SALE, field: 'productId' }
  const cart = (await openCart(t, cartPublicId)) ?? (await newCart(t))
  // Touching the cart first locks its row while its lines are counted, so parallel adds cannot pass the cap together.
  const full = await tenantTransaction(t, async (tx) => {
    await touch(tx, cart.id)
    const lines = await scoped(tx, 'cart_items')
      .select('product_id')
      .where('cart_id', '=', cart.id)
      .limit(MAX_CART_ITEMS + 1)
      .execute()
    if (lines.some((l) => l.product_id === product.id)) return false
    if (lines.length >= MAX_CART_ITEMS) return true
    await scopedInsert(tx, 'cart_items', { cart_id: cart.id, product_id: product.id, position: lines.length }).execute()
    return false
  })
  if (full) return { ok: false, status: 400, error: CART_FULL, field: 'productId' }
  return { ok: true, cartId: cart.public_id }
}

/** A cart of exactly one product: the "Checkout Link" (`/checkout?item=`) buys that product alone. */
export async function singleItemCart(t: TenantScope, productPublicId: string): Promise<CartChange> {
  return addToCart(t, null, productPublicId)
}

export async function removeFromCart(t: TenantScope, cartPublicId: string | null, productPublicId: string): Promise<CartChange> {
  const cart = await openCart(t, cartPublicId)
  if (!cart) return { ok: false, status: 404, error: CART_EMPTY }
  const product = await scoped(t, 'products').select('id').where('public_id', '=', productPublicId).executeTakeFirst()
  if (product) await scopedDelete(t, 'cart_items').where('cart_id', '=', cart.id).where('product_id', '=', product.id).execute()
  await touch(t, cart.id)
  return { ok: true, cartId: cart.public_id }
}

/** Puts a customer coupon on the cart when the cart rules allow it now; the redemption itself is reserved at payment. */
export async function applyCoupon(t: TenantScope, cartPublicId: string | null, code: string): Promise<CartChange> {
  const cart = await openCart(t, cartPublicId)
  if (!cart) return { ok: false, status: 400, error: CART_EMPTY, field: 'code' }
  const trimmed = code.trim()
  const coupon = trimmed
    ? await scopedAs(t, 'coupons', 'c')
        .leftJoin('products as p', (j) => scopedJoin(t, 'p', j.onRef('p.id', '=', 'c.product_id')))
        .select(['c.id', 'c.max_redemptions', 'c.availed_times', 'c.redeem_by', 'p.public_id as product_public_id'])
        .where('c.coupon_code', '=', trimmed)
        .executeTakeFirst()
    : undefined
  const priced = await priceOf(t, cart)
  if (priced.lines.length === 0) return { ok: false, status: 400, error: CART_EMPTY, field: 'code' }
  const refusal = couponRefusal(
    coupon
      ? {
          redeemBy: new Date(coupon.redeem_by),
          maxRedemptions: Number(coupon.max_redemptions),
          availedTimes: Number(coupon.availed_times),
          productId: coupon.product_public_id ?? null,
        }
      : null,
    priced.lines.map((l) => l.publicId),
  )
  if (refusal || !coupon) return { ok: false, status: 400, error: refusal!, field: 'code' }
  await scopedUpdate(t, 'carts')
    .set({ coupon_id: coupon.id, updated_at: new Date() })
    .where('id', '=', cart.id)
    .where('status', '=', 'open')
    .where('coupon_reserved', '=', false)
    .execute()
  return { ok: true, cartId: cart.public_id }
}

export async function removeCoupon(t: TenantScope, cartPublicId: string | null): Promise<CartChange> {
  const cart = await openCart(t, cartPublicId)
  if (!cart) return { ok: false, status: 404, error: CART_EMPTY }
  await scopedUpdate(t, 'carts').set({ coupon_id: null, updated_at: new Date() }).where('id', '=', cart.id).where('coupon_reserved', '=', false).execute()
  return { ok: true, cartId: cart.public_id }
}

async function touch(t: TenantScope, cartId: number) {
  await scopedUpdate(t, 'carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute()
}

/** How many products the header's cart shows. */
export async function cartCount(t: TenantScope, cartPublicId: string | null): Promise<number> {
  if (!cartPublicId) return 0
  const row = await scopedAs(t, 'cart_items', 'ci')
    .innerJoin('carts as c', (j) => scopedJoin(t, 'c', j.onRef('c.id', '=', 'ci.cart_id')))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.public_id', '=', cartPublicId)
    .where('c.status', '=', 'open')
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
