// The route inventory's last gaps (issue 28, ADRs 0098 and 0102): the routes whose rival needs a world of its own
// (a CRM, cards and a subscription at Stripe, a report, a reviewer's queue, a customised e-mail template, an audit
// trail). Each row calls a route's loader or action with an owner's session cookie, side by side: a rival
// organisation's id answers 404 and nothing of the rival changes; a list or form shows nothing of the rival; a
// rival id smuggled into a body or a selection is ignored or refused, the change landing in the caller's own
// organisation only.
import Stripe from 'stripe'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { crmUserActions } from '#app/models/crm.server'
import { recordAudit } from '#app/models/audit.server'
import * as auditLogs from '#app/routes/_app.audit-logs'
import * as crmEdit from '#app/routes/_app.crm.user.edit.$id'
import * as crmList from '#app/routes/_app.crm.user.view.all'
import * as assignedOrders from '#app/routes/_app.orders.assigned-orders'
import * as manageSubscription from '#app/routes/_app.payments.manage-subscription'
import * as methodsPage from '#app/routes/_app.payments.methods'
import * as workflowCreate from '#app/routes/_app.products.customer-services.$serviceType.create'
import * as formCreate from '#app/routes/_app.products.forms.create'
import * as systemEmails from '#app/routes/_app.website-settings.system-emails'
import * as createReports from '#app/routes/api.client.create-reports'
import * as templates from '#app/routes/api.client.emails-templates'
import * as templateById from '#app/routes/api.client.emails-templates.$id'
import * as checkPromo from '#app/routes/api.client.payments.check-promo'
import * as upgrade from '#app/routes/api.client.payments.upgrade'
import * as reportList from '#app/routes/api.client.reports'
import * as reportDownload from '#app/routes/api.client.reports_.$id.download'
import * as writerMetric from '#app/routes/api.client.writers_.analytics_.$metric'
import * as addMethod from '#app/routes/api.payments.methods.add'
import * as methodsGet from '#app/routes/api.payments.methods.get'
import * as tableColumns from '#app/routes/table-columns'
import { platformDb } from '#app/services/db.server'
import { closeQueues, queue } from '#app/services/queue.server'
import { createStripeClient, paymentsService } from '#app/services/stripe.server'
import { createPublishedForm } from '#tests/factories/brief'
import { crmTenant } from '#tests/factories/crm'
import { createTenant } from '#tests/factories/index'
import { createOrderWorld } from '#tests/factories/orders'
import { sessionClient } from '#tests/factories/session'
import { subscribedOrganisation } from './billing-fixtures'
import type { Client } from './helpers'
import { callPage } from './page-calls'

const stripeEmulator = await vi.hoisted(async () => (await import('./stripe-emulator-fixture')).emulatorForThisFile())
await vi.hoisted(async () => (await import('./crm-emulator-fixture')).crmEmulatorForThisFile())

afterAll(async () => {
  await closeQueues()
})

type Handler = ((args: never) => Promise<unknown>) | undefined
/** One row: the route's handler, its URL (with the rival's id where it takes one), params, and a form or JSON body. */
type Row = { handler: Handler; path: string; params?: Record<string, string>; method?: string; form?: Record<string, string | string[]>; json?: unknown }
type Answer = { row: Row; status: number; body: string }

/** Every row called at once with this client's session: a page through callPage, a JSON call through Client.call. */
async function callAll(client: Client, rows: Row[]): Promise<Answer[]> {
  return Promise.all(
    rows.map(async (row): Promise<Answer> => {
      if (row.path.startsWith('/api/')) {
        const res = await client.call(row.handler as never, { path: row.path, params: row.params, method: row.method, body: row.json })
        return { row, status: res.status, body: JSON.stringify(res.json) }
      }
      const res = await callPage(client, row.handler, { path: row.path, params: row.params, form: row.form })
      return { row, status: res.status, body: typeof res.data === 'string' ? res.data : JSON.stringify(res.data) }
    }),
  )
}

/** The rows whose answer is not the expected one, as `METHOD url -> status answer` lines (empty when all are right). */
function wrong(answers: Answer[], ok: (a: Answer, i: number) => boolean): string[] {
  return answers.filter((a, i) => !ok(a, i)).map((a) => `${a.row.method ?? (a.row.form || a.row.json ? 'POST' : 'GET')} ${a.row.path} -> ${a.status} ${a.body.slice(0, 160)}`)
}

