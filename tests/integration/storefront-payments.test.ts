// Whether an organisation's portal takes orders, against the real database, Redis and the Stripe
// emulator: no payout account, an account without charges, one Stripe forgot, an unreachable Stripe,
// the answer remembered for a while (and refreshed on demand), and the configured application fee.
import { describe, expect, it, vi } from 'vitest'
import { forgetStorefrontPayments, platformApplicationFeeCents, storefrontPayments } from '#app/models/storefront-payments.server'
import { NOT_TAKING_ORDERS } from '#app/rules/storefront-payments'
import { platformDb, tenantDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'
import { createConnectedAccount, setConnectState } from '#tests/factories/connect'
import { createOrganisation } from '#tests/factories/index'

await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile({ PLATFORM_APPLICATION_FEE_PERCENT: '2.5' }))

/** Payments that would fail if asked: proves Stripe was not asked. */
const unreachable = () => paymentsService(createStripeClient('sk_test_down', 'http://127.0.0.1:9'))

async function organisation() {
  const org = await createOrganisation()
  return { org, t: { db: tenantDb(org.id), clientId: org.id } }
}

describe('storefrontPayments', () => {
  it('without a payout account: not taking orders, and Stripe is not asked', async () => {
    const { t } = await organisation()
    expect(await storefrontPayments(t, { payments: unreachable() })).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.noAccount })
  })

  it('an account whose charges are enabled takes orders on that account', async () => {
    const { org, t } = await organisation()
    const accountId = await createConnectedAccount({ clientId: org.id })
    expect(await storefrontPayments(t)).toEqual({ takingOrders: true, accountId })
  })

  it('says why an account cannot take charges yet', async () => {
    const { org, t } = await organisation()
    const accountId = await createConnectedAccount({ clientId: org.id, chargesEnabled: false })
    expect(await storefrontPayments(t)).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.chargesDisabled })
    await setConnectState(accountId, { chargesEnabled: false, detailsSubmitted: false })
    expect(await storefrontPayments(t, { fresh: true })).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.detailsMissing })
  })

  it('an account Stripe does not know (the emulator restarted) must be set up again', async () => {
    const { org, t } = await organisation()
    await platformDb.updateTable('organisations').set({ stripe_connect_account_id: 'acct_forgotten00000000' }).where('id', '=', org.id).execute()
    expect(await storefrontPayments(t)).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.accountGone })
  })

  it('an unreachable Stripe reads as not taking orders, remembered only briefly', async () => {
    const { org, t } = await organisation()
    await createConnectedAccount({ clientId: org.id })
    expect(await storefrontPayments(t, { payments: unreachable() })).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.providerDown })
    const ttl = await redis().ttl(`storefront-payments:${org.id}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(10)
  })

  it('remembers the answer for 30 s: a page view does not ask Stripe, `fresh` and forgetting do', async () => {
    const { org, t } = await organisation()
    const accountId = await createConnectedAccount({ clientId: org.id })
    expect(await storefrontPayments(t)).toEqual({ takingOrders: true, accountId })
    expect(await redis().ttl(`storefront-payments:${org.id}`)).toBeGreaterThan(10)
    expect(await storefrontPayments(t, { payments: unreachable() })).toEqual({ takingOrders: true, accountId })

    await setConnectState(accountId, { chargesEnabled: false })
    expect(await storefrontPayments(t)).toEqual({ takingOrders: true, accountId })
    expect(await storefrontPayments(t, { fresh: true })).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.chargesDisabled })

    await setConnectState(accountId, { chargesEnabled: true })
    expect((await storefrontPayments(t)).takingOrders).toBe(false)
    await forgetStorefrontPayments(t)
    expect(await storefrontPayments(t)).toEqual({ takingOrders: true, accountId })
  })

  it('a new payout account is never answered for by the old one; organisations never share an answer', async () => {
    const { org, t } = await organisation()
    const other = await organisation()
    await createConnectedAccount({ clientId: org.id, chargesEnabled: false })
    expect((await storefrontPayments(t)).takingOrders).toBe(false)
    const replacement = await createConnectedAccount({ clientId: org.id })
    expect(await storefrontPayments(t)).toEqual({ takingOrders: true, accountId: replacement })
    expect(await storefrontPayments(other.t, { payments: unreachable() })).toEqual({ takingOrders: false, reason: NOT_TAKING_ORDERS.noAccount })
  })
})

describe('platformApplicationFeeCents', () => {
  it('takes PLATFORM_APPLICATION_FEE_PERCENT of the total, in whole cents', () => {
    expect(platformApplicationFeeCents(10_000)).toBe(250)
    expect(platformApplicationFeeCents(1999)).toBe(50)
    expect(platformApplicationFeeCents(0)).toBe(0)
  })
})
