// The public checkout (ADR 0035): a buyer becomes an organisation (its own realm), that organisation's
// owner and a Stripe subscription, exactly once per checkout form however often it is submitted.
import { sql } from 'kysely'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { deriveKey, hmac, newPublicId, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { hashPassword, verifyPassword } from '#app/services/password.server'
import { consume, refund, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { redis } from '#app/services/redis.server'
import { cardErrorMessage, type PaymentsService } from '#app/services/stripe.server'
import type { SessionData } from '#app/services/session.server'
import { escapeHtml } from '#app/utils/html'
import { publicUrl } from '#app/utils/public-url.server'
import { inTransaction } from '#db/transaction'
import { enqueue } from '#jobs/queues'
import { type AuthUser, loadAuthUser } from './account.server'
import { recordAudit } from './audit.server'
import { organisationCustomerId, planPriceId, promotionCodeId } from './billing-account.server'
import { CHECKOUT_ALREADY_DONE, CHECKOUT_FAILED, CHECKOUT_IN_PROGRESS, type CheckoutInput, PACKAGE_UNAVAILABLE, PROMO_UNAVAILABLE } from './checkout.schema'
import { findPurchasablePackage } from './client-packages.server'
import { isDuplicateKey } from './people.server'
import { syncSubscription } from './platform-billing.server'
import { findRedeemablePromotion } from './promotions.server'
import { subdomainAvailability } from './subdomains.server'


export type CheckoutField = keyof CheckoutInput
export type CheckoutOutcome =
  | { ok: true; user: AuthUser; session: SessionData }
  | { ok: false; status: 400 | 402 | 404 | 409 | 429 | 502; error: string; field?: CheckoutField }

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
  const done = await completedCheckout(orgPublicId, input)
  if (done) return done
  const plan = await findPurchasablePackage(input.item)
  if (!plan || plan.one_time_pay) return { ok: false, status: 404, error: PACKAGE_UNAVAILABLE, field: 'item' }
  const promotion = input.promo ? await findRedeemablePromotion(input.promo) : undefined
  if (input.promo && !promotion) return { ok: false, status: 400, error: PROMO_UNAVAILABLE, field: 'promo' }

  const lockKey = `checkout:lock:${orgPublicId}`
  if ((await redis().set(lockKey, '1', 'PX', LOCK_MS, 'NX')) !== 'OK') return waitForFirstSubmit(orgPublicId, input)
  try {
    const reserved = await reserveOrganisation(orgPublicId, input)
    if (!reserved.ok) return reserved
    // Card testing: each attempt that reaches the card network costs a point, given back on success.
    if (!(await consume('checkoutAttemptsPerIp', ctx.ip))) return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS }
    let subscriptionId: string
    let customerId: string
    try {
      customerId = await organisationCustomerId(reserved.org, { email: input.email, name: `${input.firstName} ${input.lastName}` }, payments)
      const attemptKey = `checkout-${orgPublicId}-${sha256(JSON.stringify([input.payment, plan.public_id, promotion?.public_id ?? null]))}`
      // A test token (pm_card_visa) attaches as a new payment method of its own id, as at Stripe.
      const card = await payments.attachPaymentMethod(customerId, input.payment, { makeDefault: true }, `${attemptKey}-pm`)
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
      subscriptionId = subscription.id
    } catch (error) {
      const cardMessage = cardErrorMessage(error)
      if (cardMessage) {
        await recordAudit({ clientId: null, module: 'checkout', action: 'pay', status: 'failure', ip: ctx.ip, message: `Card declined at checkout for ${input.email}` })
        return { ok: false, status: 402, error: cardMessage, field: 'payment' }
      }
      console.error('[checkout] the payment provider failed', error instanceof Error ? error.message : error)
      return { ok: false, status: 502, error: CHECKOUT_FAILED }
    }
    await refund('checkoutAttemptsPerIp', ctx.ip)
    const owner = await completeOrganisation(reserved.org.id, customerId, subscriptionId, input)
    await syncSubscription({ subscriptionId, customerId, metadataClientId: orgPublicId }, payments)
    if (promotion) await platformDb.updateTable('promotions').set({ availed_times: sql`availed_times + 1` }).where('id', '=', promotion.id).execute()
    const user = (await loadAuthUser(owner, reserved.org.id))!
    await recordAudit({ clientId: reserved.org.id, userId: user.id, userName: `${user.firstName} ${user.lastName}`, userRole: 'client', module: 'checkout', action: 'subscribe', status: 'success', ip: ctx.ip, message: `Bought ${plan.package_name}` })
    await sendWelcome(user, input.subDomain)
    return { ok: true, user, session: { userId: user.id, clientId: user.clientId } }
  } finally {
    await redis().del(lockKey)
  }
}

