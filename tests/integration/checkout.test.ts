// The checkout model against the real database and the Stripe emulator through the real SDK: trial
// and paid plans, promo codes, declines and retries, double submits, taken and abandoned subdomains,
// and the new organisation as a realm of its own (ADR 0035).
import { randomBytes } from 'node:crypto'
import { checkoutBody } from '#tests/factories/checkout'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_ALREADY_DONE, type CheckoutInput, checkoutSchema, PACKAGE_UNAVAILABLE, PROMO_UNAVAILABLE } from '#app/models/checkout.schema'
import { checkout, organisationIdForCheckout } from '#app/models/checkout.server'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'
import { verifyPassword } from '#app/services/password.server'
import { limits } from '#app/services/rate-limit.server'
import { createStripeClient, paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { seedId } from '#db/seed/ids'
import { createTenant } from '#tests/factories/index'
import { startStripeEmulator, type StripeEmulator } from '../../tools/stripe-emulator'

let emulator: StripeEmulator
let stripe: Stripe
let payments: PaymentsService

const PLANS = { trial: seedId('client-package:solo'), paid: seedId('client-package:team'), hidden: seedId('client-package:agency'), inactive: seedId('client-package:legacy') }

beforeAll(async () => {
  emulator = await startStripeEmulator({ port: 0 })
  stripe = createStripeClient('sk_test_checkout', emulator.url)
  payments = paymentsService(stripe)
})

afterAll(async () => {
  await emulator.close()
})

const uid = () => randomBytes(5).toString('hex')
/** Each test buys from an address of its own, so the per-address limits never meet. */
const ctx = () => ({ ip: `198.51.100.${randomBytes(1)[0]! % 250}-${uid()}` })

function buyer(over: Partial<Record<keyof CheckoutInput, string>> = {}): CheckoutInput {
  return checkoutSchema.parse(checkoutBody(PLANS.paid, over))
}

async function organisation(publicId: string) {
  return platformDb.selectFrom('organisations').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

describe('checkout', () => {
  it('a trial plan: the organisation, its owner (role client, own realm) and a trialing subscription; nothing charged', async () => {
    const input = buyer({ item: PLANS.trial, subDomain: `Trial${uid()}` })
    const key = uid() + uid()
    const outcome = await checkout(input, key, ctx(), payments)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.user).toMatchObject({ role: 'client', email: input.email, permissions: [], packageStatus: 'trial' })
    const org = (await organisation(organisationIdForCheckout(key)))!
    expect(org).toMatchObject({
      active: true,
      name: input.businessName,
      subdomain: input.subDomain.toLowerCase(),
      address: '1 Main Street',
      city: 'Austin',
      postal_code: '73301',
      website: 'https://annwrites.test',
      country: 'CA',
      time_zone: 'America/Toronto',
      package_status: 'trial',
      subscription_status: 'trialing',
    })
    expect(outcome.user.clientId).toBe(org.id)
    const days = (org.trial_ends_at!.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThan(14.1)
    const sub = await stripe.subscriptions.retrieve(org.stripe_subscription_id!)
    expect(sub.metadata.clientId).toBe(org.public_id)
    const invoices = await stripe.invoices.list({ customer: org.stripe_customer_id! })
    expect(invoices.data.reduce((sum, i) => sum + i.amount_paid, 0)).toBe(0)
    const owner = await platformDb.selectFrom('users').selectAll().where('id', '=', outcome.user.id).executeTakeFirstOrThrow()
    expect(owner.client_id).toBe(org.id)
    expect(await verifyPassword(owner.password_hash, input.password)).toBe(true)
  })

  it('a paid plan with a repeating promo: charged the discounted price today, the redemption counted', async () => {
    // Placeholder provider ids, like the seed's: the checkout makes the coupon at Stripe.
    const code = `CK${uid()}`.toUpperCase()
    await platformDb
      .insertInto('promotions')
      .values({
        public_id: `ck${uid()}`,
        coupon_code: code,
        discount_type: 'percent',
        value: 20,
        max_redemptions: 10,
        availed_times: 2,
        duration: 'repeating',
        duration_in_months: 3,
        redeem_by: new Date(Date.now() + 30 * 86_400_000),
        stripe_coupon_id: `coupon_seed_${code}`,
        stripe_promotion_code_id: `promo_seed_${code}`,
      })
      .execute()
    const promo = await platformDb.selectFrom('promotions').select(['id', 'availed_times']).where('coupon_code', '=', code).executeTakeFirstOrThrow()
    const key = uid() + uid()
    const outcome = await checkout(buyer({ promo: code.toLowerCase() }), key, ctx(), payments)
    expect(outcome.ok).toBe(true)
    const org = (await organisation(organisationIdForCheckout(key)))!
    expect(org.package_status).toBe('active')
    const invoices = await stripe.invoices.list({ customer: org.stripe_customer_id! })
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([7920])
    const sub = await stripe.subscriptions.retrieve(org.stripe_subscription_id!)
    expect(sub.discounts).toHaveLength(1)
    const promotionCode = (await payments.findPromotionCode(code))!
    expect(await stripe.coupons.retrieve(promotionCode.couponId)).toMatchObject({ percent_off: 20, duration: 'repeating', duration_in_months: 3 })
    const after = await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promo.id).executeTakeFirstOrThrow()
    expect(Number(after.availed_times)).toBe(3)
  })

  it("a declined card answers the provider's message and creates no owner; the retry of that form with another card succeeds", async () => {
    const input = buyer({ payment: 'pm_card_chargeDeclined' })
    const key = uid() + uid()
    const declined = await checkout(input, key, ctx(), payments)
    expect(declined).toEqual({ ok: false, status: 402, error: 'Your card was declined.', field: 'payment' })
    const held = (await organisation(organisationIdForCheckout(key)))!
    expect(held.active).toBe(false)
    expect(await platformDb.selectFrom('memberships').select('id').where('client_id', '=', held.id).execute()).toEqual([])
    // The same form again, another card and a changed business name: the same organisation, completed.
    const retried = await checkout({ ...input, payment: 'pm_card_mastercard', businessName: 'Renamed Writing' }, key, ctx(), payments)
    expect(retried.ok).toBe(true)
    const org = (await organisation(organisationIdForCheckout(key)))!
    expect(org).toMatchObject({ id: held.id, active: true, name: 'Renamed Writing', package_status: 'active' })
    const subs = await stripe.subscriptions.list({ customer: org.stripe_customer_id! })
    expect(subs.data).toHaveLength(1)
  })

  it('a double submit of one form makes one organisation and one subscription, and signs the buyer in both times', async () => {
    const input = buyer()
    const key = uid() + uid()
    const [a, b] = await Promise.all([checkout(input, key, ctx(), payments), checkout(input, key, ctx(), payments)])
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(a.user.id).toBe(b.user.id)
    const org = (await organisation(organisationIdForCheckout(key)))!
    const subs = await stripe.subscriptions.list({ customer: org.stripe_customer_id! })
    expect(subs.data).toHaveLength(1)
    const invoices = await stripe.invoices.list({ customer: org.stripe_customer_id! })
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([9900])
    // Later, the same form with another password is not a way in.
    expect(await checkout({ ...input, password: 'Other-pass-2026' }, key, ctx(), payments)).toEqual({ ok: false, status: 409, error: CHECKOUT_ALREADY_DONE })
  })

  it('a taken subdomain (any letter case) is refused before any money moves', async () => {
    const before = (await stripe.customers.list({ limit: 100 })).data.length
    const outcome = await checkout(buyer({ subDomain: 'DemoWriting' }), uid() + uid(), ctx(), payments)
    expect(outcome).toEqual({ ok: false, status: 400, error: SUBDOMAIN_TAKEN, field: 'subDomain' })
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before)
  })

  it("another buyer's reservation holds the name for 30 minutes, then gives way", async () => {
    const name = `held${uid()}`
    const abandoned = await checkout(buyer({ subDomain: name, payment: 'pm_card_chargeDeclined' }), uid() + uid(), ctx(), payments)
    expect(abandoned.ok).toBe(false)
    expect(await checkout(buyer({ subDomain: name }), uid() + uid(), ctx(), payments)).toMatchObject({ ok: false, error: SUBDOMAIN_TAKEN })
    await platformDb
      .updateTable('organisations')
      .set({ created_at: new Date(Date.now() - 31 * 60_000) })
      .where('subdomain', '=', name)
      .execute()
    const outcome = await checkout(buyer({ subDomain: name }), uid() + uid(), ctx(), payments)
    expect(outcome.ok).toBe(true)
  })

  it('plans not on sale and unknown promo codes are refused', async () => {
    for (const item of [PLANS.hidden, PLANS.inactive, 'no-such-plan']) {
      expect(await checkout(buyer({ item }), uid() + uid(), ctx(), payments)).toEqual({ ok: false, status: 404, error: PACKAGE_UNAVAILABLE, field: 'item' })
    }
    expect(await checkout(buyer({ promo: 'NOPE-NOT-A-CODE' }), uid() + uid(), ctx(), payments)).toEqual({ ok: false, status: 400, error: PROMO_UNAVAILABLE, field: 'promo' })
  })

  it('an address already used in another organisation gets a new account in the new realm; the other one is untouched', async () => {
    // A tenant of this test's own: the seeded demo accounts stay with one organisation each (the login specs expect it).
    const { owner } = await createTenant()
    const existing = await platformDb.selectFrom('users').select(['id', 'password_hash', 'client_id']).where('email', '=', owner.email).executeTakeFirstOrThrow()
    const outcome = await checkout(buyer({ email: owner.email, password: 'Another-pass-2026' }), uid() + uid(), ctx(), payments)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.user.id).not.toBe(existing.id)
    expect(outcome.user.clientId).not.toBe(existing.client_id)
    const still = await platformDb.selectFrom('users').select('password_hash').where('id', '=', existing.id).executeTakeFirstOrThrow()
    expect(still.password_hash).toBe(existing.password_hash)
  })

  it('declined attempts from one address are limited (card testing); a success gives its point back', async () => {
    const address = ctx()
    const limiter = limits.checkoutAttemptsPerIp()
    await limiter.penalty(address.ip, limiter.points - 1)
    expect(await checkout(buyer(), uid() + uid(), address, payments)).toMatchObject({ ok: true })
    expect(await checkout(buyer({ payment: 'pm_card_chargeDeclined' }), uid() + uid(), address, payments)).toMatchObject({ ok: false, status: 402 })
    expect(await checkout(buyer(), uid() + uid(), address, payments)).toMatchObject({ ok: false, status: 429 })
    await limiter.delete(address.ip)
  })
})
