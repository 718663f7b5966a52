// The client subscription JSON routes over HTTP (back-office section 7, "Profile and billing"; ADR 0038):
// 401 signed out, 403 for staff without the permission (paying the open invoice: one rule with the
// invoices and manage pages, ADR 0052), 405 for other methods, 400 for malformed bodies, and tenancy:
// another organisation's session can neither see nor change a subscription.
import { expect, test } from '@playwright/test'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'
import { platformDb } from '#app/services/db.server'
import { createPlan, subscribeOrganisation } from '#tests/factories/subscriptions'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const payments = () => {
  if (!process.env.STRIPE_API_URL) throw new Error('Set STRIPE_API_URL to the emulator the test server uses')
  return paymentsService(createStripeClient('sk_test_subscription_api', process.env.STRIPE_API_URL))
}

type Call = { method: 'GET' | 'POST'; path: string; data?: unknown }
const P = '/api/client/payments'
const READS: Call[] = [{ method: 'GET', path: `${P}/client-subscription-details` }]
const CHOOSING: Call[] = [
  { method: 'GET', path: `${P}/upgrade` },
  { method: 'POST', path: `${P}/check-promo`, data: { couponCode: 'WELCOME20' } },
]
const MANAGING: Call[] = [
  { method: 'POST', path: `${P}/trial-upgrade`, data: { subPackage: 'nope' } },
  { method: 'POST', path: `${P}/cancel-subscription`, data: {} },
  { method: 'POST', path: `${P}/pause-subscription`, data: {} },
  { method: 'POST', path: `${P}/unpause-subscription`, data: {} },
  { method: 'GET', path: `${P}/upgrade-plan-details` },
  { method: 'POST', path: `${P}/upgrade-proration-preview`, data: { userQuantity: 1, recurringInterval: 'month' } },
  { method: 'POST', path: `${P}/upgrade-subscription-users`, data: { userQuantity: 1, recurringInterval: 'month' } },
  { method: 'POST', path: `${P}/pay-open-invoice`, data: {} },
  { method: 'POST', path: `${P}/reactivate-subscription`, data: { reactivateCurrentSubscription: true } },
]
const REACTIVATING: Call[] = [{ method: 'POST', path: `${P}/reactivate-subscription`, data: { subPackage: 'nope' } }]
const ALL = [...READS, ...CHOOSING, ...MANAGING, ...REACTIVATING]

const send = (request: Awaited<ReturnType<typeof open>>, call: Call) => request.fetch(call.path, { method: call.method, headers: ORIGIN_HEADERS, data: call.data })

test('signed out: every call answers 401 JSON', async ({ playwright }) => {
  const request = await open(playwright)
  for (const call of ALL) {
    const res = await send(request, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(401)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 401, error: 'Unauthorized' })
  }
})

test('staff need WRITE_MANAGE_SUBSCRIPTION to change the plan and WRITE_PAYMENT_METHOD to start a new one; anyone reads it', async ({ playwright }) => {
  const { org, request: owner } = await ownerSession(open, playwright)
  const plain = await staffSession(open, playwright, org.id, org.name, ['READ_ORDERS'])
  for (const call of [...CHOOSING, ...MANAGING, ...REACTIVATING]) {
    const res = await send(plain.request, call)
    expect(res.status(), `${call.method} ${call.path}`).toBe(403)
    expect(await res.json()).toMatchObject({
      status: false,
      error: "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page",
    })
  }
  for (const call of READS) expect((await send(plain.request, call)).status(), call.path).toBe(200)

  const manager = await staffSession(open, playwright, org.id, org.name, ['READ_PAYMENT_METHOD', 'WRITE_MANAGE_SUBSCRIPTION'])
  for (const call of REACTIVATING) expect((await send(manager.request, call)).status(), call.path).toBe(403)
  // Paying the open invoice is not managing the plan (ADR 0052).
  expect((await send(manager.request, { method: 'POST', path: `${P}/pay-open-invoice`, data: {} })).status()).toBe(403)
  // Allowed through the guard: the organisation has no subscription, so the answer is the state's refusal.
  expect((await send(manager.request, { method: 'POST', path: `${P}/cancel-subscription`, data: {} })).status()).toBe(400)
  expect((await send(manager.request, CHOOSING[0]!)).status()).toBe(200)

  const payer = await staffSession(open, playwright, org.id, org.name, ['READ_PAYMENT_METHOD', 'WRITE_PAYMENT_METHOD'])
  expect((await send(payer.request, { method: 'POST', path: `${P}/reactivate-subscription`, data: { reactivateCurrentSubscription: true } })).status()).toBe(403)
  expect((await send(payer.request, { method: 'POST', path: `${P}/trial-upgrade`, data: { subPackage: 'nope' } })).status()).toBe(403)
  expect((await send(payer.request, REACTIVATING[0]!)).status()).toBe(404)

  // The owner (full access) passes every guard.
  expect((await send(owner, { method: 'POST', path: `${P}/trial-upgrade`, data: { subPackage: 'nope' } })).status()).toBe(404)
})

