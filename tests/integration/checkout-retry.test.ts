// POST /api/checkout retried after its charge went through (issue 28, ADR 0100): the first submit paid and
// then died before the organisation was completed; the buyer submits the same form again (another card this
// time). The retry finishes the checkout on the subscription already paid for and the redemption already held.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { organisationIdForCheckout } from '#app/models/checkout.server'
import * as checkoutApi from '#app/routes/api.checkout'
import { platformDb } from '#app/services/db.server'
import { createStripeClient } from '#app/services/stripe.server'
import { createPlan, createPromotion } from '#tests/factories/subscriptions'
import { Client } from './helpers'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())

const uid = () => randomBytes(5).toString('hex')

/** The welcome e-mails written to the outbox for an address (relayed or not). */
const welcomesTo = (email: string) =>
  platformDb
    .selectFrom('outbox')
    .select(['payload', 'job_id'])
    .where('queue', '=', 'email')
    .where('payload', 'like', `%"${email}"%`)
    .where('payload', 'like', '%"portal_welcome"%')
    .execute()

const buyer = (id: string, email: string, item: string) => ({
  firstName: 'Rita',
  lastName: 'Retry',
  email,
  password: 'Secret-pass-2026',
  businessName: `Rita Writes ${id}`,
  address: '3 Back Street',
  city: 'Denver',
  postalCode: '80201',
  website: 'ritawrites.test',
  country: 'US',
  timeZone: 'America/Denver',
  payment: 'pm_card_visa',
  item,
  subDomain: `rita${id}`,
})

describe('a checkout retried after its charge', () => {
  it('takes no second redemption and starts no second subscription', async () => {
    const stripe = createStripeClient('sk_test_checkout_retry', emulator.url)
    const plan = await createPlan({ priceCents: 4900, maxUsers: 3 })
    const promo = await createPromotion({ percent: 10, duration: 'repeating', months: 3, max: 2 })
    const id = uid()
    const key = `retry-${id}${uid()}`
    const email = `rita.${id}@buyer.test`
    const body = (payment: string) => ({ ...buyer(id, email, plan.public_id), payment, promo: promo.coupon_code })
    const client = new Client()
    const submit = (payment: string) => client.call(checkoutApi.action as never, { path: '/api/checkout', body: body(payment), headers: { 'Idempotency-Key': key } })

    // The server dies after the charge and before the owner is written: here the owner's insert fails.
    const trigger = `checkout_dies_${id}`
    await sql
      .raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON users FOR EACH ROW BEGIN IF NEW.email = '${email}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'died'; END IF; END`)
      .execute(platformDb)
    try {
      await expect(submit('pm_card_visa')).rejects.toThrow('died')
    } finally {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(platformDb)
    }
    // Rolled back with the owner's account: its welcome e-mail, written in the same transaction, went too.
    expect(await welcomesTo(email)).toEqual([])
    const org = await platformDb.selectFrom('organisations').selectAll().where('public_id', '=', organisationIdForCheckout(key)).executeTakeFirstOrThrow()
    const subscriptions = async () => (await stripe.subscriptions.list({ customer: org.stripe_customer_id!, status: 'all' })).data
    expect(await subscriptions()).toHaveLength(1)

    const retry = await submit('pm_card_mastercard')
    expect(retry.status, JSON.stringify(retry.json)).toBe(200)
    expect(retry.json).toMatchObject({ status: true, user: { email } })
    const [subscription, ...more] = await subscriptions()
    expect(more).toEqual([])
    const paid = (await stripe.invoices.list({ customer: org.stripe_customer_id!, limit: 100 })).data.filter((i) => i.status === 'paid')
    expect(paid).toHaveLength(1)
    expect(await platformDb.selectFrom('organisations').select(['active', 'stripe_subscription_id']).where('id', '=', org.id).executeTakeFirstOrThrow()).toEqual({
      active: true,
      stripe_subscription_id: subscription!.id,
    })
    const counted = await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promo.id).executeTakeFirstOrThrow()
    expect(Number(counted.availed_times)).toBe(1)
    expect(await welcomesTo(email)).toHaveLength(1)

    // Submitted once more after it finished: the same answer, nothing more counted or charged.
    expect((await submit('pm_card_visa')).status).toBe(200)
    expect(await subscriptions()).toHaveLength(1)
    expect(Number((await platformDb.selectFrom('promotions').select('availed_times').where('id', '=', promo.id).executeTakeFirstOrThrow()).availed_times)).toBe(1)
    expect(await welcomesTo(email)).toHaveLength(1)
  })

  it('a checkout whose process dies right after the commit still sends its welcome e-mail, once', async () => {
    const plan = await createPlan({ priceCents: 2900, maxUsers: 2 })
    const id = uid()
    const email = `dora.${id}@buyer.test`
    const client = new Client()
    const submit = () =>
      client.call(checkoutApi.action as never, {
        path: '/api/checkout',
        headers: { 'Idempotency-Key': `dies-${id}${uid()}` },
        body: buyer(id, email, plan.public_id),
      })
    // Committed, then the next write (the purchase's audit row) fails: as if the process died there.
    const trigger = `checkout_after_commit_${id}`
    await sql
      .raw(
        `CREATE TRIGGER ${trigger} BEFORE INSERT ON audit_logs FOR EACH ROW BEGIN IF NEW.module = 'checkout' AND NEW.user_id IN (SELECT id FROM users WHERE email = '${email}') THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'died'; END IF; END`,
      )
      .execute(platformDb)
    try {
      await expect(submit()).rejects.toThrow('died')
    } finally {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(platformDb)
    }
    const [welcome, ...more] = await welcomesTo(email)
    expect(more).toEqual([])
    expect(JSON.parse(welcome!.payload)).toMatchObject({ to: email, template: 'portal_welcome' })
  })
})
