// Request-side helpers of the client billing pages: the payouts guard (ADR 0037) and how cards are entered (ADR 0036).
import { paymentDueDays, trialDaysLeft } from '#app/models/account.server'
import { sidebarRestricted } from '#app/rules/account-status'
import { routeGuard } from '#app/rules/routes'
import { ACCOUNT_LOCKED_MESSAGE, getAuth, requirePermission, type Tenant } from '#app/services/auth.server'
import { stripeConnection } from '#app/services/env.server'
import { apiError, forbidden, isApiRequest } from './http.server'

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

/** Starting onboarding (bank details at Stripe) needs the owner's own session: a log-in-as session may only look. */
export async function requirePayoutsSetup(request: Request): Promise<Tenant> {
  const t = await requirePayoutsOwner(request)
  const { session } = await getAuth(request)
  if (session.get('impersonatorUserId')) refuse(request, PAYOUTS_OWN_SESSION)
  return t
}

/**
 * How the add-card form takes a card: Stripe's test PaymentMethod tokens while billing runs in test
 * mode (the emulator, or an sk_test_ key); a live key needs Stripe Elements, which is not wired yet.
 */
export function cardEntry(): { testCards: boolean } {
  const connection = stripeConnection()
  return { testCards: !!connection && /^(sk|rk)_test_/.test(connection.apiKey) }
}
