// The platform's application fee on a customer's payment to an organisation (Connect direct charges):
// a percentage of the total in whole cents, as Stripe's application_fee_amount takes it.

/** Percentages are kept to four decimals (2.9 %, 0.0125 %): enough for any fee, and exact in integers. */
const PERCENT_SCALE = 10_000

/**
 * The fee in cents: `percent` of `totalCents`, rounded half up to a whole cent, never above the total
 * (100 % is the whole total) and 0 at 0 %. Computed in integers, so 1.5 % of 1005 cents is 15, not a
 * float's 15.074999... Throws on a total that is not a non-negative whole number of cents or a
 * percentage outside 0..100: those are programming errors, never a customer's input.
 */
export function applicationFeeCents(totalCents: number, percent: number): number {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`totalCents must be a non-negative integer (got ${totalCents})`)
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be between 0 and 100 (got ${percent})`)
  const scaledPercent = Math.round(percent * PERCENT_SCALE)
  const numerator = totalCents * scaledPercent
  const denominator = 100 * PERCENT_SCALE
  const fee = Math.floor((2 * numerator + denominator) / (2 * denominator))
  return Math.min(fee, totalCents)
}
