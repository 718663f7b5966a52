// Platform promotions (codes off subscription plans): list, create (a Stripe coupon plus a promotion
// code with the same customer-facing code) and delete by code. Platform staff only.
import { sql } from 'kysely'
import type { AuthUser } from './account.server'
import { PROMO_UNAVAILABLE } from './checkout.schema'
import { audited } from './audit.server'
import { isDuplicateKey } from './people.server'
import { CODE_TAKEN, type PromotionInput, PROMOTION_FAILED, PROMOTION_NOT_FOUND, redeemByEnd } from './promotions.schema'
import { DEFAULT_CURRENCY } from '#app/rules/money'
import { isPlaceholderProviderId } from '#app/rules/provider-ids'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { newPublicId, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { consume, refund, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import type { PaymentsService } from '#app/services/stripe.server'
import type { Promotion } from '#db/tables/platform'
import { inTransaction } from '#db/transaction'
import { withTotal } from './list-total.server'

export type PromotionJson = {
  _id: string
  couponCode: string
  discount_type: 'percent' | 'flat'
  value: number
  max_redemptions: number
  availed_times: number
  duration: 'once' | 'forever' | 'repeating'
  duration_in_months: number | null
  redeem_by: string
  createdAt: string
}

export function toPromotionJson(row: Promotion): PromotionJson {
  return {
    _id: row.public_id,
    couponCode: row.coupon_code,
    discount_type: row.discount_type,
    value: Number(row.value),
    max_redemptions: Number(row.max_redemptions),
    availed_times: Number(row.availed_times),
    duration: row.duration,
    duration_in_months: row.duration_in_months === null ? null : Number(row.duration_in_months),
    redeem_by: new Date(row.redeem_by).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export async function listPromotions(): Promise<Promotion[]> {
  return platformDb.selectFrom('promotions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

/** One page of /promotions/view, searched by code; newest first. */
export async function pagePromotions(page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: Promotion[]; count: number }> {
  let query = platformDb.selectFrom('promotions')
  if (page.search) query = query.where('coupon_code', 'like', likePattern(page.search))
  return withTotal(
    { offset: page.start, size: page.size },
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.start).execute(),
    () => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  )
}

/** Codes compare case-insensitively (the column's collation), as the provider's promotion codes do. */
export async function findPromotionByCode(code: string): Promise<Promotion | undefined> {
  if (!code || code.length > 64) return undefined
  return platformDb.selectFrom('promotions').selectAll().where('coupon_code', '=', code).executeTakeFirst()
}

/** A promotion as the checkout names it: the spec's 'fixed' for what promotions store as 'flat' (ADR 0034). */
export type CheckoutPromoJson = {
  couponCode: string
  discount_type: 'percent' | 'fixed'
  value: number
  duration: PromotionJson['duration']
  duration_in_months: number | null
}

export function toCheckoutPromoJson(row: Promotion): CheckoutPromoJson {
  const { couponCode, discount_type, value, duration, duration_in_months } = toPromotionJson(row)
  return { couponCode, discount_type: discount_type === 'flat' ? 'fixed' : 'percent', value, duration, duration_in_months }
}

/** Still redeemable: before its redeem-by moment and below its maximum redemptions. */
export function isRedeemable(row: Pick<Promotion, 'redeem_by' | 'availed_times' | 'max_redemptions'>, now = new Date()): boolean {
  return new Date(row.redeem_by).getTime() > now.getTime() && Number(row.availed_times) < Number(row.max_redemptions)
}

/** The promotion a buyer may apply at checkout, by code in any letter case; undefined when it cannot be redeemed. */
/** The promotion of a code while it can be redeemed, or whose redemption the purchase `heldBy` already holds (its retry). */
export async function findRedeemablePromotion(code: string, now = new Date(), heldBy?: string): Promise<Promotion | undefined> {
  const row = await findPromotionByCode(code)
  if (!row) return undefined
  if (isRedeemable(row, now)) return row
  return heldBy && (await holdsRedemption(platformDb, row, heldBy)) ? row : undefined
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 502; error: string; field?: string }

function providerFailure(what: string, error: unknown): { ok: false; status: 502; error: string } {
  console.error(`[promotions] ${what} failed at the payment provider`, error instanceof Error ? error.message : error)
  return { ok: false, status: 502, error: PROMOTION_FAILED }
}

const isMissingResource = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing'

/** The provider's amount: percent_off as given, amount_off in cents of the platform currency. */
export function couponAmount(input: Pick<PromotionInput, 'discount_type' | 'value'>): { percentOff: number } | { amountOffCents: number; currency: string } {
  return input.discount_type === 'percent' ? { percentOff: input.value } : { amountOffCents: Math.round(input.value * 100), currency: DEFAULT_CURRENCY }
}

/** Provider first (coupon, then its promotion code), then the row: a provider failure saves nothing. */
export async function createPromotion(actor: Pick<AuthUser, 'id'>, input: PromotionInput, payments: PaymentsService, requestKey: string): Promise<Outcome<Promotion>> {
  if (await findPromotionByCode(input.couponCode)) return { ok: false, status: 400, error: CODE_TAKEN, field: 'couponCode' }
  // One form (its request key) sending the same values gives the same keys, so a double submit or a
  // retry reuses the first coupon and code; a new form, or changed values, make new ones.
  const key = `promotion-${sha256(JSON.stringify([actor.id, requestKey, input]))}`
  const redeemBy = redeemByEnd(input.redeem_by)
  let couponId: string
  let promotionCodeId: string
  try {
    const coupon = await payments.createCoupon(
      {
        // The provider caps coupon names at 40 characters; the code itself goes on the promotion code.
        name: input.couponCode.slice(0, 40),
        duration: input.duration,
        durationInMonths: input.duration_in_months ?? undefined,
        maxRedemptions: input.max_redemptions,
        redeemBy: Math.floor(redeemBy.getTime() / 1000),
        ...couponAmount(input),
      },
      `${key}-coupon`,
    )
    couponId = coupon.id
    const code = await payments.createPromotionCode({ couponId, code: input.couponCode, maxRedemptions: input.max_redemptions }, `${key}-code`)
    promotionCodeId = code.id
  } catch (error) {
    return providerFailure('coupon creation', error)
  }
  const publicId = newPublicId()
  try {
    await platformDb
      .insertInto('promotions')
      .values({
        public_id: publicId,
        coupon_code: input.couponCode,
        discount_type: input.discount_type,
        value: input.value,
        max_redemptions: input.max_redemptions,
        duration: input.duration,
        duration_in_months: input.duration_in_months,
        redeem_by: redeemBy,
        stripe_coupon_id: couponId,
        stripe_promotion_code_id: promotionCodeId,
      })
      .execute()
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    const existing = await findPromotionByCode(input.couponCode)
    if (existing && existing.stripe_coupon_id === couponId) return { ok: true, value: existing }
    return { ok: false, status: 400, error: CODE_TAKEN, field: 'couponCode' }
  }
  return { ok: true, value: (await findPromotionByCode(input.couponCode))! }
}

/**
 * The code stops working at the provider first (promotion code off, coupon deleted; already gone
 * counts as done), then the row goes. Subscriptions that already carry the discount keep it.
 */
export async function deletePromotion(row: Promotion, payments: PaymentsService): Promise<Outcome<Promotion>> {
  try {
    if (!isPlaceholderProviderId(row.stripe_promotion_code_id)) {
      await payments.setPromotionCodeActive(row.stripe_promotion_code_id, false).catch((error) => {
        if (!isMissingResource(error)) throw error
      })
    }
    if (!isPlaceholderProviderId(row.stripe_coupon_id)) {
      await payments.deleteCoupon(row.stripe_coupon_id).catch((error) => {
        if (!isMissingResource(error)) throw error
      })
    }
  } catch (error) {
    return providerFailure('coupon deletion', error)
  }
  await platformDb.deleteFrom('promotions').where('id', '=', row.id).execute()
  return { ok: true, value: row }
}

type Actor = Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'role' | 'clientId'>

const MODULE = 'promotions'

/** The mutations as routes call them: each writes its audit row, success or refusal. */
export const promotionActions = {
  async create(actor: Actor, request: Request, input: PromotionInput, payments: PaymentsService, requestKey: string): Promise<Outcome<Promotion>> {
    const result = await createPromotion(actor, input, payments, requestKey)
    return audited(
      actor,
      request,
      {
        module: MODULE,
        action: 'create',
        message: result.ok ? `Created promotion ${result.value.coupon_code} (${result.value.stripe_coupon_id})` : `Promotion ${input.couponCode} not created: ${result.error}`,
      },
      result,
    )
  },
  async delete(actor: Actor, request: Request, couponCode: string, payments: PaymentsService): Promise<Outcome<Promotion>> {
    const row = await findPromotionByCode(couponCode)
    const result: Outcome<Promotion> = row ? await deletePromotion(row, payments) : { ok: false, status: 404, error: PROMOTION_NOT_FOUND }
    return audited(
      actor,
      request,
      {
        module: MODULE,
        action: 'delete',
        message: result.ok ? `Deleted promotion ${result.value.coupon_code}` : `Promotion ${couponCode.slice(0, 64)} not deleted: ${result.error}`,
      },
      result,
    )
  },
}

/**
 * A promo code as a buyer may see it, with misses limited per `guesser` (an address, or an
 * organisation): a found code gives its point back. Behind the checkout's and billing's promo boxes.
 */
export async function promoForBuyer(code: string, guesser: string): Promise<{ ok: true; promo: CheckoutPromoJson } | { ok: false; status: 404 | 429; error: string }> {
  const found = await redeemablePromotionFor(code, guesser)
  return found.ok ? { ok: true, promo: toCheckoutPromoJson(found.promotion) } : found
}

/**
 * The redeemable promotion of a code, with misses limited per `guesser`: the promo box and the checkout's
 * own promo field spend the one budget, so the checkout is no oracle beside the box (issue 28).
 */
export async function redeemablePromotionFor(
  code: string,
  guesser: string,
  heldBy?: string,
): Promise<{ ok: true; promotion: Promotion } | { ok: false; status: 404 | 429; error: string }> {
  // Spent before the lookup (atomic), so parallel guesses cannot overrun the budget.
  if (!(await consume('promoMissesPerIp', guesser))) return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS }
  const row = await findRedeemablePromotion(code, new Date(), heldBy)
  if (!row) return { ok: false, status: 404, error: PROMO_UNAVAILABLE }
  await refund('promoMissesPerIp', guesser)
  return { ok: true, promotion: row }
}

/** Whether the purchase `ref` already holds a counted redemption of the promotion (ADR 0100). */
async function holdsRedemption(db: typeof platformDb, promotion: Pick<Promotion, 'id'>, ref: string): Promise<boolean> {
  return !!(await db.selectFrom('promotion_redemptions').select('ref').where('promotion_id', '=', promotion.id).where('ref', '=', ref).executeTakeFirst())
}

/**
 * Takes one redemption of the promotion for the purchase `ref` before anything is charged: one conditional
 * UPDATE, so of ten parallel checkouts at a one-redemption limit exactly one gets it (issue 28), and a row
 * naming the purchase, so its retry (the charge went through, the organisation was never completed, the
 * buyer submits again) keeps the one it has instead of counting a second (ADR 0100). False: none left, or
 * expired. The count is taken first: its row lock orders parallel takers before the row's foreign key check.
 */
export async function reserveRedemption(promotion: Pick<Promotion, 'id'>, ref: string, now = new Date()): Promise<boolean> {
  return inTransaction(platformDb, async (trx) => {
    const counted = await trx
      .updateTable('promotions')
      .set({ availed_times: sql`availed_times + 1` })
      .where('id', '=', promotion.id)
      .where(sql<boolean>`availed_times < max_redemptions`)
      .where('redeem_by', '>', now)
      .executeTakeFirst()
    if (Number(counted.numUpdatedRows) !== 1) return holdsRedemption(trx, promotion, ref)
    const held = await trx.insertInto('promotion_redemptions').ignore().values({ promotion_id: promotion.id, ref }).executeTakeFirst()
    // This purchase held one already: the count just taken is given back in the same transaction.
    if (Number(held.numInsertedOrUpdatedRows ?? 0) === 0) await giveBack(trx, promotion)
    return true
  })
}

function giveBack(db: typeof platformDb, promotion: Pick<Promotion, 'id'>) {
  return db
    .updateTable('promotions')
    .set({ availed_times: sql`GREATEST(availed_times - 1, 0)` })
    .where('id', '=', promotion.id)
    .execute()
}

/** Gives back the redemption the purchase `ref` reserved, when its charge did not go through. */
export async function releaseRedemption(promotion: Pick<Promotion, 'id'>, ref: string): Promise<void> {
  await inTransaction(platformDb, async (trx) => {
    const released = await trx.deleteFrom('promotion_redemptions').where('promotion_id', '=', promotion.id).where('ref', '=', ref).executeTakeFirst()
    if (Number(released.numDeletedRows) === 1) await giveBack(trx, promotion)
  })
}
