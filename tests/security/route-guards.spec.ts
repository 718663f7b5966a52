// The guards the route inventory asks for (issue 28, ADRs 0085 and 0098), table by table through the real server:
// each row names a route's URL and each test asserts its one check for every row, calls side by side. Signed out,
// a page sends to the login (loader and action alike) and a call answers 401; a member without the permission gets
// 403 and nothing changes; an organisation's owner, contributor or customer reaching another organisation's
// ids gets 404 and nothing of that organisation changes or shows.
import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test'
import { deliverDraft } from '#app/models/draft-delivery.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { staffSession } from '#tests/api/helpers'
import { createPublishedForm } from '#tests/factories/brief'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { docxUpload, pdfUpload } from '#tests/factories/draft-files'
import { createPlatformRole, createPlatformStaff, createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { createContributor, createDraft, createOrderWorld } from '#tests/factories/orders'
import { createPlan } from '#tests/factories/subscriptions'
import { browsers, ORIGIN_HEADERS, signIn, signInOnHost, tenantWithSubdomain } from './helpers'
import { rawRequest, type RawResponse } from './raw-http'

const open = browsers()

type Method = 'GET' | 'POST' | 'PATCH'
/** One row of a table: a route's URL, the method its guard answers on, a body (JSON for /api calls, a form for pages). */
type Row = [Method, string, Record<string, unknown>?, 'multipart'?]
type Answer = { row: Row; status: number; location: string; body: string }

const anyId = () => randomBytes(12).toString('hex')

/** Every row called at once on the admin host with this browser's cookies (none when signed out). */
async function callAll(request: APIRequestContext, rows: Row[]): Promise<Answer[]> {
  return Promise.all(
    rows.map(async (row): Promise<Answer> => {
      const [method, url, body, as] = row
      const api = url.startsWith('/api/')
      const fields = (body ?? {}) as Record<string, string>
      const res = await request.fetch(url, {
        method,
        headers: ORIGIN_HEADERS,
        maxRedirects: 0,
        ...(method === 'GET' ? {} : as === 'multipart' ? { multipart: fields } : api ? { data: body ?? {} } : { form: fields }),
      })
      return { row, status: res.status(), location: res.headers()['location'] ?? '', body: await res.text() }
    }),
  )
}

/** A multipart body of these fields and one small PDF as `file`, written by hand for node:http. */
function multipartOf(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----guards${randomBytes(8).toString('hex')}`
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`
  return { body: Buffer.from(`${parts.join('')}${file}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Every row called at once on an organisation's own host (its portal) with this cookie. */
async function callAllOnHost(host: string, cookie: string | undefined, rows: Row[]): Promise<Answer[]> {
  return Promise.all(
    rows.map(async (row): Promise<Answer> => {
      const [method, url, body, as] = row
      const form = as === 'multipart' ? multipartOf((body ?? {}) as Record<string, string>) : null
      const type = form ? form.contentType : 'application/json'
      const res: RawResponse = await rawRequest({
        method,
        path: url,
        headers: { Host: host, Origin: `http://${host}`, ...(cookie ? { Cookie: cookie } : {}), ...(method === 'GET' ? {} : { 'Content-Type': type }) },
        body: method === 'GET' ? undefined : (form?.body ?? JSON.stringify(body ?? {})),
      })
      const location = [res.headers.location ?? ''].flat()[0]!
      return { row, status: res.status, location, body: res.body }
    }),
  )
}

/** The rows whose answer is not the expected one, as `METHOD url -> status` lines (empty when all are right). */
function wrong(answers: Answer[], ok: (a: Answer) => boolean): string[] {
  return answers.filter((a) => !ok(a)).map((a) => `${a.row[0]} ${a.row[1]} -> ${a.status} ${a.location} ${a.body.replace(/\s+/g, ' ').slice(0, 120)}`)
}

