// Whether an organisation's customer portal can take orders: its payout account (Stripe Connect) must
// exist and have charges enabled, since customers pay the organisation directly (direct charges).
// The reasons are the owner's to read in the back office; customers only see "not taking orders yet".

export type StorefrontPayments = { takingOrders: true; accountId: string } | { takingOrders: false; reason: string }

/** What the payment provider said about the organisation's payout account when asked. */
export type PayoutAccountCheck =
  | { kind: 'found'; chargesEnabled: boolean; detailsSubmitted: boolean; currentlyDue: string[] }
  /** Unknown to the provider, or no longer connected to the platform. */
  | { kind: 'missing' }
  /** The provider could not be asked (network, outage): nothing is known, so nothing is charged. */
  | { kind: 'unreachable' }
  /** Payments are not configured on this platform (production without a Stripe key). */
  | { kind: 'unconfigured' }

export const NOT_TAKING_ORDERS = {
  noAccount: 'Set up payouts so customers can pay you.',
  detailsMissing: 'Finish setting up payouts so customers can pay you.',
  moreDetailsDue: 'Stripe needs more details before it enables charges: continue the payouts setup.',
  chargesDisabled: 'Stripe has not enabled charges on your payout account yet.',
  accountGone: 'Your payout account is no longer available at Stripe: set up payouts again.',
  providerDown: 'Stripe could not be reached to check your payout account; customers cannot pay until it answers.',
  unconfigured: 'Payments are not configured on this platform yet.',
} as const

/** The portal's answer for a stored account id (null: payouts never set up) and what the provider said about it. */
export function storefrontPaymentsFrom(accountId: string | null, check: PayoutAccountCheck | null): StorefrontPayments {
  if (check?.kind === 'unconfigured') return { takingOrders: false, reason: NOT_TAKING_ORDERS.unconfigured }
  if (!accountId || !check) return { takingOrders: false, reason: NOT_TAKING_ORDERS.noAccount }
  switch (check.kind) {
    case 'missing':
      return { takingOrders: false, reason: NOT_TAKING_ORDERS.accountGone }
    case 'unreachable':
      return { takingOrders: false, reason: NOT_TAKING_ORDERS.providerDown }
    case 'found':
      // Charges are what a checkout needs; payouts may still wait for a bank account.
      if (check.chargesEnabled) return { takingOrders: true, accountId }
      if (!check.detailsSubmitted) return { takingOrders: false, reason: NOT_TAKING_ORDERS.detailsMissing }
      if (check.currentlyDue.length > 0) return { takingOrders: false, reason: NOT_TAKING_ORDERS.moreDetailsDue }
      return { takingOrders: false, reason: NOT_TAKING_ORDERS.chargesDisabled }
  }
}