test('contributors and reviewers do not read the plan (ADR 0072, 0075): 403 like the page, unless they hold a billing permission', async ({ playwright }) => {
  const { org } = await ownerSession(open, playwright)
  for (const permissions of [['WRITER'], ['REVIEWER', 'READ_ORDERS']]) {
    const contributor = await staffSession(open, playwright, org.id, org.name, permissions)
    for (const call of READS) {
      const res = await send(contributor.request, call)
      expect(res.status(), `${call.path}, ${permissions}`).toBe(403)
      expect(await res.json()).toMatchObject({ status: false, statusCode: 403 })
    }
    expect((await contributor.request.get('/payments/manage-subscription', { maxRedirects: 0 })).status()).toBe(403)
  }
  const billingWriter = await staffSession(open, playwright, org.id, org.name, ['WRITER', 'READ_SUBSCRIPTION_INVOICES'])
  for (const call of READS) expect((await send(billingWriter.request, call)).status(), call.path).toBe(200)
})

test('an organisation active without a subscription is not shown "No subscription" beside "Active" (issue 27)', async ({ playwright }) => {
  const { org, request } = await ownerSession(open, playwright)
  await platformDb.updateTable('organisations').set({ package_status: 'active', stripe_subscription_id: null }).where('id', '=', org.id).execute()
  const page = await (await request.get('/payments/manage-subscription')).text()
  expect(page).toContain('No paid plan')
  expect(page).not.toContain('No subscription')
  expect(page).not.toMatch(/>Active</)
  // The plan picker offers no plans without buttons: nothing to upgrade means no cards and no promo box.
  const upgrade = await (await request.get('/payments/upgrade')).text()
  expect(upgrade).toContain('Your account is not on a trial: there is nothing to upgrade.')
  expect(upgrade).not.toContain('aria-label="Packages"')
  expect(upgrade).not.toContain('Promo Code')
})

test('paying the open invoice is one rule (ADR 0052): the invoices page, the manage page and the API', async ({ playwright }) => {
  const { org } = await ownerSession(open, playwright)
  const payOnInvoicesPage = (request: Awaited<ReturnType<typeof open>>) =>
    request.post('/payments/invoices', { headers: ORIGIN_HEADERS, form: { intent: 'pay', invoice_id: 'in_nothing_open' }, maxRedirects: 0 })
  const payOnManagePage = (request: Awaited<ReturnType<typeof open>>) =>
    request.post('/payments/manage-subscription', { headers: ORIGIN_HEADERS, form: { intent: 'pay' }, maxRedirects: 0 })
  const payByApi = (request: Awaited<ReturnType<typeof open>>) => send(request, { method: 'POST', path: `${P}/pay-open-invoice`, data: {} })

  // Managing the plan, or only one of the two permissions, is not enough to charge the saved card.
  for (const permissions of [['READ_PAYMENT_METHOD', 'WRITE_MANAGE_SUBSCRIPTION'], ['READ_SUBSCRIPTION_INVOICES'], ['WRITE_PAYMENT_METHOD']]) {
    const staff = await staffSession(open, playwright, org.id, org.name, permissions)
    expect((await payOnInvoicesPage(staff.request)).status(), `invoices page, ${permissions}`).toBe(403)
    expect((await payOnManagePage(staff.request)).status(), `manage page, ${permissions}`).toBe(403)
    const api = await payByApi(staff.request)
    expect(api.status(), `API, ${permissions}`).toBe(403)
    expect(await api.json()).toMatchObject({
      status: false,
      error: "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page",
    })
  }

  // Holding both passes every guard and reaches the payment step: this organisation has nothing open to pay.
  const payer = await staffSession(open, playwright, org.id, org.name, ['READ_SUBSCRIPTION_INVOICES', 'WRITE_PAYMENT_METHOD'])
  const page = await payOnInvoicesPage(payer.request)
  expect(page.status()).toBe(404)
  expect(await page.text()).toContain('This invoice is not open for payment.')
  const manage = await payOnManagePage(payer.request)
  expect(manage.status()).toBe(400)
  expect(await manage.text()).toContain('There is no open invoice to pay.')
  const api = await payByApi(payer.request)
  expect(api.status()).toBe(400)
  expect(await api.json()).toMatchObject({ status: false, error: 'There is no open invoice to pay.' })
})

