// The public checkout (ADR 0035): a buyer becomes an organisation (its own realm), that organisation's
// owner and a Stripe subscription (or, for a one-time plan, one payment: ADR 0046), exactly once per
// checkout form however often it is submitted.
import { dueTodayCents } from '#app/rules/checkout-summary'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { deriveKey, hmac, newPublicId, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { addToOutbox, kickOutbox } from '#app/services/outbox.server'
import type { Payload } from '#app/services/queue.server'
import { hashPassword, verifyPassword } from '#app/services/password.server'
import { consume, refund, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { redis } from '#app/services/redis.server'
import { cardErrorMessage, type PaymentsService } from '#app/services/stripe.server'
import type { SessionData } from '#app/services/session.server'
import type { ClientPackage, Promotion } from '#db/tables/platform'
import { inTransaction } from '#db/transaction'
import { type AuthUser, loadAuthUser } from './account.server'
import { recordAudit } from './audit.server'
import { organisationCustomerId, planPriceId, promotionCodeId } from './billing-account.server'
import { CHECKOUT_ALREADY_DONE, CHECKOUT_FAILED, CHECKOUT_IN_PROGRESS, type CheckoutInput, PACKAGE_UNAVAILABLE, PROMO_UNAVAILABLE, TRIAL_CARD_USED } from './checkout.schema'
import { findPurchasablePackage } from './client-packages.server'
import { isDuplicateKey } from './people.server'
import { syncSubscription } from './platform-billing.server'
import { redeemablePromotionFor, releaseRedemption, reserveRedemption, toCheckoutPromoJson } from './promotions.server'
import { holdingSubdomains, subdomainAvailability } from './subdomains.server'
import { emailPayload, type SystemMail } from './system-mail.server'
import { claimTrialCard, releaseTrialCard, TrialCardUsedError } from './trial-cards.server'

export type CheckoutField = keyof CheckoutInput
export type CheckoutOutcome = { ok: true; user: AuthUser; session: SessionData } | { ok: false; status: 400 | 402 | 404 | 409 | 429 | 502; error: string; field?: CheckoutField }

/** A reservation nobody finished (the buyer left after a declined card) frees its subdomain after this. */
const STALE_RESERVATION_MS = 30 * 60_000
/** A second submit of the same form waits this long for the first to finish, then answers in its place. */
const WAIT_FOR_FIRST_MS = 20_000
const LOCK_MS = 60_000

/**
 * The organisation's public id for one checkout form: derived from the form's key with a server
 * secret, so every submit of that form (a double click, a retry after a decline) names the same
 * organisation and Stripe objects, and nobody can pick the id by choosing a key.
 */
export function organisationIdForCheckout(requestKey: string): string {
  return `o${hmac(`checkout:${requestKey}`, deriveKey('checkout-organisation')).slice(0, 23)}`
}

export async function checkout(input: CheckoutInput, requestKey: string, ctx: { ip: string }, payments: PaymentsService): Promise<CheckoutOutcome> {
  const orgPublicId = organisationIdForCheckout(requestKey)
  const redemptionRef = `checkout:${orgPublicId}`
  const done = await completedCheckout(orgPublicId, input)
  if (done) return done
  const plan = await findPurchasablePackage(input.item)
  if (!plan) return { ok: false, status: 404, error: PACKAGE_UNAVAILABLE, field: 'item' }
  let promotion: Promotion | undefined
  if (input.promo) {
    // The promo box's budget of misses: the checkout must not answer whether a code exists for free.
    // A retry of a checkout that already holds this promotion's redemption may use it even when it was the last.
    const found = await redeemablePromotionFor(input.promo, ctx.ip, redemptionRef)
    if (!found.ok) return { ok: false, status: found.status === 429 ? 429 : 400, error: found.status === 429 ? found.error : PROMO_UNAVAILABLE, field: 'promo' }
    promotion = found.promotion
  }

  const lockKey = `checkout:lock:${orgPublicId}`
  if ((await redis().set(lockKey, '1', 'PX', LOCK_MS, 'NX')) !== 'OK') return waitForFirstSubmit(orgPublicId, input)
  try {
    // Card testing: each attempt that reaches the card network costs a point, given back on success. Spent
    // before the subdomain is reserved, so an address past its budget reserves nothing more (issue 28).
    if (!(await consume('checkoutAttemptsPerIp', ctx.ip))) return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS }
    const reserved = await reserveOrganisation(orgPublicId, input)
    if (!reserved.ok) {
      await refund('checkoutAttemptsPerIp', ctx.ip)
      return reserved
    }
    // The promotion's redemption is taken before the charge and given back if the charge fails, so its
    // limit holds however many checkouts run at once (issue 28); a retry of this checkout keeps the one it took.
    if (promotion && !(await reserveRedemption(promotion, redemptionRef))) {
      await refund('checkoutAttemptsPerIp', ctx.ip)
      return { ok: false, status: 400, error: PROMO_UNAVAILABLE, field: 'promo' }
    }
    let purchase: Purchase
    let trialCard: string | null = null
    try {
      const customerId = await organisationCustomerId(reserved.org, { email: input.email, name: `${input.firstName} ${input.lastName}` }, payments)
      const attemptKey = `checkout-${orgPublicId}-${sha256(JSON.stringify([input.payment, plan.public_id, promotion?.public_id ?? null]))}`
      // A test token (pm_card_visa) attaches as a new payment method of its own id, as at Stripe.
      const attachCard = () => payments.attachPaymentMethod(customerId, input.payment, { makeDefault: true }, `${attemptKey}-pm`)
      if (plan.one_time_pay) {
        purchase = await payOnce({ plan, promotion, customerId, orgPublicId, attemptKey, attachCard }, payments)
      } else {
        // A subscription this checkout already started (the charge went through, the organisation was never
        // completed, and the buyer submits again, maybe with another card) is used, not started again.
        const earlier = await payments.findSubscription(customerId, { clientId: orgPublicId, packageId: plan.public_id })
        if (earlier) purchase = { kind: 'subscription', customerId, subscriptionId: earlier.id }
        else {
          const card = await attachCard()
          const trial = plan.trial_package && (plan.trial_days ?? 0) > 0
          // One free trial per card: claimed before the subscription starts, so parallel checkouts with one card get one trial.
          if (trial && card.fingerprint) {
            if (!(await claimTrialCard(card.fingerprint, reserved.org.id))) throw new TrialCardUsedError()
            trialCard = card.fingerprint
          }
          const subscription = await payments.createSubscription(
            {
              customerId,
              priceId: await planPriceId(plan, payments),
              quantity: 1,
              trialDays: plan.trial_package ? (plan.trial_days ?? undefined) : undefined,
              paymentMethodId: card.id,
              promotionCodeId: promotion ? await promotionCodeId(promotion, payments) : undefined,
              metadata: { clientId: orgPublicId, packageId: plan.public_id },
            },
            `${attemptKey}-subscription`,
          )
          purchase = { kind: 'subscription', customerId, subscriptionId: subscription.id }
        }
      }
    } catch (error) {
      if (promotion) await releaseRedemption(promotion, redemptionRef)
      if (trialCard) await releaseTrialCard(trialCard, reserved.org.id)
      if (error instanceof TrialCardUsedError) {
        await refund('checkoutAttemptsPerIp', ctx.ip)
        return { ok: false, status: 400, error: TRIAL_CARD_USED, field: 'payment' }
      }
      const cardMessage = cardErrorMessage(error)
      if (cardMessage) {
        await recordAudit({ clientId: null, module: 'checkout', action: 'pay', status: 'failure', ip: ctx.ip, message: `Card declined at checkout for ${input.email}` })
        return { ok: false, status: 402, error: cardMessage, field: 'payment' }
      }
      console.error('[checkout] the payment provider failed', error instanceof Error ? error.message : error)
      return { ok: false, status: 502, error: CHECKOUT_FAILED }
    }
    await refund('checkoutAttemptsPerIp', ctx.ip)
    // The welcome e-mail commits with the owner's account (ADR 0101): never an account nobody was told of.
    const welcome = await emailPayload(welcomeMail(reserved.org.id, input))
    const { owner, welcomeId } = await completeOrganisation(reserved.org.id, purchase, plan, input, welcome)
    await kickOutbox([welcomeId])
    if (purchase.kind === 'subscription')
      await syncSubscription({ subscriptionId: purchase.subscriptionId, customerId: purchase.customerId, metadataClientId: orgPublicId }, payments)
    const user = (await loadAuthUser(owner, reserved.org.id))!
    await recordAudit({
      clientId: reserved.org.id,
      userId: user.id,
      userName: `${user.firstName} ${user.lastName}`,
      userRole: 'client',
      module: 'checkout',
      action: purchase.kind === 'subscription' ? 'subscribe' : 'buy',
      status: 'success',
      ip: ctx.ip,
      message: `Bought ${plan.package_name}`,
    })
    return { ok: true, user, session: { userId: user.id, clientId: user.clientId } }
  } finally {
    await redis().del(lockKey)
  }
}

/** What the buyer's money bought at Stripe: a subscription, or a one-time plan's payment (none when a promotion made it free). */
type Purchase = { kind: 'subscription'; customerId: string; subscriptionId: string } | { kind: 'one-time'; customerId: string; paymentIntentId: string | null; paidCents: number }

/**
 * A one-time plan (ADR 0046): its price, less the promotion once, charged now through a PaymentIntent
 * with the form's idempotency key. A payment this checkout already made (the charge went through but
 * the organisation was not completed, and the buyer retries, maybe with another card) is found at
 * Stripe by the organisation's id and the plan in its metadata and used instead: one checkout, one
 * charge. A trial means nothing here (no later charge would end it).
 */
async function payOnce(
  p: { plan: ClientPackage; promotion: Promotion | undefined; customerId: string; orgPublicId: string; attemptKey: string; attachCard: () => Promise<{ id: string }> },
  payments: PaymentsService,
): Promise<Purchase> {
  const metadata = { clientId: p.orgPublicId, purpose: 'checkout', packageId: p.plan.public_id }
  const earlier = await payments.findSucceededCharge(p.customerId, metadata)
  if (earlier) return { kind: 'one-time', customerId: p.customerId, paymentIntentId: earlier.paymentIntentId, paidCents: earlier.amountCents }
  const card = await p.attachCard()
  const due = dueTodayCents(
    { priceCents: Number(p.plan.price_cents), trialPackage: false, trialDays: null, recurringInterval: p.plan.recurring_interval },
    p.promotion ? toCheckoutPromoJson(p.promotion) : null,
  )
  if (due === 0) return { kind: 'one-time', customerId: p.customerId, paymentIntentId: null, paidCents: 0 }
  const charge = await payments.chargeOnce(
    {
      customerId: p.customerId,
      paymentMethodId: card.id,
      amountCents: due,
      currency: p.plan.currency,
      description: `${p.plan.package_name} (one-time)`,
      metadata: { ...metadata, ...(p.promotion ? { promotionId: p.promotion.public_id } : {}) },
    },
    `${p.attemptKey}-payment`,
  )
  return { kind: 'one-time', customerId: p.customerId, paymentIntentId: charge.paymentIntentId, paidCents: charge.amountCents }
}

type Reservation =
  { ok: true; org: { id: number; public_id: string; name: string; stripe_customer_id: string | null } } | { ok: false; status: 400; error: string; field: CheckoutField }

function organisationValues(input: CheckoutInput) {
  return {
    name: input.businessName,
    subdomain: input.subDomain.toLowerCase(),
    address: input.address,
    city: input.city,
    postal_code: input.postalCode,
    website: input.website,
    country: input.country,
    time_zone: input.timeZone,
    referral_code: input.referralCode ?? null,
  }
}

/**
 * Holds the subdomain before any money moves: an inactive organisation row without an owner. A later
 * submit of the same form updates it (the buyer may have changed the name after a decline). Another
 * buyer's reservation left for 30 minutes gives way.
 */
function reserveOrganisation(publicId: string, input: CheckoutInput): Promise<Reservation> {
  // Under the subdomain lock: a name a rename releases at this moment is held before this check can read it free.
  return holdingSubdomains((db) => reserveUnderLock(db, publicId, input))
}

async function reserveUnderLock(db: typeof platformDb, publicId: string, input: CheckoutInput): Promise<Reservation> {
  const availability = await subdomainAvailability(input.subDomain, null, db)
  const own = await db.selectFrom('organisations').select(['id', 'public_id', 'name', 'stripe_customer_id', 'subdomain']).where('public_id', '=', publicId).executeTakeFirst()
  if (!availability.ok && !(own && own.subdomain === input.subDomain.toLowerCase() && availability.error === SUBDOMAIN_TAKEN)) {
    if (availability.error !== SUBDOMAIN_TAKEN || !(await releaseStaleReservation(db, input.subDomain)))
      return { ok: false, status: 400, error: availability.error, field: 'subDomain' }
  }
  try {
    if (own) {
      await db.updateTable('organisations').set(organisationValues(input)).where('id', '=', own.id).execute()
      return { ok: true, org: { ...own, name: input.businessName } }
    }
    await db
      .insertInto('organisations')
      .values({ public_id: publicId, active: false, package_status: 'pending', ...organisationValues(input) })
      .execute()
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    return { ok: false, status: 400, error: SUBDOMAIN_TAKEN, field: 'subDomain' }
  }
  const org = await db.selectFrom('organisations').select(['id', 'public_id', 'name', 'stripe_customer_id']).where('public_id', '=', publicId).executeTakeFirstOrThrow()
  return { ok: true, org }
}

/** Frees a subdomain held by an abandoned reservation (no owner, no subscription, older than 30 minutes). */
async function releaseStaleReservation(db: typeof platformDb, subdomain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('organisations')
    .where('subdomain', '=', subdomain.toLowerCase())
    .where('active', '=', false)
    .where('stripe_subscription_id', 'is', null)
    .where('created_at', '<', new Date(Date.now() - STALE_RESERVATION_MS))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('memberships').select('memberships.id').whereRef('memberships.client_id', '=', 'organisations.id'))))
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * The owner's account in the new realm, the organisation's settings, and the organisation opened. A
 * one-time plan is paid for good: the organisation is active at once (no subscription will ever move
 * it), and its plan, user limit and payment are recorded (organisation_plans).
 */