/** Waits for every row's answer and fails naming each row whose answer is not `ok` (`what`: the check); the answers, for the checks after. */
async function expectEvery(answering: Promise<Answer[]>, ok: (a: Answer) => boolean, what: string): Promise<Answer[]> {
  const answers = await answering
  expect(wrong(answers, ok), what).toEqual([])
  return answers
}

/** A page table: GET of every page, and a POST of `body` to each of `withAction` (their action has the same guard). */
function pageRows(withAction: string[], loaderOnly: string[], body: Record<string, unknown>): Row[] {
  return [
    ...withAction.flatMap((url): Row[] => [
      ['GET', url],
      ['POST', url, body],
    ]),
    ...loaderOnly.map((url): Row => ['GET', url]),
  ]
}

const toLogin = (a: Answer) => a.status === 401 || ([302, 303].includes(a.status) && /^(https?:\/\/[^/]+)?\/login(\?|$)/.test(a.location))

/** The organisation's rows a refused call must leave as they were. */
async function ordersOf(clientId: number) {
  return platformDb.selectFrom('orders').selectAll().where('client_id', '=', clientId).orderBy('id').execute()
}

/** A small organisation with one order (and its product, customer and writer), for the member and realm tables. */
async function orderWorld() {
  const tenant = await createTenant()
  const data = await createOrderWorld(tenant.org.id, 1)
  return { ...tenant, ...data, order: data.orders[0]! }
}

/** The same with a downloadable too (and a few more orders), for the owner and contributor table. */
async function productWorld() {
  const tenant = await createTenant()
  const data = await createCustomerOrders(tenant.org.id)
  return { ...tenant, ...data, order: data.orders.writing }
}

/** A portal organisation (its own host) whose customer has a delivered draft. */
async function portalWorld(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const data = await createCustomerOrders(tenant.org.id)
  const ownerId = tenant.owner.accounts.get(tenant.org.id)!.id
  const staff = { ...tenantForJob(tenant.org.id), user: { id: ownerId, firstName: 'Olga', lastName: 'Owner' } }
  const order = data.orders.writing
  const delivered = await deliverDraft(staff, { orderPublicId: order.public_id, serviceId: order.services[0]!._id, pdf: pdfUpload(), word: docxUpload(), notes: 'Draft one' })
  if (!delivered.ok) throw new Error(delivered.error)
  return { ...tenant, ...data, order, draftId: delivered.draftId }
}

/** Platform staff whose role grants only `modules` (comma-separated), signed in on a new browser. */
async function platformStaff(playwright: { request: APIRequest }, modules: string) {
  const { user, role } = await createPlatformStaff(modules)
  const request = await open(playwright)
  await signIn(request, user.email, undefined, TEST_PASSWORD)
  return { request, roleId: role.id, rolePublicId: role.publicId }
}

async function signedInOwner(playwright: { request: APIRequest }, w: { owner: { email: string }; org: { name: string } }) {
  const request = await open(playwright)
  await signIn(request, w.owner.email, w.org.name, TEST_PASSWORD)
  return request
}

async function signedInContributor(playwright: { request: APIRequest }, clientId: number, orgName: string) {
  const writer = await createContributor(clientId)
  const request = await open(playwright)
  await signIn(request, writer.email, orgName, TEST_PASSWORD)
  return request
}

