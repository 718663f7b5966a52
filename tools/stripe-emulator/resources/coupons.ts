// /v1/coupons and /v1/promotion_codes, and turning either into a subscription's discount.
import { addMonths } from '../clock'
import type { Emulator } from '../emulator'
import { invalidRequest, missingParam, resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { expandPaths, mergeMetadata, oneOf, optBool, optInt, optNumber, optObject, optString } from '../params'
import { couponIsValid, expand, renderCoupon, renderPromotionCode } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'
import type { CouponRecord, DiscountRecord, PromotionCodeRecord } from '../state'

function findCoupon(em: Emulator, id: string, param?: string): CouponRecord {
  const coupon = em.store.coupons.get(id)
  if (!coupon) throw resourceMissing('coupon', id, param)
  return coupon
}

function createCoupon({ em, params }: HandlerContext) {
  const now = em.clocks.globalNow()
  const percentOff = optNumber(params, 'percent_off') ?? null
  const amountOff = optInt(params, 'amount_off') ?? null
  if ((percentOff === null) === (amountOff === null))
    throw invalidRequest('You must pass exactly one of percent_off or amount_off.', percentOff === null ? 'percent_off' : 'amount_off')
  if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) throw invalidRequest('Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off')
  if (amountOff !== null && amountOff <= 0) throw invalidRequest('Invalid amount_off: must be greater than 0.', 'amount_off')
  const currency = optString(params, 'currency')?.toLowerCase() ?? null
  if (amountOff !== null && !currency) throw invalidRequest('You must pass currency when passing amount_off.', 'currency')
  const duration = oneOf(params, 'duration', ['once', 'forever', 'repeating'] as const) ?? 'once'
  const months = optInt(params, 'duration_in_months') ?? null
  if (duration === 'repeating' && (months === null || months < 1)) throw invalidRequest('You must pass duration_in_months when duration is repeating.', 'duration_in_months')
  if (duration !== 'repeating' && months !== null) throw invalidRequest('duration_in_months can only be passed when duration is repeating.', 'duration_in_months')
  const redeemBy = optInt(params, 'redeem_by') ?? null
  if (redeemBy !== null && redeemBy <= now) throw invalidRequest('Invalid redeem_by: must be in the future.', 'redeem_by')
  const maxRedemptions = optInt(params, 'max_redemptions') ?? null
  if (maxRedemptions !== null && maxRedemptions < 1) throw invalidRequest('Invalid max_redemptions: must be at least 1.', 'max_redemptions')
  const id = optString(params, 'id') || randomToken(8)
  if (em.store.coupons.has(id)) throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists')
  const coupon: CouponRecord = {
    id,
    created: now,
    name: optString(params, 'name') ?? null,
    percent_off: percentOff,
    amount_off: amountOff,
    currency,
    duration,
    duration_in_months: months,
    max_redemptions: maxRedemptions,
    redeem_by: redeemBy,
    times_redeemed: 0,
    metadata: mergeMetadata({}, params),
  }
  em.store.coupons.set(id, coupon)
  em.emit('coupon.created', renderCoupon(coupon, now), now)
  return renderCoupon(coupon, now)
}

function deleteCoupon({ em, path }: HandlerContext) {
  const coupon = findCoupon(em, path.id!)
  const now = em.clocks.globalNow()
  // Discounts already applied keep working, as on Stripe; only new redemptions become impossible.
  em.store.coupons.delete(coupon.id)
  em.emit('coupon.deleted', renderCoupon(coupon, now), now)
  return { id: coupon.id, object: 'coupon', deleted: true }
}

function createPromotionCode({ em, params }: HandlerContext) {
  const promotion = optObject(params, 'promotion')
  const couponId = promotion ? optString(promotion, 'coupon', 'promotion[coupon]') : undefined
  if (!couponId) throw missingParam('promotion[coupon]')
  const coupon = findCoupon(em, couponId, 'promotion[coupon]')
  const code = optString(params, 'code') || randomToken(8).toUpperCase()
  const clash = [...em.store.promotionCodes.values()].some((p) => p.active && p.code.toLowerCase() === code.toLowerCase())
  if (clash) throw invalidRequest('An active promotion code with `code: ' + code + '` already exists.', 'code', 'resource_already_exists')
  const now = em.clocks.globalNow()
  const promo: PromotionCodeRecord = {
    id: newId('promo'),
    created: now,
    code,
    coupon: coupon.id,
    active: optBool(params, 'active') ?? true,
    customer: optString(params, 'customer') ?? null,
    expires_at: optInt(params, 'expires_at') ?? null,
    max_redemptions: optInt(params, 'max_redemptions') ?? null,
    times_redeemed: 0,
    metadata: mergeMetadata({}, params),
  }
  em.store.promotionCodes.set(promo.id, promo)
  em.emit('promotion_code.created', renderPromotionCode(em, promo), now)
  return renderPromotionCode(em, promo)
}

