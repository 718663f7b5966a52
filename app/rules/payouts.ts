// The four payout states of back-office section 4, from the payout profile Stripe reports.

export type PayoutProfile = {
  payouts_enabled: boolean
  charges_enabled: boolean
  details_submitted: boolean
  requirements: { currently_due: string[] }
}

/** not_started: Setup Payouts; continue: Continue Setup; verifying: awaiting verification; configured. */
export type PayoutState = 'not_started' | 'continue' | 'verifying' | 'configured'

export const NO_PAYOUT_PROFILE: PayoutProfile = { payouts_enabled: false, charges_enabled: false, details_submitted: false, requirements: { currently_due: [] } }

export function payoutState(profile: PayoutProfile): PayoutState {
  if (profile.payouts_enabled && profile.charges_enabled) return 'configured'
  if (!profile.details_submitted) return 'not_started'
  // Submitted, yet Stripe asks for more (a bank account, a document): only the owner can give it.
  if (profile.requirements.currently_due.length > 0) return 'continue'
  return 'verifying'
}

/** The button that (re)opens Stripe's onboarding, or null when there is nothing for the owner to do. */
export function payoutAction(state: PayoutState): 'Setup Payouts' | 'Continue Setup' | null {
  return state === 'not_started' ? 'Setup Payouts' : state === 'continue' ? 'Continue Setup' : null
}

/** 'individual.verification.document' → 'Individual verification document': Stripe's field paths, readable. */
export function requirementLabel(path: string): string {
  const words = path.replace(/[._]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : path
}