test('signed out: every page of the table sends to /login, on its loader and its action', async ({ playwright }) => {
  const [id, type] = [anyId(), 'resume']
  const withAction = [
    `/contract-template/${id}`,
    '/contract-template/create',
    '/crm/integrations',
    '/crm/user/add',
    `/crm/user/edit/${id}`,
    '/crm/user/view/all',
    '/customers/create',
    '/form-template/clone',
    '/form-template/create',
    '/form-template/template',
    '/orders/create',
    `/orders/invoices/refund/${id}`,
    '/orders/invoices',
    `/orders/revisions/reject/${id}`,
    '/orders/revisions',
    '/orders/view/assign',
    '/orders/view/bulk',
    `/orders/view/settings/${id}`,
    '/packages/create',
    '/packages/view',
    '/payments/manage-subscription',
    '/payments/reactivate',
    '/products/cart-settings',
    '/products/contracts/clone',
    '/products/contracts/create',
    `/products/contracts/edit/${id}`,
    '/products/contracts/view',
    '/products/create',
    '/products/customer-coupons/create',
    '/products/customer-coupons/view',
    `/products/customer-services/${type}/create`,
    '/products/customer-services/all',
    `/products/customer-services/update/${type}/${id}`,
    '/products/file/create',
    `/products/file/edit/${id}`,
    '/products/file/view',
    '/products/forms/clone',
    '/products/forms/create',
    '/products/forms/list',
    '/products/forms/template',
    `/products/update/${id}`,
    '/products/view',
    '/promotions/create',
    '/promotions/view',
    `/roles/update/${id}`,
    '/website-settings/system-emails',
    '/website-settings/ui',
    `/work/orders/${id}`,
    '/work/profile',
  ]
  const loaderOnly = ['/client/users/contributors/analytics', '/contract-template/list', '/form-template/list', '/products/customer-services/create', `/work/orders/${id}/file`]
  const rows = pageRows(withAction, loaderOnly, { intent: 'save' })
  // The column chooser has no page (its GET goes home); its one call is the form post.
  rows.push(['POST', '/table-columns', { table: 'orders', intent: 'save', columns: 'status' }])
  await expectEvery(callAll(await open(playwright), rows), toLogin, 'signed out: a 401 or the /login redirect')
})

test("signed out on an organisation's host: the customer's pages send to /login", async () => {
  const w = await tenantWithSubdomain('gso')
  const [orderId, draftId, fileId] = [anyId(), anyId(), anyId()]
  const rows: Row[] = [
    ['GET', `/agreements/${orderId}`],
    ['GET', `/my-orders/${orderId}/drafts/${draftId}`],
    ['POST', `/my-orders/${orderId}/drafts/${draftId}`, { intent: 'accept' }],
    ['GET', `/my-orders/${orderId}/drafts/${draftId}/files/pdf/0`],
    ['GET', `/my-orders/${orderId}/drafts/${draftId}/pdf`],
    ['GET', `/my-orders/${orderId}/final/${fileId}`],
  ]
  await expectEvery(callAllOnHost(w.host, undefined, rows), toLogin, 'signed out: a 401 or the /login redirect')
})

