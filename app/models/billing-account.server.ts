// What a subscription needs at Stripe before it can start: the plan's price, the promotion's code and
// the organisation's customer. Each is looked up, and made again when Stripe does not know it (ADR 0035).
import { isPlaceholderProviderId } from '#app/rules/provider-ids'
import { platformDb } from '#app/services/db.server'
import type { PaymentsService } from '#app/services/stripe.server'
import type { ClientPackage, Promotion } from '#db/tables/platform'
import { couponAmount } from './promotions.server'

export const isMissingResource = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing'

/**
 * The plan's Stripe price id. A seeded placeholder, or a price Stripe no longer has (the emulator
 * forgets everything when it restarts), is replaced by a new product and price of the same amount
 * and interval, stored on the plan, so a plan on sale can always be bought.
 */
export async function planPriceId(plan: ClientPackage, payments: PaymentsService): Promise<string> {
  if (!isPlaceholderProviderId(plan.stripe_price_id)) {
    try {
      return (await payments.getPrice(plan.stripe_price_id)).priceId
    } catch (error) {
      if (!isMissingResource(error)) throw error
    }
  }
  const common = {
    productName: plan.package_name,
    description: plan.description ?? undefined,
    unitAmountCents: plan.price_cents,
    currency: plan.currency,
    metadata: { source: 'draftdesk-client-package', packageId: plan.public_id },
  }
  const key = `plan-price-${plan.public_id}-${plan.stripe_price_id}`
  const price = plan.one_time_pay ? await payments.createOneTimePrice(common, key) : await payments.createPlanPrice({ ...common, interval: plan.recurring_interval }, key)
  // Only the first of two racing buyers writes; both use a price of the same amount.
  await platformDb
    .updateTable('client_packages')
    .set({ stripe_price_id: price.priceId, stripe_product_id: price.productId })
    .where('id', '=', plan.id)
    .where('stripe_price_id', '=', plan.stripe_price_id)
    .execute()
  return price.priceId
}

/** The promotion's Stripe promotion code id, made again (coupon and code) like a plan's price. */
export async function promotionCodeId(promotion: Promotion, payments: PaymentsService): Promise<string> {
  if (!isPlaceholderProviderId(promotion.stripe_promotion_code_id)) {
    const found = await payments.findPromotionCode(promotion.coupon_code)
    if (found && found.id === promotion.stripe_promotion_code_id) return found.id
  }
  const key = `promotion-${promotion.public_id}-${promotion.stripe_promotion_code_id}`
  const coupon = await payments.createCoupon(
    {
      name: promotion.coupon_code,
      duration: promotion.duration,
      durationInMonths: promotion.duration === 'repeating' ? (promotion.duration_in_months ?? 1) : undefined,
      redeemBy: Math.floor(promotion.redeem_by.getTime() / 1000),
      ...couponAmount({ discount_type: promotion.discount_type, value: Number(promotion.value) }),
    },
    `${key}-coupon`,
  )
  // Stripe counts redemptions from 0 for the new code: it may allow only what is left.
  const maxRedemptions = Math.max(1, Number(promotion.max_redemptions) - Number(promotion.availed_times))
  const code = await payments.createPromotionCode({ couponId: coupon.id, code: promotion.coupon_code, maxRedemptions }, `${key}-code`)
  await platformDb
    .updateTable('promotions')
    .set({ stripe_coupon_id: coupon.id, stripe_promotion_code_id: code.id })
    .where('id', '=', promotion.id)
    .where('stripe_promotion_code_id', '=', promotion.stripe_promotion_code_id)
    .execute()
  return code.id
}

export type BillableOrganisation = { id: number; public_id: string; name: string; stripe_customer_id: string | null }

/**
 * The organisation's Stripe customer: the stored one while Stripe has it, else a new one (metadata
 * clientId = the organisation's public id, which the webhook falls back on) stored on the row.
 */
export async function organisationCustomerId(org: BillableOrganisation, contact: { email: string; name: string }, payments: PaymentsService): Promise<string> {
  if (org.stripe_customer_id) {
    try {
      return (await payments.getCustomer(org.stripe_customer_id)).id
    } catch (error) {
      if (!isMissingResource(error)) throw error
    }
  }
  const customer = await payments.createCustomer(
    { email: contact.email, name: contact.name || org.name, metadata: { clientId: org.public_id } },
    `organisation-customer-${org.public_id}-${org.stripe_customer_id ?? 'first'}`,
  )
  await platformDb.updateTable('organisations').set({ stripe_customer_id: customer.id }).where('id', '=', org.id).execute()
  return customer.id
}
