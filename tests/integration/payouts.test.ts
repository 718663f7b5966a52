// Payouts through the real SDK against the emulator (ADR 0037): the Connect account made once and kept
// on the organisation, the onboarding link's return URLs from configuration, the four states, and who may.
import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_LOCKED_MESSAGE } from '#app/models/auth-guards.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { PAYOUTS_OWN_SESSION, PAYOUTS_OWNER_ONLY } from '#app/routes/client-billing-request.server'
import { ALL_PERMISSIONS } from '#app/rules/permissions'
import { createOrganisation, createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { sessionClient } from '#tests/factories/session'
import { organisationRow } from './billing-fixtures'
import { Client, signIn } from './helpers'
import { callPage } from './page-calls'

const emulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())

const api = async () => ({
  status: (await import('#app/routes/api.client.payouts.checkStatus')).loader,
  setup: (await import('#app/routes/api.client.payouts.initiatePayoutsSetup')).loader,
})

async function setAccount(id: string, state: Record<string, boolean>) {
  const res = await fetch(`${emulator.url}/_emulator/accounts/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(state).map(([k, v]) => [k, String(v)])).toString(),
  })
  expect(res.status).toBe(200)
}

describe('payouts for the owner', () => {
  it('walks the four states: Setup Payouts, Continue Setup, awaiting verification, configured', async () => {
    const { org, owner } = await createTenant()
    const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const calls = await api()
    const notStarted = await client.call(calls.status as never, { path: '/api/client/payouts/checkStatus' })
    expect(notStarted.json).toEqual({
      statusCode: 200,
      status: true,
      profile: { payouts_enabled: false, charges_enabled: false, details_submitted: false, requirements: { currently_due: [] } },
      state: 'not_started',
    })
    expect((await organisationRow(org.id)).stripe_connect_account_id).toBeNull()

    // Forged host headers never make the return URL: it comes from PUBLIC_URL.
    const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Origin: 'https://evil.example' }
    const started = { json: (await callPage(client, calls.setup as never, { path: '/api/client/payouts/initiatePayoutsSetup', headers: forged })).data }
    expect(started.json.status).toBe(true)
    const url = new URL(started.json.url)
    expect(url.origin).toBe(emulator.url)
    expect(url.searchParams.get('return_url')).toBe(`${env().PUBLIC_URL}/payments/payouts?setup=returned`)
    expect(url.searchParams.get('refresh_url')).toBe(`${env().PUBLIC_URL}/payments/payouts?setup=expired`)
    const accountId = (await organisationRow(org.id)).stripe_connect_account_id!
    expect(accountId).toMatch(/^acct_/)
    expect(url.pathname).toBe(`/_emulator/connect/onboard/${accountId}`)

    // A second click: a new link for the same account.
    const again = await client.call(calls.setup as never, { path: '/api/client/payouts/initiatePayoutsSetup' })
    expect(new URL(again.json.url).pathname).toBe(`/_emulator/connect/onboard/${accountId}`)
    expect((await organisationRow(org.id)).stripe_connect_account_id).toBe(accountId)

    const state = async () => (await client.call(calls.status as never, { path: '/api/client/payouts/checkStatus' })).json
    expect((await state()).state).toBe('not_started')
    await setAccount(accountId, { details_submitted: true, charges_enabled: true })
    expect(await state()).toMatchObject({
      state: 'continue',
      profile: { details_submitted: true, charges_enabled: true, payouts_enabled: false, requirements: { currently_due: ['external_account'] } },
    })
    await setAccount(accountId, { charges_enabled: false })
    expect(await state()).toMatchObject({ state: 'verifying', profile: { requirements: { currently_due: [] } } })
    // Stripe's hosted onboarding (the emulator completes it) and back to the return URL.
    const onboard = await fetch(started.json.url, { redirect: 'manual' })
    expect(onboard.status).toBe(302)
    expect(onboard.headers.get('location')).toBe(`${env().PUBLIC_URL}/payments/payouts?setup=returned`)
    expect(await state()).toMatchObject({ state: 'configured', profile: { payouts_enabled: true, charges_enabled: true } })

    const page = await import('#app/routes/_app.payments.payouts')
    const loaded = await callPage(client, page.loader as never, { path: '/payments/payouts?setup=returned' })
    expect(loaded.data).toMatchObject({ state: 'configured', loadError: null, setupRefused: null, note: expect.stringContaining('Welcome back') })
  })

  it('Setup Payouts is a link whose page sends the owner to Stripe (no JavaScript needed)', async () => {
    const { org, owner } = await createTenant()
    const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const page = await import('#app/routes/_app.payments.payouts')
    const setupPage = await import('#app/routes/_app.payments.payouts_.setup')
    const loaded = await callPage(client, page.loader as never, { path: '/payments/payouts' })
    expect(loaded.data).toMatchObject({ state: 'not_started', note: null, loadError: null })
    const opened = await callPage(client, setupPage.loader as never, { path: '/payments/payouts/setup' })
    expect(opened.status).toBe(302)
    expect(opened.location).toMatch(new RegExp(`^${emulator.url}/_emulator/connect/onboard/acct_`))
    const logs = await platformDb.selectFrom('audit_logs').select(['module', 'action', 'status']).where('client_id', '=', org.id).where('module', '=', 'billing').execute()
    expect(logs).toEqual([{ module: 'billing', action: 'payouts-setup', status: 'success' }])
    expect((await callPage(client, page.loader as never, { path: '/payments/payouts?setup=failed' })).data.loadError).toBe('Please Try Again Later!')
  })

  it('an account Stripe no longer knows reads as not started and is replaced on setup', async () => {
    const { org, owner } = await createTenant()
    const gone = `acct_gone${org.publicId}`.slice(0, 30)
    await platformDb.updateTable('organisations').set({ stripe_connect_account_id: gone }).where('id', '=', org.id).execute()
    const client = await signIn(new Client(), owner.email, org.name, TEST_PASSWORD)
    const calls = await api()
    expect((await client.call(calls.status as never, { path: '/api/client/payouts/checkStatus' })).json.state).toBe('not_started')
    expect((await client.call(calls.setup as never, { path: '/api/client/payouts/initiatePayoutsSetup' })).status).toBe(200)
    const replaced = (await organisationRow(org.id)).stripe_connect_account_id
    expect(replaced).not.toBe(gone)
    expect(replaced).toMatch(/^acct_/)
  })
})

describe('who may', () => {
  it('staff are refused whatever their permissions; so is a locked owner; nothing is made', async () => {
    const { org } = await createTenant()
    const staffUser = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: ALL_PERMISSIONS }] })
    const staff = await signIn(new Client(), staffUser.email, org.name, TEST_PASSWORD)
    const calls = await api()
    for (const path of ['/api/client/payouts/checkStatus', '/api/client/payouts/initiatePayoutsSetup']) {
      const handler = path.endsWith('checkStatus') ? calls.status : calls.setup
      const res = await staff.call(handler as never, { path })
      expect(res.status, path).toBe(403)
    }
    const page = await import('#app/routes/_app.payments.payouts')
    const setupPage = await import('#app/routes/_app.payments.payouts_.setup')
    expect((await callPage(staff, setupPage.loader as never, { path: '/payments/payouts/setup' })).status).toBe(403)

    const locked = await createOrganisation({ packageStatus: 'past_due', paymentDueSince: new Date(Date.now() - 9 * 86_400_000) })
    const lockedOwner = await createUser({ memberships: [{ clientId: locked.id, role: 'client' }] })
    const lockedClient = await signIn(new Client(), lockedOwner.email, locked.name, TEST_PASSWORD)
    const refused = await lockedClient.call(calls.setup as never, { path: '/api/client/payouts/initiatePayoutsSetup' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(ACCOUNT_LOCKED_MESSAGE)
    const pageRefused = await callPage(lockedClient, page.loader as never, { path: '/payments/payouts' })
    expect(pageRefused.status).toBe(403)
    expect((await organisationRow(locked.id)).stripe_connect_account_id).toBeNull()
    expect((await organisationRow(org.id)).stripe_connect_account_id).toBeNull()
    expect(PAYOUTS_OWNER_ONLY).toBeTruthy()
  })

  it('a log-in-as session may look but not start setup', async () => {
    const { org, owner } = await createTenant()
    const admin = await createUser({ superadmin: true })
    const ownerId = owner.accounts.get(org.id)!.id
    const client = await sessionClient({ userId: ownerId, clientId: org.id, impersonatorUserId: admin.id, impersonatorClientId: null })
    const calls = await api()
    expect((await client.call(calls.status as never, { path: '/api/client/payouts/checkStatus' })).status).toBe(200)
    const refused = await client.call(calls.setup as never, { path: '/api/client/payouts/initiatePayoutsSetup' })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(PAYOUTS_OWN_SESSION)
    const page = await import('#app/routes/_app.payments.payouts')
    expect((await callPage(client, page.loader as never, { path: '/payments/payouts' })).data.setupRefused).toBe(PAYOUTS_OWN_SESSION)
    const setupPage = await import('#app/routes/_app.payments.payouts_.setup')
    expect((await callPage(client, setupPage.loader as never, { path: '/payments/payouts/setup' })).status).toBe(403)
    expect((await organisationRow(org.id)).stripe_connect_account_id).toBeNull()
  })
})