const ownerOf = (w: { org: { id: number }; owner: { id: number } }) => sessionClient({ userId: w.owner.id, clientId: w.org.id })
const tag = () => Math.random().toString(36).slice(2, 8)
const TEMPLATE = { subject: 'Order received', title: 'Thanks', body: '<p>We have it.</p>', button_text: 'Open' }
const REPORT = { startDate: '2026-03-01', endDate: '2026-03-31', reportsFields: ['orderId'] }

/** A small organisation with an order its reviewer reviews, an intake form, a report and a customised template. */
async function world() {
  const tenant = await createTenant()
  const data = await createOrderWorld(tenant.org.id, 1)
  const order = data.orders[0]!
  await platformDb.updateTable('orders').set({ reviewer_id: data.reviewer.userId }).where('id', '=', order.id).where('client_id', '=', tenant.org.id).execute()
  const session = await ownerOf(tenant)
  const mark = tag()
  const form = await createPublishedForm(tenant.org.id, `Form ${mark}`)
  const report = await session.call(createReports.action as never, { path: '/api/client/create-reports', body: { ...REPORT, finalQuestionnaires: [] } })
  const template = await session.call(templates.action as never, {
    path: '/api/client/emails-templates',
    body: { ...TEMPLATE, subject: `Subject ${mark}`, code: 'order_received', between: 'adminToCustomer' },
  })
  expect([report.status, template.status], JSON.stringify([report.json, template.json])).toEqual([201, 200])
  await recordAudit({ clientId: tenant.org.id, userId: tenant.owner.id, module: 'orders', action: 'update', status: 'success', message: `Audited ${mark}` })
  return { ...tenant, ...data, order, session, mark, form, reportId: report.json.report._id as string, templateId: template.json.emailTemplate._id as string }
}