test('a member without the permission gets 403 on every page and call of the table, and no order changes', async ({ playwright }) => {
  const w = await orderWorld()
  const { request } = await staffSession(open, playwright, w.org.id, w.org.name, [])
  const order = w.order.public_id
  const [id, type] = [anyId(), 'resume']
  const before = await ordersOf(w.org.id)
  // Pages whose loader and action each answer 403 (the action is posted the ids of the organisation's own order), and loaders alone.
  const withAction = [
    `/orders/revisions/reject/${id}`,
    '/orders/view/assign',
    '/orders/view/bulk',
    `/orders/view/settings/${order}`,
    '/payments/reactivate',
    '/products/contracts/clone',
    '/products/contracts/create',
    '/products/create',
    '/products/customer-coupons/create',
    `/products/customer-services/${type}/create`,
    `/products/customer-services/update/${type}/${id}`,
    '/products/file/create',
    `/products/file/edit/${id}`,
    '/products/forms/clone',
    '/products/forms/create',
    '/products/forms/template',
    '/website-settings/system-emails',
    '/website-settings/ui',
  ]
  const rows: Row[] = [
    ...pageRows(withAction, ['/client/users/contributors/analytics', '/products/customer-services/create'], { intent: 'save', orderIds: order, selectedOrdersIds: order }),
    ['POST', '/table-columns', { table: 'orders', intent: 'save', columns: 'status' }],
    ['POST', '/api/client/create-reports', { startDate: '2026-01-01', endDate: '2026-12-31' }],
    ['PATCH', `/api/client/emails-templates/${id}`, {}],
    ['GET', '/api/client/emails-templates'],
    ['POST', '/api/client/emails-templates', {}],
    ['GET', '/api/client/homepage/analytics/orders-history'],
    ['GET', '/api/client/homepage/analytics/products-history'],
    ['GET', '/api/client/homepage/analytics/top-ten-selling-products'],
    ['GET', '/api/client/homepage/analytics/total-sales-earnings'],
    ['GET', '/api/client/homepage/analytics/writers-stats'],
    ['PATCH', `/api/client/orders/amountPaidToWriter/${order}`, { amountPaidToWriter: 99 }],
    ['PATCH', '/api/client/orders/assign-reviewer', { reviewerId: w.writer.publicId, selectedOrdersIds: [order] }],
    ['PATCH', '/api/client/orders/assign/set-due-date', { orderIds: [order], dueDate: '2030-01-01' }],
    ['POST', '/api/client/orders/assign_writer', { selectedOrdersIds: [order], writerId: w.writer.publicId }],
    ['POST', '/api/client/orders/create', { customer_id: w.customer.publicId, package_id: id, price: 10 }],
    ['PATCH', `/api/client/orders/hideOrder/${order}`, { hideOrder: true }],
    ['GET', '/api/client/orders/invoices'],
    ['POST', '/api/client/orders/invoices/mark_paid', { invoice_id: id }],
    ['POST', '/api/client/orders/invoices/refund', { invoice_id: id, amount: 1 }],
    ['POST', '/api/client/orders/markedAsComplete', { orderId: order }],
    ['PATCH', `/api/client/orders/priority/${order}`, { priority: 'urgent' }],
    ['GET', `/api/client/orders/revision/approve/${id}`],
    ['POST', '/api/client/orders/revision/reject', { revisionId: id, rejectionReason: 'No' }],
    ['PATCH', `/api/client/orders/testOrder/${order}`, { testOrder: true }],
    ['GET', `/api/client/package/${id}`],
    ['PATCH', `/api/client/package/${id}`, { archived: true }],
    ['PATCH', `/api/client/package/purchasable/${id}`, { purchasable: false }],
    ['GET', `/api/client/packages/active/${id}`],
    ['GET', '/api/client/packages/all/active'],
    ['POST', '/api/client/packages/update', { id, packageName: 'Renamed' }],
    ['POST', '/api/client/payments/cancel-subscription'],
    ['POST', '/api/client/payments/check-promo', { couponCode: 'ANY' }],
    ['GET', '/api/client/payments/invoices/get'],
    ['POST', '/api/client/payments/pause-subscription'],
    ['POST', '/api/client/payments/reactivate-subscription', { subPackage: id }],
    ['POST', '/api/client/payments/trial-upgrade', { subPackage: id }],
    ['POST', '/api/client/payments/unpause-subscription'],
    ['GET', '/api/client/payments/upgrade-plan-details'],
    ['POST', '/api/client/payments/upgrade-proration-preview', { userQuantity: 5, recurringInterval: 'month' }],
    ['POST', '/api/client/payments/upgrade-subscription-users', { userQuantity: 5, recurringInterval: 'month' }],
    ['GET', '/api/client/payments/upgrade'],
    ['GET', '/api/client/reports'],
    ['GET', `/api/client/reports/${id}/download`],
    ['GET', '/api/client/reports/questionnaires'],
    ['POST', '/api/client/website/settings/draft-auto-accept', { days: 3 }],
    ['GET', '/api/client/writers/analytics'],
    ['GET', '/api/client/writers/analytics/order-tracker'],
    ['POST', '/api/client/writers/analytics/order-tracker', {}],
    ['GET', '/api/contract/sample_templates'],
    ['GET', '/api/payments/methods/get'],
    // Not a contributor (neither WRITER nor REVIEWER): the workspace's calls are closed too.
    ['POST', `/api/writer/orders/${order}/drafts/${id}/reject`, { rejectionReason: 'No' }],
    ['POST', `/api/writer/orders/${order}/drafts/${id}/withdraw`, { reason: 'No' }],
  ]
  await expectEvery(callAll(request, rows), (a) => a.status === 403, 'a member without the permission: 403')
  expect(await ordersOf(w.org.id)).toEqual(before)
})

