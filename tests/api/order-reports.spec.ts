// Order reports through the real HTTP server (ADR 0048): create, list, questionnaires and download;
// READ_ORDERS_REPORTS on the page, every call and the download; another organisation's reports;
// malformed bodies answered 400 with the field's message.
import { expect, test } from '@playwright/test'
import { createForm, publishForm } from '#app/models/forms.server'
import { newPublicId } from '#app/services/crypto.server'
import { tenantDb } from '#app/services/db.server'
import { scopedInsert } from '#db/tenant'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const LIST = '/api/client/reports'
const QUESTIONNAIRES = '/api/client/reports/questionnaires'
const CREATE = '/api/client/create-reports'
const download = (id: string) => `/api/client/reports/${id}/download`

type Requester = { get: (url: string, opts?: object) => Promise<any>; post: (url: string, opts: object) => Promise<any> }
const post = (request: Requester, data: unknown, headers: Record<string, string> = {}) => request.post(CREATE, { headers: { ...ORIGIN_HEADERS, ...headers }, data })

const body = { startDate: '2026-03-01', endDate: '2026-03-31', finalQuestionnaires: [] as string[], reportsFields: ['orderId', 'customerName', 'price'] }

async function ordersOf(clientId: number, name: string) {
  const product = await createProductWithWorkflow(clientId, { name: `${name} Resume`, priceCents: 12345 })
  const customer = await createCustomer(clientId, { firstName: name, lastName: 'Customer' })
  const orders = []
  for (const day of ['2026-03-02', '2026-03-20'])
    orders.push(await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId, createdAt: new Date(`${day}T10:00:00.000Z`) }))
  return orders
}

async function readyReport(request: Requester, id: string) {
  await expect
    .poll(async () => ((await (await request.get(LIST)).json()).reports as { _id: string; status: string }[]).find((r) => r._id === id)?.status, { timeout: 20_000 })
    .toBe('ready')
}