type Reservation = { ok: true; org: { id: number; public_id: string; name: string; stripe_customer_id: string | null } } | { ok: false; status: 400; error: string; field: CheckoutField }

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
async function reserveOrganisation(publicId: string, input: CheckoutInput): Promise<Reservation> {
  const availability = await subdomainAvailability(input.subDomain)
  const own = await platformDb.selectFrom('organisations').select(['id', 'public_id', 'name', 'stripe_customer_id', 'subdomain']).where('public_id', '=', publicId).executeTakeFirst()
  if (!availability.ok && !(own && own.subdomain === input.subDomain.toLowerCase() && availability.error === SUBDOMAIN_TAKEN)) {
    if (availability.error !== SUBDOMAIN_TAKEN || !(await releaseStaleReservation(input.subDomain))) return { ok: false, status: 400, error: availability.error, field: 'subDomain' }
  }
  try {
    if (own) {
      await platformDb.updateTable('organisations').set(organisationValues(input)).where('id', '=', own.id).execute()
      return { ok: true, org: { ...own, name: input.businessName } }
    }
    await platformDb
      .insertInto('organisations')
      .values({ public_id: publicId, active: false, package_status: 'pending', ...organisationValues(input) })
      .execute()
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    return { ok: false, status: 400, error: SUBDOMAIN_TAKEN, field: 'subDomain' }
  }
  const org = await platformDb.selectFrom('organisations').select(['id', 'public_id', 'name', 'stripe_customer_id']).where('public_id', '=', publicId).executeTakeFirstOrThrow()
  return { ok: true, org }
}

/** Frees a subdomain held by an abandoned reservation (no owner, no subscription, older than 30 minutes). */
async function releaseStaleReservation(subdomain: string): Promise<boolean> {
  const result = await platformDb
    .deleteFrom('organisations')
    .where('subdomain', '=', subdomain.toLowerCase())
    .where('active', '=', false)
    .where('stripe_subscription_id', 'is', null)
    .where('created_at', '<', new Date(Date.now() - STALE_RESERVATION_MS))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('memberships').select('memberships.id').whereRef('memberships.client_id', '=', 'organisations.id'))))
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The owner's account in the new realm, the organisation's settings, and the organisation opened. */
async function completeOrganisation(clientId: number, customerId: string, subscriptionId: string, input: CheckoutInput): Promise<number> {
  const passwordHash = await hashPassword(input.password)
  return inTransaction(platformDb, async (trx) => {
    const owner = await trx
      .insertInto('users')
      .values({ public_id: newPublicId(), client_id: clientId, email: input.email, password_hash: passwordHash, first_name: input.firstName, last_name: input.lastName, password_changed_at: new Date() })
      .executeTakeFirstOrThrow()
    const userId = Number(owner.insertId)
    await trx.insertInto('memberships').values({ client_id: clientId, user_id: userId, role: 'client', permissions: JSON.stringify([]) }).execute()
    await trx.insertInto('organisation_settings').values({ client_id: clientId, settings: JSON.stringify({}) }).ignore().execute()
    await trx.updateTable('organisations').set({ active: true, stripe_customer_id: customerId, stripe_subscription_id: subscriptionId }).where('id', '=', clientId).execute()
    return userId
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

async function sendWelcome(user: AuthUser, subdomain: string) {
  const loginUrl = publicUrl('/login')
  const name = escapeHtml(user.firstName)
  await enqueue(
    'email',
    {
      clientId: user.clientId,
      to: user.email,
      subject: `Welcome to ${user.organisationName ?? 'your portal'}`,
      text: `Hi ${user.firstName},\n\nYour portal (${subdomain.toLowerCase()}) is ready. Sign in at ${loginUrl} with this e-mail address.\n`,
      html: `<p>Hi ${name},</p><p>Your portal (<strong>${escapeHtml(subdomain.toLowerCase())}</strong>) is ready. <a href="${escapeHtml(loginUrl)}">Sign in</a> with this e-mail address.</p>`,
    },
    { jobId: `welcome-${user.clientId}` },
  )
}