function findPromotionCode(em: Emulator, id: string, param?: string): PromotionCodeRecord {
  const promo = em.store.promotionCodes.get(id)
  if (!promo) throw resourceMissing('promotion code', id, param)
  return promo
}

function updatePromotionCode({ em, params, path }: HandlerContext) {
  const promo = findPromotionCode(em, path.id!)
  const active = optBool(params, 'active')
  if (active !== undefined) promo.active = active
  promo.metadata = mergeMetadata(promo.metadata, params)
  em.emit('promotion_code.updated', renderPromotionCode(em, promo), em.clocks.globalNow())
  return renderPromotionCode(em, promo)
}

function listPromotionCodes({ em, params }: HandlerContext) {
  const code = optString(params, 'code')
  const coupon = optString(params, 'coupon')
  const active = optBool(params, 'active')
  const matching = newestFirst(em.store.promotionCodes.values()).filter(
    (p) => (code === undefined || p.code.toLowerCase() === code.toLowerCase()) && (coupon === undefined || p.coupon === coupon) && (active === undefined || p.active === active),
  )
  return expand(
    em,
    paginate('/v1/promotion_codes', matching, params, (p) => renderPromotionCode(em, p)),
    expandPaths(params),
  )
}

/** Checks a coupon or promotion code and applies it to a subscription as a discount (redeeming it once). */
export function redeemDiscount(
  em: Emulator,
  input: { coupon?: string; promotion_code?: string; customer: string; subscription: string; now: number; param: string },
): DiscountRecord {
  let promo: PromotionCodeRecord | undefined
  let couponId = input.coupon
  if (input.promotion_code) {
    promo = findPromotionCode(em, input.promotion_code, `${input.param}[promotion_code]`)
    const expired = promo.expires_at !== null && input.now > promo.expires_at
    const exhausted = promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions
    if (!promo.active || expired || exhausted)
      throw invalidRequest(`This promotion code cannot be redeemed because the associated coupon is no longer valid.`, `${input.param}[promotion_code]`)
    if (promo.customer && promo.customer !== input.customer) throw invalidRequest('This promotion code cannot be redeemed by this customer.', `${input.param}[promotion_code]`)
    couponId = promo.coupon
  }
  if (!couponId) throw missingParam(`${input.param}[coupon]`)
  const coupon = findCoupon(em, couponId, `${input.param}[coupon]`)
  if (!couponIsValid(coupon, input.now)) throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, `${input.param}[coupon]`, 'coupon_expired')
  coupon.times_redeemed++
  if (promo) promo.times_redeemed++
  const discount: DiscountRecord = {
    id: newId('di'),
    coupon: coupon.id,
    promotion_code: promo?.id ?? null,
    customer: input.customer,
    subscription: input.subscription,
    start: input.now,
    end: coupon.duration === 'repeating' ? addMonths(input.now, coupon.duration_in_months!) : null,
    _spent: false,
  }
  em.store.discounts.set(discount.id, discount)
  return discount
}

export const couponRoutes = [
  route('POST', '/v1/coupons', createCoupon),
  route('GET', '/v1/coupons', ({ em, params }) => paginate('/v1/coupons', newestFirst(em.store.coupons.values()), params, (c) => renderCoupon(c, em.clocks.globalNow()))),
  route('GET', '/v1/coupons/:id', ({ em, path }) => renderCoupon(findCoupon(em, path.id!), em.clocks.globalNow())),
  route('DELETE', '/v1/coupons/:id', deleteCoupon),
  route('POST', '/v1/promotion_codes', createPromotionCode),
  route('GET', '/v1/promotion_codes', listPromotionCodes),
  route('GET', '/v1/promotion_codes/:id', ({ em, params, path }) => expand(em, renderPromotionCode(em, findPromotionCode(em, path.id!)), expandPaths(params))),
  route('POST', '/v1/promotion_codes/:id', updatePromotionCode),
]