describe("a rival organisation's ids", () => {
  it("an owner gets 404 for a rival's report and template, no list or form shows the rival, and nothing of the rival changes", async () => {
    const [a, rival] = await Promise.all([world(), world()])
    const reviewer = await sessionClient({ userId: a.reviewer.userId, clientId: a.org.id })
    const rivalRows = () =>
      Promise.all([
        platformDb.selectFrom('order_reports').selectAll().where('client_id', '=', rival.org.id).execute(),
        platformDb.selectFrom('email_templates').selectAll().where('client_id', '=', rival.org.id).execute(),
        platformDb.selectFrom('forms').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
        platformDb.selectFrom('workflows').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
        platformDb.selectFrom('table_columns').selectAll().where('client_id', '=', rival.org.id).execute(),
      ])
    const before = await rivalRows()

    // The rival's own ids, asked for by A's owner: unknown here.
    const byId = await callAll(a.session, [
      { handler: templateById.action, path: `/api/client/emails-templates/${rival.templateId}`, params: { id: rival.templateId }, method: 'PATCH', json: TEMPLATE },
      { handler: templateById.action, path: `/api/client/emails-templates/${rival.templateId}`, params: { id: rival.templateId }, method: 'DELETE' },
      { handler: reportDownload.loader, path: `/api/client/reports/${rival.reportId}/download`, params: { id: rival.reportId } },
    ])
    expect(
      wrong(byId, (x) => x.status === 404),
      "a rival organisation's id: 404",
    ).toEqual([])
    // The same report id is known to its own organisation (not ready yet: 409), so the 404 above is the organisation.
    expect((await rival.session.call(reportDownload.loader as never, { path: `/api/client/reports/${rival.reportId}/download`, params: { id: rival.reportId } })).status).toBe(409)

    // Lists and forms: 200, A's own rows there, none of the rival's.
    const rivalTraces = [rival.mark, rival.reportId, rival.templateId, rival.form.publicId, rival.order.public_id, rival.writer.publicId, rival.customer.email]
    const lists = await callAll(a.session, [
      { handler: auditLogs.loader, path: '/audit-logs' },
      { handler: reportList.loader, path: '/api/client/reports' },
      { handler: systemEmails.loader, path: '/website-settings/system-emails?between=adminToCustomer&edit=order_received' },
      { handler: workflowCreate.loader, path: '/products/customer-services/resume/create', params: { serviceType: 'resume' } },
      { handler: writerMetric.action, path: '/api/client/writers/analytics/order-tracker', params: { metric: 'order-tracker' }, json: { selectedWriters: [] } },
    ])
    const [ownList] = await callAll(reviewer, [{ handler: assignedOrders.loader, path: '/orders/assigned-orders' }])
    const own = [a.mark, a.reportId, a.mark, a.form.publicId, a.writer.publicId]
    expect(
      wrong(lists, (x, i) => x.status === 200 && x.body.includes(own[i]!) && !rivalTraces.some((trace) => x.body.includes(trace))),
      "a list without A's own row, or with a rival organisation's",
    ).toEqual([])
    expect([ownList!.status, ownList!.body.includes(a.order.public_id), rivalTraces.some((trace) => ownList!.body.includes(trace))]).toEqual([200, true, false])
    // A rival contributor named in the selection is no row of A's.
    const [selected] = await callAll(a.session, [
      {
        handler: writerMetric.action,
        path: '/api/client/writers/analytics/first-draft-rating',
        params: { metric: 'first-draft-rating' },
        json: { selectedWriters: [rival.writer.publicId] },
      },
    ])
    expect([selected!.status, JSON.parse(selected!.body).data]).toEqual([200, []])

    // Changes that name the rival (its form as a step or a questionnaire, its ids in the body): refused, or made in A only.
    const steps = (formId: string, name: string) => ({ serviceName: name, 'serviceModules[0].id': formId, 'serviceModules[0].title': 'Step' })
    const smuggled = { client_id: String(rival.org.id), clientId: rival.org.publicId, userId: String(rival.owner.id) }
    const [stepName, formName] = [`Taken ${a.mark}`, `Form by A ${a.mark}`]
    const changes = await callAll(a.session, [
      { handler: workflowCreate.action, path: '/products/customer-services/resume/create', params: { serviceType: 'resume' }, form: steps(rival.form.publicId, stepName) },
      { handler: workflowCreate.action, path: '/products/customer-services/resume/create', params: { serviceType: 'resume' }, form: steps(a.form.publicId, `${stepName} own`) },
      { handler: createReports.action, path: '/api/client/create-reports', json: { ...REPORT, finalQuestionnaires: [rival.form.publicId] } },
      { handler: createReports.action, path: '/api/client/create-reports', json: { ...REPORT, finalQuestionnaires: [a.form.publicId], ...smuggled } },
      { handler: formCreate.action, path: '/products/forms/create', form: { name: formName, ...smuggled } },
      {
        handler: systemEmails.action,
        path: '/website-settings/system-emails',
        form: { intent: 'save', code: 'order_received', ...TEMPLATE, subject: `Saved by A ${a.mark}`, ...smuggled },
      },
      { handler: tableColumns.action, path: '/table-columns', form: { table: 'orders', columns: ['email'], ...smuggled } },
    ])
    expect(changes.map((x) => x.status)).toEqual([400, 302, 400, 201, 302, 200, 200])
    expect(await platformDb.selectFrom('workflows').select('client_id').where('name', 'like', `${stepName}%`).execute()).toEqual([{ client_id: a.org.id }])
    expect(await platformDb.selectFrom('forms').select('client_id').where('name', '=', formName).execute()).toEqual([{ client_id: a.org.id }])
    expect(await platformDb.selectFrom('email_templates').select('client_id').where('subject', '=', `Saved by A ${a.mark}`).execute()).toEqual([{ client_id: a.org.id }])
    expect(await rivalRows()).toEqual(before)
    for (const id of [a.reportId, rival.reportId, JSON.parse(changes[3]!.body).report._id]) await queue('order-report').remove(`order-report-${id}`)
  })

  it("a rival's promo-box misses spend its own budget, never A's: A's miss is still a 404", async () => {
    const [a, rival] = await Promise.all([createTenant(), createTenant()])
    const [owner, rivalOwner] = await Promise.all([ownerOf(a), ownerOf(rival)])
    const miss = (client: Client) => client.call(checkPromo.action as never, { path: '/api/client/payments/check-promo', body: { couponCode: `NOPE${tag()}` } })
    const rivalMisses = await Promise.all(Array.from({ length: 21 }, () => miss(rivalOwner)))
    expect(rivalMisses.filter((r) => r.status === 429).length).toBeGreaterThan(0)
    // checkPromo.action for A after the rival's budget ran out: the code is unknown (404), not too many attempts.
    expect((await miss(owner)).status).toBe(404)
  })

  it('an owner gets 404 for a rival CRM user on its edit page and delete, never sees it listed, and it stays as it was', async () => {
    const [a, rival] = await Promise.all([crmTenant(), crmTenant()])
    const created = await crmUserActions.create(rival.t, { firstName: 'Rhea', lastName: 'Rival', email: `rhea.${tag()}@rival.test`, password: 'Str0ng@Pass', crmPermissions: {} })
    if (!created.ok) throw new Error(created.error)
    const rivalUser = created.value
    const owner = await ownerOf(a)
    const id = rivalUser.public_id
    const rowsOf = () => platformDb.selectFrom('crm_users').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute()
    const before = await rowsOf()
    const answers = await callAll(owner, [
      { handler: crmEdit.loader, path: `/crm/user/edit/${id}`, params: { id } },
      { handler: crmEdit.action, path: `/crm/user/edit/${id}`, params: { id }, form: { firstName: 'Taken', lastName: 'Over', email: 'taken@a.test', password: '' } },
      { handler: crmList.action, path: '/crm/user/view/all', form: { intent: 'delete', userId: id } },
    ])
    expect(
      wrong(answers, (x) => x.status === 404),
      "a rival organisation's CRM user: 404",
    ).toEqual([])
    const [list] = await callAll(owner, [{ handler: crmList.loader, path: '/crm/user/view/all' }])
    expect([list!.status, list!.body.includes(id) || list!.body.includes(rivalUser.email)]).toEqual([200, false])
    expect(await rowsOf()).toEqual(before)
  })

  it("an owner's card and subscription pages show nothing of a rival's, its card is 404 as a default and stays its own, and its subscription is untouched", async () => {
    const stripe = createStripeClient('sk_test_rivals', stripeEmulator.url)
    const payments = paymentsService(stripe)
    const [a, rival] = await Promise.all([subscribedOrganisation(stripe, payments, stripeEmulator.url), subscribedOrganisation(stripe, payments, stripeEmulator.url)])
    const owner = await ownerOf(a)
    const rivalCard = rival.visa.id
    const subBefore = await stripe.subscriptions.retrieve(rival.sub.id)
    const rivalTraces = [rivalCard, rival.sub.id, rival.customer.id]
    const lists = await callAll(owner, [
      { handler: methodsPage.loader, path: '/payments/methods' },
      { handler: methodsGet.loader, path: '/api/payments/methods/get' },
      { handler: upgrade.loader, path: '/api/client/payments/upgrade' },
      { handler: manageSubscription.loader, path: '/payments/manage-subscription' },
    ])
    expect(
      wrong(lists, (x) => x.status === 200 && x.body.includes('4242') && !rivalTraces.some((trace) => x.body.includes(trace))),
      "a card or subscription page without A's card, or with a rival organisation's",
    ).toEqual([])
    const changes = await callAll(owner, [
      { handler: methodsPage.action, path: '/payments/methods', form: { intent: 'default', id: rivalCard, requestKey: tag() } },
      { handler: addMethod.action, path: '/api/payments/methods/add', json: { data: rivalCard } },
      { handler: manageSubscription.action, path: '/payments/manage-subscription', form: { intent: 'cancel', subscriptionId: rival.sub.id, requestKey: tag() } },
    ])
    expect(changes[0]!.status, changes[0]!.body).toBe(404)
    expect(changes[1]!.status, changes[1]!.body).not.toBe(200)
    expect(((await stripe.paymentMethods.retrieve(rivalCard)) as Stripe.PaymentMethod).customer).toBe(rival.customer.id)
    const subAfter = await stripe.subscriptions.retrieve(rival.sub.id)
    expect([subAfter.status, subAfter.cancel_at_period_end, subAfter.default_payment_method]).toEqual([
      subBefore.status,
      subBefore.cancel_at_period_end,
      subBefore.default_payment_method,
    ])
  })
})