async function completeOrganisation(
  clientId: number,
  purchase: Purchase,
  plan: ClientPackage,
  input: CheckoutInput,
  welcome: Payload<'email'>,
): Promise<{ owner: number; welcomeId: number }> {
  const passwordHash = await hashPassword(input.password)
  return inTransaction(platformDb, async (trx) => {
    // Its job id makes a second completion (a retry that raced this one) send one welcome.
    const welcomeId = await addToOutbox(trx, 'email', welcome, { jobId: `welcome-${clientId}` })
    const owner = await trx
      .insertInto('users')
      .values({
        public_id: newPublicId(),
        client_id: clientId,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        password_changed_at: new Date(),
      })
      .executeTakeFirstOrThrow()
    const userId = Number(owner.insertId)
    await trx
      .insertInto('memberships')
      .values({ client_id: clientId, user_id: userId, role: 'client', permissions: JSON.stringify([]) })
      .execute()
    await trx
      .insertInto('organisation_settings')
      .values({ client_id: clientId, settings: JSON.stringify({}) })
      .ignore()
      .execute()
    if (purchase.kind === 'subscription') {
      await trx
        .updateTable('organisations')
        .set({ active: true, stripe_customer_id: purchase.customerId, stripe_subscription_id: purchase.subscriptionId })
        .where('id', '=', clientId)
        .execute()
      return { owner: userId, welcomeId }
    }
    await trx
      .updateTable('organisations')
      .set({
        active: true,
        stripe_customer_id: purchase.customerId,
        stripe_subscription_id: null,
        package_status: 'active',
        trial_ends_at: null,
        payment_due_since: null,
        billing_synced_at: new Date(),
      })
      .where('id', '=', clientId)
      .execute()
    const record = {
      stripe_subscription_id: null,
      client_package_id: plan.id,
      quantity: 1,
      max_users: Number(plan.max_users),
      stripe_payment_intent_id: purchase.paymentIntentId,
      paid_cents: purchase.paidCents,
      paid_at: new Date(),
    }
    await trx
      .insertInto('organisation_plans')
      .values({ client_id: clientId, ...record })
      .onDuplicateKeyUpdate({ ...record, updated_at: new Date() })
      .execute()
    return { owner: userId, welcomeId }
  })
}

