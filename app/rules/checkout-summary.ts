// The checkout's Order Details: what is due today and how a promo code reads (portal spec sections 3
// and 5). Shared by the page (server and browser) and its tests; amounts in cents.
import { applyDiscount } from './discount'

export type SummaryPlan = { priceCents: number; trialPackage: boolean; trialDays: number | null; recurringInterval: 'month' | 'year' }
export type SummaryPromo = { discount_type: 'percent' | 'fixed'; value: number; duration: 'once' | 'forever' | 'repeating'; duration_in_months: number | null }

/** A trial plan charges nothing today; otherwise the price with the promo's discount, never below 0. */
export function dueTodayCents(plan: SummaryPlan, promo: SummaryPromo | null): number {
  if (plan.trialPackage && (plan.trialDays ?? 0) > 0) return 0
  return promo ? applyDiscount(plan.priceCents, promoDiscount(promo)) : plan.priceCents
}

/** A promo's value as the discount rule takes it: percent as is, fixed amounts in cents. */
export function promoDiscount(promo: SummaryPromo) {
  return promo.discount_type === 'percent' ? { type: 'percent' as const, value: promo.value } : { type: 'fixed' as const, value: Math.round(promo.value * 100) }
}

/** '20% off for 3 months', '$10 off once', '15% off forever'. `money` formats an amount (not cents). */
export function describePromo(promo: SummaryPromo, money: (amount: number) => string): string {
  const off = promo.discount_type === 'percent' ? `${promo.value}% off` : `${money(promo.value)} off`
  if (promo.duration === 'once') return `${off} once`
  if (promo.duration === 'forever') return `${off} forever`
  const months = promo.duration_in_months ?? 1
  return `${off} for ${months} ${months === 1 ? 'month' : 'months'}`
}
