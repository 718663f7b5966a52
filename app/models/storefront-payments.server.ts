// Whether an organisation's customer portal can take orders now (its payout account at Stripe takes
// charges), remembered briefly in Redis, and the platform's application fee on what customers pay.
import Stripe from 'stripe'
import { applicationFeeCents } from '#app/rules/application-fee'
import { type PayoutAccountCheck, type StorefrontPayments, storefrontPaymentsFrom } from '#app/rules/storefront-payments'
import { billingService } from '#app/services/billing-request.server'
import { env } from '#app/services/env.server'
import { redis } from '#app/services/redis.server'
import type { PaymentsService } from '#app/services/stripe.server'
import type { TenantScope } from '#db/tenant'
import { isMissingResource } from './billing-account.server'

export type { StorefrontPayments } from '#app/rules/storefront-payments'

/**
 * A storefront page view must not ask Stripe each time: the answer is kept this long. An onboarding
 * finished at Stripe shows within this time (the payouts page refreshes it at once).
 */
const TTL_SECONDS = 30
/** An unreachable provider is asked again sooner, so the portal reopens soon after it answers again. */
const UNREACHABLE_TTL_SECONDS = 10

const cacheKey = (clientId: number) => `storefront-payments:${clientId}`

type Cached = { accountId: string | null; answer: StorefrontPayments }

async function storedAccountId(t: TenantScope): Promise<string | null> {
  const row = await t.db.selectFrom('organisations').select('stripe_connect_account_id').where('id', '=', t.clientId).executeTakeFirst()
  return row?.stripe_connect_account_id ?? null
}

/** What Stripe says about the account; never throws (a failure to ask is an answer too). */
async function checkAccount(accountId: string, payments: PaymentsService | null): Promise<PayoutAccountCheck> {
  if (!payments) return { kind: 'unconfigured' }
  try {
    const account = await payments.getConnectAccountProfile(accountId)
    return { kind: 'found', chargesEnabled: account.charges_enabled, detailsSubmitted: account.details_submitted, currentlyDue: account.requirements.currently_due }
  } catch (error) {
    // Unknown to Stripe (the emulator restarted, or the account was deleted) or no longer connected to us.
    if (isMissingResource(error) || error instanceof Stripe.errors.StripePermissionError) return { kind: 'missing' }
    console.error(`[payments] checking payout account ${accountId} failed`, error instanceof Error ? error.message : error)
    return { kind: 'unreachable' }
  }
}

async function readCache(clientId: number, accountId: string): Promise<StorefrontPayments | null> {
  const raw = await redis()
    .get(cacheKey(clientId))
    .catch(() => null)
  if (!raw) return null
  try {
    const cached = JSON.parse(raw) as Cached
    // A new payout account (setup made another) is never answered for by the old one's state.
    return cached.accountId === accountId ? cached.answer : null
  } catch {
    return null
  }
}

async function writeCache(clientId: number, accountId: string, answer: StorefrontPayments, providerDown: boolean) {
  const value: Cached = { accountId, answer }
  await redis()
    .set(cacheKey(clientId), JSON.stringify(value), 'EX', providerDown ? UNREACHABLE_TTL_SECONDS : TTL_SECONDS)
    .catch(() => undefined)
}

/**
 * Whether the organisation's portal takes orders, and on which connected account the charge is made.
 * Without a payout account Stripe is not asked at all. `fresh` skips the remembered answer (and
 * replaces it): for the owner's payouts page, which must show what Stripe says now. Redis trouble
 * only means asking Stripe.
 */
export async function storefrontPayments(t: TenantScope, opts: { fresh?: boolean; payments?: PaymentsService | null } = {}): Promise<StorefrontPayments> {
  const accountId = await storedAccountId(t)
  if (!accountId) return storefrontPaymentsFrom(null, null)
  if (!opts.fresh) {
    const cached = await readCache(t.clientId, accountId)
    if (cached) return cached
  }
  const check = await checkAccount(accountId, opts.payments === undefined ? billingService() : opts.payments)
  const answer = storefrontPaymentsFrom(accountId, check)
  await writeCache(t.clientId, accountId, answer, check.kind === 'unreachable')
  return answer
}

/** Drops the remembered answer: after a charge failed because of the account itself, the next look asks Stripe. */
export async function forgetStorefrontPayments(t: TenantScope): Promise<void> {
  await redis()
    .del(cacheKey(t.clientId))
    .catch(() => undefined)
}

/** The platform's application fee on a customer's payment of `totalCents` (PLATFORM_APPLICATION_FEE_PERCENT). */
export function platformApplicationFeeCents(totalCents: number): number {
  return applicationFeeCents(totalCents, env().PLATFORM_APPLICATION_FEE_PERCENT)
}