test("platform staff whose role lacks the module get 403 on the module's pages and calls, and nothing changes", async ({ playwright }) => {
  const { request, roleId, rolePublicId } = await platformStaff(playwright, 'clients')
  const plan = await createPlan()
  const [roleBefore, planBefore] = await Promise.all([
    platformDb.selectFrom('platform_roles').selectAll().where('id', '=', roleId).executeTakeFirstOrThrow(),
    platformDb.selectFrom('client_packages').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow(),
  ])
  const rows: Row[] = [
    ['GET', '/contract-template/create'],
    ['POST', '/contract-template/create', { title: 'T', content: 'C' }],
    ['GET', '/form-template/clone'],
    ['POST', '/form-template/clone', { intent: 'save' }],
    ['GET', '/form-template/create'],
    ['POST', '/form-template/create', { intent: 'save' }],
    ['GET', '/form-template/template'],
    ['POST', '/form-template/template', { intent: 'save' }],
    ['GET', `/roles/update/${rolePublicId}`],
    ['POST', `/roles/update/${rolePublicId}`, { name: 'Grown', permissions: 'roles,clients' }],
    ['POST', '/api/packages/client/create', { name: 'Plan', price: 10 }],
    ['PATCH', `/api/packages/client/description/${plan.public_id}`, { description: 'Changed' }],
    ['PATCH', `/api/packages/client/visible/${plan.public_id}`, { isVisible: false }],
    ['POST', '/api/promotions/create', { code: 'FREE100', percent: 100 }],
    ['GET', `/api/roles/get/${rolePublicId}`],
  ]
  await expectEvery(callAll(request, rows), (a) => a.status === 403, 'platform staff without the module: 403')
  expect(await platformDb.selectFrom('platform_roles').selectAll().where('id', '=', roleId).executeTakeFirstOrThrow()).toEqual(roleBefore)
  expect(await platformDb.selectFrom('client_packages').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow()).toEqual(planBefore)
})