test('other methods answer 405 JSON', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  for (const call of ALL) {
    const wrong = { ...call, method: call.method === 'GET' ? ('POST' as const) : ('GET' as const), data: call.method === 'GET' ? {} : undefined }
    const res = await send(request, wrong)
    expect(res.status(), `${wrong.method} ${call.path}`).toBe(405)
    expect(await res.json()).toMatchObject({ status: false, statusCode: 405 })
  }
})

test('malformed bodies answer 400 with the field', async ({ playwright }) => {
  const { request } = await ownerSession(open, playwright)
  const cases: [string, unknown, string][] = [
    [`${P}/trial-upgrade`, { subPackage: 42 }, 'subPackage'],
    [`${P}/trial-upgrade`, {}, 'subPackage'],
    [`${P}/reactivate-subscription`, { subPackage: ['a'] }, 'subPackage'],
    [`${P}/reactivate-subscription`, { reactivateCurrentSubscription: 'nope' }, 'reactivateCurrentSubscription'],
    [`${P}/check-promo`, {}, 'couponCode'],
    [`${P}/check-promo`, { couponCode: 'x'.repeat(65) }, 'couponCode'],
    [`${P}/upgrade-proration-preview`, { userQuantity: 'abc', recurringInterval: 'month' }, 'userQuantity'],
    [`${P}/upgrade-proration-preview`, { userQuantity: 0, recurringInterval: 'month' }, 'userQuantity'],
    [`${P}/upgrade-subscription-users`, { userQuantity: 1.5, recurringInterval: 'month' }, 'userQuantity'],
    [`${P}/upgrade-subscription-users`, { userQuantity: 2, recurringInterval: 'week' }, 'recurringInterval'],
  ]
  for (const [path, data, field] of cases) {
    const res = await request.post(path, { headers: ORIGIN_HEADERS, data })
    expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(400)
    const body = await res.json()
    expect(body.status).toBe(false)
    expect(Object.keys(body.errors ?? {}), `${path} ${JSON.stringify(data)}`).toContain(field)
  }
  const notJson = await request.post(`${P}/trial-upgrade`, { headers: { ...ORIGIN_HEADERS, 'content-type': 'application/json' }, data: '{"subPackage": ' })
  expect(notJson.status()).toBe(400)
})

test("another organisation's session can neither see nor change a subscription", async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await ownerSession(open, playwright)
  const plan = await createPlan({ maxUsers: 5, priceCents: 4900 })
  const { sub } = await subscribeOrganisation(payments(), a.org, { plan })

  const mine = await (await a.request.get(`${P}/client-subscription-details`)).json()
  expect(mine.clientPackage).toMatchObject({ _id: plan.public_id, maxUsers: 5, price: 49 })
  const theirs = await (await b.request.get(`${P}/client-subscription-details`)).json()
  expect(theirs.clientPackage).toBeNull()
  expect(theirs.subscription).toBeNull()

  // Whatever B names in the body, its session's organisation is the one acted on (it has nothing to change).
  const smuggled = { clientId: a.org.publicId, client_id: a.org.publicId, subscriptionId: sub!.id }
  for (const path of ['cancel-subscription', 'pause-subscription', 'unpause-subscription', 'pay-open-invoice']) {
    const res = await b.request.post(`${P}/${path}`, { headers: ORIGIN_HEADERS, data: smuggled })
    expect([200, 400], path).toContain(res.status())
  }
  expect((await b.request.post(`${P}/upgrade-subscription-users`, { headers: ORIGIN_HEADERS, data: { ...smuggled, userQuantity: 3, recurringInterval: 'month' } })).status()).toBe(
    400,
  )
  expect((await b.request.post(`${P}/reactivate-subscription`, { headers: ORIGIN_HEADERS, data: { ...smuggled, reactivateCurrentSubscription: true } })).status()).toBe(400)

  const after = await payments().getSubscription(sub!.id)
  expect(after).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, isPaused: false, quantity: 1 })
  const rowA = await platformDb.selectFrom('organisations').select(['package_status', 'stripe_subscription_id']).where('id', '=', a.org.id).executeTakeFirstOrThrow()
  expect(rowA).toEqual({ package_status: 'active', stripe_subscription_id: sub!.id })
  const rowB = await platformDb.selectFrom('organisations').select(['stripe_subscription_id']).where('id', '=', b.org.id).executeTakeFirstOrThrow()
  expect(rowB.stripe_subscription_id).toBeNull()
})