test.describe('order reports', () => {
  test('create, watch it become ready, download the CSV; another organisation sees none of it', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const b = await ownerSession(open, playwright)
    const aOrders = await ordersOf(a.org.id, 'Alma')
    const bOrders = await ordersOf(b.org.id, 'Bert')
    const form = await publishForm(
      { db: tenantDb(a.org.id), clientId: a.org.id },
      await createForm({ db: tenantDb(a.org.id), clientId: a.org.id }, { name: 'Intake', items: [{ id: 'q1', type: 'short_text', text: 'Role?', required: true }] }),
    )

    const questionnaires = await (await a.request.get(QUESTIONNAIRES)).json()
    expect(questionnaires).toMatchObject({
      status: true,
      questionnaires: [{ _id: form.public_id, name: 'Intake', published_data: { items: [{ id: 'q1', type: 'short_text', text: 'Role?' }] } }],
    })
    expect((await (await b.request.get(QUESTIONNAIRES)).json()).questionnaires).toEqual([])

    const res = await post(a.request, { ...body, finalQuestionnaires: [form.public_id] })
    expect(res.status()).toBe(201)
    const { report } = await res.json()
    expect(report).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      downloadedReportsFields: ['orderId', 'customerName', 'price'],
      finalQuestionnaires: [form.public_id],
    })
    expect(['queued', 'running', 'ready']).toContain(report.status)
    await readyReport(a.request, report._id)
    const listed = (await (await a.request.get(LIST)).json()).reports.find((r: { _id: string }) => r._id === report._id)
    expect(listed).toMatchObject({ status: 'ready', downloadUrl: download(report._id), calculatedCSVData: { rows: 2, downloadUrl: download(report._id) } })

    const file = await a.request.get(download(report._id))
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toContain('text/csv')
    expect(file.headers()['content-disposition']).toBe('attachment; filename="orders-report-2026-03-01-to-2026-03-31.csv"')
    expect(file.headers()['cache-control']).toBe('no-store')
    const text = (await file.body()).toString('utf8')
    expect(text).toBe(`\ufeffOrder ID,Customer,Price,Intake: Role?\r\n${aOrders.map((o) => `${o.public_id},Alma Customer,123.45,`).join('\r\n')}\r\n`)
    for (const o of bOrders) expect(text).not.toContain(o.public_id)

    // Organisation B: not in its list, and the download of A's id is unknown there.
    expect((await (await b.request.get(LIST)).json()).reports).toEqual([])
    expect((await b.request.get(download(report._id))).status()).toBe(404)
    // A questionnaire of A is unknown to B.
    const foreign = await post(b.request, { ...body, finalQuestionnaires: [form.public_id] })
    expect(foreign.status()).toBe(400)
    expect(await foreign.json()).toMatchObject({ status: false, error: 'Unknown questionnaire' })
  })

  test('READ_ORDERS_REPORTS is needed for the page, every call and the download', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    await ordersOf(a.org.id, 'Perm')
    const created = await (await post(a.request, body)).json()
    await readyReport(a.request, created.report._id)

    const staff = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
    expect((await staff.request.get('/orders/reports')).status()).toBe(403)
    expect((await staff.request.get(LIST)).status()).toBe(403)
    expect((await staff.request.get(QUESTIONNAIRES)).status()).toBe(403)
    expect((await post(staff.request, body)).status()).toBe(403)
    expect((await staff.request.get(download(created.report._id))).status()).toBe(403)
    expect((await staff.request.post('/orders/reports', { headers: ORIGIN_HEADERS, form: { intent: 'create', range: 'last30', reportsFields: 'orderId' } })).status()).toBe(403)

    const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'READ_ORDERS_REPORTS'])
    expect((await reader.request.get('/orders/reports')).status()).toBe(200)
    expect((await reader.request.get(LIST)).status()).toBe(200)
    expect((await reader.request.get(download(created.report._id))).status()).toBe(200)

    const anonymous = await open(playwright)
    expect((await anonymous.get(download(created.report._id))).status()).toBe(401)
  })

  test('malformed bodies and unknown ids: 400, 404 or 405, never a 500', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const cases: [unknown, string, string][] = [
      [{ ...body, endDate: undefined }, 'endDate', 'choose second date'],
      [{ ...body, endDate: '' }, 'endDate', 'choose second date'],
      [{ ...body, startDate: undefined }, 'startDate', 'choose first date'],
      [{ ...body, reportsFields: [] }, 'reportsFields', 'Please select at least one report field'],
      [{ ...body, reportsFields: ['orderId', 'passwordHash'] }, 'reportsFields.1', 'Unknown report field'],
      [{ ...body, reportsFields: 'orderId,price' }, 'reportsFields.0', 'Unknown report field'],
      [{ ...body, startDate: 'yesterday' }, 'startDate', 'Invalid date'],
      [{ ...body, endDate: { $gt: '' } }, 'endDate', 'Invalid date'],
      [{ ...body, endDate: '2026-02-01' }, 'endDate', 'The second date must be on or after the first date'],
      [{ ...body, finalQuestionnaires: [42] }, 'finalQuestionnaires.0', 'Unknown questionnaire'],
      [[body], 'startDate', 'choose first date'],
    ]
    for (const [data, field, message] of cases) {
      const res = await post(a.request, data)
      expect(res.status(), JSON.stringify(data)).toBe(400)
      expect((await res.json()).errors?.[field], JSON.stringify(data)).toBe(message)
    }
    const broken = await a.request.post(CREATE, { headers: { ...ORIGIN_HEADERS, 'content-type': 'application/json' }, data: '{"startDate":' })
    expect(broken.status()).toBe(400)
    expect((await post(a.request, { ...body, finalQuestionnaires: ['nosuchform'] })).status()).toBe(400)
    expect((await a.request.get(CREATE)).status()).toBe(405)
    expect((await a.request.post(LIST, { headers: ORIGIN_HEADERS, data: {} })).status()).toBe(405)
    expect((await a.request.get(download('nosuchreport0000000000000'))).status()).toBe(404)
    expect((await a.request.get(download('..%2F..%2Fetc'))).status()).toBe(404)
    expect((await a.request.post('/orders/reports', { headers: ORIGIN_HEADERS, form: { intent: 'explode' } })).status()).toBe(400)
    // Nothing was created by any of these.
    expect((await (await a.request.get(LIST)).json()).reports).toEqual([])
    // A report not ready yet (a row the worker never heard of) cannot be downloaded.
    const id = newPublicId()
    await scopedInsert({ db: tenantDb(a.org.id), clientId: a.org.id }, 'order_reports', {
      public_id: id,
      created_by: null,
      start_date: '2026-03-01',
      end_date: '2026-03-02',
      fields: '["orderId"]',
      questionnaires: '[]',
    }).execute()
    expect((await a.request.get(download(id))).status()).toBe(409)
  })
})