test("an owner and a contributor reaching a rival organisation's ids get 404, its rows show in no list, and nothing of it changes", async ({ playwright }) => {
  const [a, rival] = await Promise.all([productWorld(), productWorld()])
  const [owner, writer] = await Promise.all([signedInOwner(playwright, a), signedInContributor(playwright, a.org.id, a.org.name)])
  const rivalOrder = rival.order.public_id
  const rivalDraft = anyId()
  // A draft of the rival's waiting for approval (a revision), with the approval queue on in both organisations.
  // The open pool and the boards on in A, so its contributor's claim and move reach the order lookup.
  const settings = (clientId: number, on: Record<string, boolean>) =>
    platformDb
      .updateTable('organisation_settings')
      .set({ settings: JSON.stringify(on) })
      .where('client_id', '=', clientId)
      .execute()
  await Promise.all([
    settings(a.org.id, { enable_revisions_approval_feature: true, enable_open_pool: true, enable_boards: true }),
    settings(rival.org.id, { enable_revisions_approval_feature: true }),
  ])
  const revision = (await createDraft(rival.org.id, rival.order, { approval: 'pending', writerUserId: rival.writer.userId })).public_id
  const rivalForm = await createPublishedForm(rival.org.id, `Rival form ${anyId().slice(0, 6)}`)
  const [rivalContract, rivalCoupon] = [newPublicId(), { publicId: newPublicId(), code: `RIVAL${anyId().slice(0, 6)}` }]
  await platformDb.insertInto('contracts').values({ public_id: rivalContract, client_id: rival.org.id, title: 'Rival agreement', content: '<p>Ours.</p>' }).execute()
  await platformDb
    .insertInto('coupons')
    .values({
      public_id: rivalCoupon.publicId,
      client_id: rival.org.id,
      coupon_code: rivalCoupon.code,
      discount_type: 'percent',
      value: 10,
      max_redemptions: 5,
      redeem_by: new Date(Date.now() + 86_400_000),
    })
    .execute()
  const productOf = () =>
    Promise.all([
      platformDb.selectFrom('drafts').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
      platformDb.selectFrom('forms').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
      platformDb.selectFrom('contracts').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
      platformDb.selectFrom('coupons').selectAll().where('client_id', '=', rival.org.id).orderBy('id').execute(),
      platformDb.selectFrom('products').selectAll().where('public_id', '=', rival.product.productPublicId).executeTakeFirstOrThrow(),
      platformDb.selectFrom('workflows').selectAll().where('public_id', '=', rival.product.workflowPublicId).executeTakeFirstOrThrow(),
      platformDb.selectFrom('downloadables').selectAll().where('public_id', '=', rival.checklistId).executeTakeFirstOrThrow(),
    ])
  const [before, productBefore] = await Promise.all([ordersOf(rival.org.id), productOf()])
  const rivalWorkflow = `/products/customer-services/update/resume/${rival.product.workflowPublicId}`
  const ownerRows: Row[] = [
    ['GET', `/orders/view/settings/${rivalOrder}`],
    ['POST', `/orders/view/settings/${rivalOrder}`, { intent: 'priority', priority: 'urgent' }],
    ['PATCH', `/api/client/orders/amountPaidToWriter/${rivalOrder}`, { amountPaidToWriter: 99 }],
    ['PATCH', `/api/client/orders/hideOrder/${rivalOrder}`, { hideOrder: true }],
    ['POST', '/api/client/orders/markedAsComplete', { orderId: rivalOrder }],
    ['PATCH', `/api/client/orders/priority/${rivalOrder}`, { priority: 'urgent' }],
    ['PATCH', `/api/client/orders/testOrder/${rivalOrder}`, { testOrder: true }],
    ['PATCH', `/api/client/orders/writerPaid/${rivalOrder}`, { paid: true }],
    ['GET', `/api/client/packages/active/${rival.product.productPublicId}`],
    ['GET', `/orders/view/assign?ids=${rivalOrder}`],
    ['POST', `/orders/view/assign?ids=${rivalOrder}`, { intent: 'assign-writer', selectedOrdersIds: rivalOrder, writerId: a.writer.publicId }, 'multipart'],
    ['GET', `/orders/view/bulk?ids=${rivalOrder}`],
    ['POST', `/orders/view/bulk?ids=${rivalOrder}`, { intent: 'bulk-flag', selectedOrdersIds: rivalOrder, updateData: 'archived' }],
    ['GET', rivalWorkflow],
    ['POST', rivalWorkflow, { serviceName: 'Taken' }],
    ['GET', `/products/file/edit/${rival.checklistId}`],
    ['POST', `/products/file/edit/${rival.checklistId}`, { title: 'Taken' }],
    ['POST', '/products/file/view', { id: rival.checklistId, archived: 'true' }],
    ['GET', `/products/forms/clone?key=${rivalForm.publicId}`],
    ['POST', `/products/forms/clone?key=${rivalForm.publicId}`, { name: 'Taken' }],
    ['GET', `/products/forms/template?key=${rivalForm.publicId}`],
    ['POST', `/products/forms/template?key=${rivalForm.publicId}`, { intent: 'publish' }],
    ['POST', '/products/forms/list', { id: rivalForm.publicId, archived: 'true' }],
    ['GET', `/products/contracts/clone?key=${rivalContract}`],
    ['POST', `/products/contracts/clone?key=${rivalContract}`, { name: 'Taken' }],
    ['POST', '/products/customer-coupons/view', { id: rivalCoupon.publicId }],
    ['GET', `/orders/revisions/reject/${revision}`],
    ['POST', '/orders/revisions', { intent: 'approve', id: revision }],
    ['GET', `/api/client/orders/revision/approve/${revision}`],
    ['POST', '/api/client/orders/revision/reject', { revisionId: revision, rejectionReason: 'Taken', uploadedFiles: [] }],
  ]
  const writerRows: Row[] = [
    ['POST', `/api/writer/orders/${rivalOrder}/drafts/${rivalDraft}/reject`, { rejectionReason: 'No' }],
    ['POST', `/api/writer/orders/${rivalOrder}/drafts/${rivalDraft}/withdraw`, { reason: 'No' }],
    ['POST', '/work', { intent: 'claim', orderId: rivalOrder }],
    ['POST', '/work', { intent: 'move', orderId: rivalOrder, to: 'done' }],
  ]
  const byId = await expectEvery(
    Promise.all([callAll(owner, ownerRows), callAll(writer, writerRows)]).then((both) => both.flat()),
    (a) => a.status === 404,
    "a rival organisation's order: 404",
  )
  expect(byId.filter((x) => x.body.includes(rival.customer.email))).toEqual([])
  expect(await ordersOf(rival.org.id)).toEqual(before)
  // A workflow cannot take the rival's form as a step: refused (400, as any unknown step), none created.
  // The same body with A's own form is taken, so the refusal is the rival's id and nothing else.
  const [stepName, ownForm] = [`Taken ${anyId().slice(0, 6)}`, await createPublishedForm(a.org.id)]
  const withForm = (formId: string, name: string): Row => [
    'POST',
    '/api/client/service/create',
    { serviceName: name, serviceType: 'resume', serviceModules: [{ id: formId, title: 'Step', reminders: [] }] },
  ]
  const [step, control] = await callAll(owner, [withForm(rivalForm.publicId, stepName), withForm(ownForm.publicId, `${stepName} own`)])
  expect([step!.status, control!.status], `${step!.body} ${control!.body}`).toEqual([400, 200])
  expect(await platformDb.selectFrom('workflows').select('id').where('name', '=', stepName).execute()).toEqual([])
  // The lists show none of the rival's customers, contributors, orders, revisions, forms, coupons or products.
  const rivalTraces = [rival.customer.email, rival.writer.email, rivalOrder, revision, rivalForm.publicId, rivalForm.name, rivalCoupon.code, rival.product.productPublicId]
  await expectEvery(
    callAll(owner, [
      ['GET', '/customers/view'],
      ['GET', '/orders/revisions'],
      ['GET', '/dashboard'],
      ['GET', '/orders/create'],
      ['GET', '/client/users/contributors/analytics'],
      ['GET', '/products/forms/list'],
      ['GET', '/api/client/reports/questionnaires'],
      ['GET', '/api/questionnaires'],
      ['GET', '/products/customer-coupons/view'],
      ['GET', '/products/customer-coupons/create'],
    ]),
    (x) => x.status === 200 && !rivalTraces.some((trace) => x.body.includes(trace)),
    "a list showing a rival organisation's rows",
  )
  // The rival's drafts, forms, contracts, coupons, product, workflow and downloadable were not changed by the calls either.
  expect(await productOf()).toEqual(productBefore)
})

