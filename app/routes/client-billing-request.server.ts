// Request-side helpers of the client billing pages: the payouts guard (ADR 0037) and how cards are entered (ADR 0036).
import { paymentDueDays, trialDaysLeft } from '#app/models/account.server'
import { sidebarRestricted } from '#app/rules/account-status'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { ACCOUNT_LOCKED_MESSAGE, getAuth, requirePermission, type Tenant } from '#app/models/auth-guards.server'
import type { CardEntryMode } from '#app/components/checkout/card-entry'
import { TEST_CARDS } from '#app/models/payment-methods.schema'
import { env, stripeConnection } from '#app/services/env.server'
import { apiError, forbidden, isApiRequest } from '#app/services/http.server'

export const PAYOUTS_OWNER_ONLY = 'Only the owner of the account can set up payouts.'
export const PAYOUTS_OWN_SESSION = 'You are signed in as someone else: payouts can only be set up by the owner in their own session.'

function refuse(request: Request, message: string): never {
  throw isApiRequest(request) ? apiError(403, message) : forbidden(message)
}

/**
 * Payouts link the organisation's bank account, so only its owner (role client with full access, the
 * route table's placeholder guard) sees or changes them; staff are refused whatever their permissions.
 * They are not a way to pay us, so a locked account has them closed like the rest (/payments stays
 * open when locked only to pay).
 */
export async function requirePayoutsOwner(request: Request): Promise<Tenant> {
  const t = await requirePermission(request, routeGuard('/payments/payouts'))
  if (t.user.role !== 'client') refuse(request, PAYOUTS_OWNER_ONLY)
  if (sidebarRestricted(t.user.packageStatus, paymentDueDays(t.user), trialDaysLeft(t.user))) refuse(request, ACCOUNT_LOCKED_MESSAGE)
  return t
}

/** Whether this member may open /payments/payouts (requirePayoutsOwner would let them in): the owner, not locked. */
export function canOpenPayouts(t: Tenant): boolean {
  return t.user.role === 'client' && can(t.user, routeGuard('/payments/payouts')) && !sidebarRestricted(t.user.packageStatus, paymentDueDays(t.user), trialDaysLeft(t.user))
}

/** Starting onboarding (bank details at Stripe) needs the owner's own session: a log-in-as session may only look. */
export async function requirePayoutsSetup(request: Request): Promise<Tenant> {
  const t = await requirePayoutsOwner(request)
  const { session } = await getAuth(request)
  if (session.get('impersonatorUserId')) refuse(request, PAYOUTS_OWN_SESSION)
  return t
}

/** Whether billing runs in test mode (the emulator, or an sk_test_ key): Stripe's test PaymentMethod tokens work then. */
export function cardEntry(): { testCards: boolean } {
  const connection = stripeConnection()
  return { testCards: !!connection && /^(sk|rk)_test_/.test(connection.apiKey) }
}

/**
 * How a card is entered, at checkout and on /payments/methods alike (ADR 0035, 0039): Stripe Elements
 * with a publishable key; Stripe's test payment methods whenever billing runs in test mode (also the
 * no-JavaScript fallback beside Elements); neither: card entry is unavailable.
 */
export function cardEntryMode(): CardEntryMode {
  const testCards = cardEntry().testCards ? TEST_CARDS.map((card) => ({ ...card })) : []
  const publishableKey = env().STRIPE_PUBLISHABLE_KEY
  if (publishableKey && stripeConnection()) return { kind: 'elements', publishableKey, testCards }
  return testCards.length ? { kind: 'test-cards', testCards } : { kind: 'unavailable' }
}