/**
 * A submit of a form whose checkout already finished (the browser resent it, or showed the second
 * of two clicks): the same answer as the first, for the same buyer only.
 */
async function completedCheckout(orgPublicId: string, input: Pick<CheckoutInput, 'email' | 'password'>): Promise<CheckoutOutcome | null> {
  const owner = await platformDb
    .selectFrom('organisations as o')
    .innerJoin('memberships as m', (j) => j.onRef('m.client_id', '=', 'o.id').on('m.role', '=', 'client'))
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'm.user_id').onRef('u.client_id', '=', 'o.id'))
    .select(['o.id as clientId', 'u.id as userId', 'u.email', 'u.password_hash'])
    .where('o.public_id', '=', orgPublicId)
    .orderBy('m.id')
    .executeTakeFirst()
  if (!owner) return null
  if (owner.email !== input.email || !(await verifyPassword(owner.password_hash, input.password))) return { ok: false, status: 409, error: CHECKOUT_ALREADY_DONE }
  const user = await loadAuthUser(owner.userId, owner.clientId)
  if (!user) return { ok: false, status: 409, error: CHECKOUT_ALREADY_DONE }
  return { ok: true, user, session: { userId: user.id, clientId: user.clientId } }
}

async function waitForFirstSubmit(orgPublicId: string, input: CheckoutInput): Promise<CheckoutOutcome> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const done = await completedCheckout(orgPublicId, input)
    if (done) return done
    if (!(await redis().exists(`checkout:lock:${orgPublicId}`))) break
  }
  return (await completedCheckout(orgPublicId, input)) ?? { ok: false, status: 409, error: CHECKOUT_IN_PROGRESS }
}

function welcomeMail(clientId: number, input: CheckoutInput): SystemMail {
  return {
    clientId,
    to: input.email,
    template: 'portal_welcome',
    fields: { firstName: input.firstName, companyName: input.businessName || 'your portal', subdomain: input.subDomain.toLowerCase() },
    buttonPath: '/login',
  }
}