test("a customer reaching a rival organisation's order and draft gets 404, and the rival's draft stays as it was", async () => {
  const [a, rival] = await Promise.all([portalWorld('gra'), portalWorld('grb')])
  const cookie = await signInOnHost(a.host, a.customer.email)
  const [order, draft] = [rival.order.public_id, rival.draftId]
  const draftBefore = await platformDb.selectFrom('drafts').selectAll().where('public_id', '=', draft).executeTakeFirstOrThrow()
  const rows: Row[] = [
    ['POST', `/api/portal/drafts/${draft}/accept`, {}],
    ['POST', `/api/portal/drafts/${draft}/rating`, { rating: 1, review: 'Bad' }],
    ['POST', `/api/portal/drafts/${draft}/revision`, { notes: 'Redo it' }],
    ['POST', `/api/portal/orders/${order}/answers/files`, { moduleId: 'additional_questionnaire', itemId: 'resume' }, 'multipart'],
    ['POST', `/api/portal/orders/${order}/documents/submit`, {}],
    ['POST', `/api/portal/orders/${order}/documents`, {}, 'multipart'],
    ['GET', `/my-orders/${order}/drafts/${draft}/pdf`],
    ['GET', `/my-orders/${order}/final/${anyId()}`],
  ]
  const answers = await expectEvery(callAllOnHost(a.host, cookie, rows), (x) => x.status === 404, "a rival organisation's order or draft: 404")
  expect(answers.filter((x) => x.body.includes('Draft one') || x.body.includes(rival.customer.email))).toEqual([])
  expect(await platformDb.selectFrom('drafts').selectAll().where('public_id', '=', draft).executeTakeFirstOrThrow()).toEqual(draftBefore)
})

test("an organisation's owner reaching the platform's ids (another realm) gets 403 on every page and call, and nothing changes", async ({ playwright }) => {
  const w = await orderWorld()
  const owner = await signedInOwner(playwright, w)
  const [role, plan, platformUser] = await Promise.all([createPlatformRole('clients'), createPlan(), createUser()])
  const [rolePublicId, id] = [role.publicId, anyId()]
  const snapshot = () =>
    Promise.all([
      platformDb.selectFrom('platform_roles').selectAll().where('id', '=', role.id).executeTakeFirstOrThrow(),
      platformDb.selectFrom('client_packages').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow(),
      platformDb.selectFrom('users').selectAll().where('id', '=', platformUser.id).executeTakeFirstOrThrow(),
    ])
  const before = await snapshot()
  const rows: Row[] = [
    ['GET', `/contract-template/${id}`],
    ['POST', `/contract-template/${id}`, { title: 'Taken', content: 'Taken' }],
    ['GET', '/contract-template/list'],
    ['GET', '/form-template/clone'],
    ['GET', '/form-template/create'],
    ['GET', '/form-template/list'],
    ['GET', '/form-template/template'],
    ['GET', '/packages/create'],
    ['GET', '/packages/view'],
    ['POST', '/packages/view', { intent: 'deactivate', id: plan.public_id }],
    ['GET', '/promotions/view'],
    ['GET', `/roles/update/${rolePublicId}`],
    ['POST', `/roles/update/${rolePublicId}`, { name: 'Taken', permissions: 'roles,users,clients' }],
    ['GET', '/roles/view'],
    ['GET', `/api/contract-template/${id}`],
    ['GET', '/api/contract-template'],
    ['POST', '/api/contract-template', { title: 'Taken', content: 'Taken' }],
    ['GET', `/api/packages/client/active/${plan.public_id}`],
    ['POST', '/api/packages/client/create', { name: 'Taken', price: 1 }],
    ['GET', `/api/packages/client/deactive/${plan.public_id}`],
    ['PATCH', `/api/packages/client/description/${plan.public_id}`, { description: 'Taken' }],
    ['PATCH', `/api/packages/client/visible/${plan.public_id}`, { isVisible: false }],
    ['GET', `/api/promotions/delete/${id}`],
    ['GET', `/api/questionnaires-template/get/${id}`],
    ['GET', `/api/roles/get/${rolePublicId}`],
    ['POST', `/api/roles/update/${rolePublicId}`, { name: 'Taken', permissions: 'roles,users,clients' }],
    ['GET', `/api/users/get/${platformUser.publicId}`],
  ]
  const answers = await expectEvery(callAll(owner, rows), (a) => a.status === 403, "another realm's ids: 403")
  expect(answers.filter((a) => a.body.includes(platformUser.email))).toEqual([])
  expect(await snapshot()).toEqual(before)
})
