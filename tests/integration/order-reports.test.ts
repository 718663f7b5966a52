// Order reports against MariaDB and Redis (ADR 0048): the CSV of a known seed byte for byte, a run
// killed half-way then retried (one file, one ready report), a failing store (failed with its
// error), the queue and worker end to end, and another organisation's orders never in the file.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker, type Job } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateOrderReport } from '#app/models/order-report-csv.server'
import { createForm, publishForm } from '#app/models/forms.server'
import { setOrderTags } from '#app/models/order-tags.server'
import { createReport, deleteReportsBefore, getReport, listReports, reportFileKey, retentionCutoff } from '#app/models/order-reports.server'
import { newPublicId } from '#app/services/crypto.server'
import { tenantDb } from '#app/services/db.server'
import { newRedisConnection } from '#app/services/redis.server'
import { LocalDiskStorage, setStorageBackend, storage, type StorageBackend } from '#app/services/storage.server'
import { orderReportJob, reportRetentionJob } from '#jobs/order-reports'
import { closeQueues, queue, type Payload } from '#app/services/queue.server'
import { scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { createTenant } from '#tests/factories/index'
import { createInvoice } from '#tests/factories/order-invoices'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

const NOW = new Date('2026-03-05T12:00:00.000Z')
const at = (iso: string) => new Date(iso)
const ALL_FIELDS = [
  'orderId',
  'purchaseDate',
  'customerName',
  'customerEmail',
  'product',
  'price',
  'currency',
  'paymentStatus',
  'orderStatus',
  'projectStatus',
  'dueDate',
  'contributor',
  'reviewer',
  'completedDate',
  'tags',
  'priority',
  'amountPaidToContributor',
] as const

let dir: string
let previous: StorageBackend
let a: TenantScope & { orgId: number }
let b: TenantScope
let seeded: { ids: string[]; formId: string; email: (n: string) => string; bOrderIds: string[] }

const tenant = (clientId: number): TenantScope => ({ db: tenantDb(clientId), clientId })

async function filesOnDisk() {
  return (await readdir(dir)).sort()
}

async function newReport(t: TenantScope, input: Partial<{ startDate: string; endDate: string; reportsFields: string[]; finalQuestionnaires: string[] }> = {}) {
  // The row as the page makes it, without the queue: these tests run the job themselves.
  const publicId = newPublicId()
  await scopedInsert(t, 'order_reports', {
    public_id: publicId,
    created_by: null,
    start_date: input.startDate ?? '2026-03-01',
    end_date: input.endDate ?? '2026-03-31',
    fields: JSON.stringify(input.reportsFields ?? ALL_FIELDS),
    questionnaires: JSON.stringify(input.finalQuestionnaires ?? []),
  }).execute()
  return publicId
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'order-reports-'))
  previous = storage()
  setStorageBackend(new LocalDiskStorage(dir))

  const orgA = (await createTenant()).org
  const orgB = (await createTenant()).org
  a = { ...tenant(orgA.id), orgId: orgA.id }
  b = tenant(orgB.id)
  const email = (n: string) => `${n}.${orgA.id}@reports.test`

  const product = await createProductWithWorkflow(orgA.id, { name: 'Alpha Resume', priceCents: 19900 })
  const ann = await createCustomer(orgA.id, { firstName: 'Ann', lastName: 'Able', email: email('ann') })
  const bob = await createCustomer(orgA.id, { firstName: 'Bob, "B"', lastName: 'Brown', email: email('bob') })
  const eve = await createCustomer(orgA.id, { firstName: '=cmd', lastName: 'Eve', email: email('eve') })
  const wes = await createContributor(orgA.id, { firstName: 'Wes', lastName: 'Writer' })
  const rae = await createContributor(orgA.id, { role: 'REVIEWER', firstName: 'Rae', lastName: 'Reviewer' })

  const order = (customer: number, createdAt: string, priceCents: number, overrides = {}) =>
    createOrder(orgA.id, { customerUserId: customer, productId: product.productId, priceCents, createdAt: at(createdAt) }, overrides)
  // Two at the same instant (the walk's tie-break), the range's first and last millisecond, and one each side.
  const o1 = await order(ann.userId, '2026-03-01T00:00:00.000Z', 19900, {
    priority: 'high',
    dueDate: at('2026-03-10T00:00:00.000Z'),
    writerUserId: wes.userId,
    reviewerUserId: rae.userId,
    amount_paid_to_writer_cents: 5000,
  })
  const o2 = await order(bob.userId, '2026-03-01T00:00:00.000Z', 2550, { dueDate: at('2026-03-06T00:00:00.000Z') })
  const o3 = await order(eve.userId, '2026-03-15T08:30:00.000Z', 0, { marked_as_complete: true })
  const o4 = await order(ann.userId, '2026-03-31T23:59:59.999Z', 1000, { priority: 'urgent', dueDate: at('2026-03-01T00:00:00.000Z') })
  await order(ann.userId, '2026-02-28T23:59:59.999Z', 100)
  await order(ann.userId, '2026-04-01T00:00:00.000Z', 100)
  await scopedUpdate(a, 'orders')
    .set({ completed_at: at('2026-03-16T10:00:00.000Z') })
    .where('id', '=', o3.id)
    .execute()
  await setOrderTags(a, o1.public_id, ['vip', 'rush'])
  await createInvoice(orgA.id, [o1], { status: 'unpaid', createdAt: at('2026-03-01T01:00:00Z') })
  await createInvoice(orgA.id, [o1], { status: 'paid', createdAt: at('2026-03-02T01:00:00Z') })
  await createInvoice(orgA.id, [o3], { status: 'refunded', createdAt: at('2026-03-16T01:00:00Z') })

  const form = await createForm(a, {
    name: 'Intake',
    items: [
      { id: 'h1', type: 'section_heading', text: 'About you', required: false },
      { id: 'q1', type: 'short_text', text: 'Target role?', required: true },
      { id: 'q2', type: 'long_text', text: 'Anything else, "really"?', required: false },
    ],
  })
  await publishForm(a, form)

  // Organisation B: orders in the very same range.
  const bProduct = await createProductWithWorkflow(orgB.id, { name: 'Beta Resume' })
  const bCustomer = await createCustomer(orgB.id, { firstName: 'Bea', lastName: 'Other' })
  const bOrders = [
    await createOrder(orgB.id, { customerUserId: bCustomer.userId, productId: bProduct.productId, createdAt: at('2026-03-01T00:00:00.000Z') }),
    await createOrder(orgB.id, { customerUserId: bCustomer.userId, productId: bProduct.productId, createdAt: at('2026-03-20T00:00:00.000Z') }),
  ]
  seeded = { ids: [o1, o2, o3, o4].map((o) => o.public_id), formId: form.public_id, email, bOrderIds: bOrders.map((o) => o.public_id) }
  // The two orders of the same instant are written in id order.
  expect(o1.id).toBeLessThan(o2.id)
})

afterAll(async () => {
  setStorageBackend(previous)
  await rm(dir, { recursive: true, force: true })
  await closeQueues()
})

describe('the CSV of a known seed', () => {
  it('is byte-exact: every field, questionnaire columns, quoting, formulas as text, CRLF and a BOM; nothing outside the range', async () => {
    const id = await newReport(a, { finalQuestionnaires: [seeded.formId] })
    const outcome = await generateOrderReport(a, id, { batchSize: 2, now: NOW })
    expect(outcome).toMatchObject({ status: 'ready', rows: 4 })
    const [o1, o2, o3, o4] = seeded.ids
    const e = seeded.email
    const expected =
      '\ufeff' +
      [
        'Order ID,Purchased Date,Customer,Customer Email,Product,Price,Currency,Payment Status,Order Status,Project Status,Due Date,Contributor,Reviewer,Completed Date,Tags,Priority,Amount Paid To Contributor,Intake: Target role?,"Intake: Anything else, ""really""?"',
        `${o1},2026-03-01T00:00:00.000Z,Ann Able,${e('ann')},Alpha Resume,199.00,USD,paid,In progress,On track,2026-03-10,Wes Writer,Rae Reviewer,,vip; rush,high,50.00,,`,
        `${o2},2026-03-01T00:00:00.000Z,"Bob, ""B"" Brown",${e('bob')},Alpha Resume,25.50,USD,no invoice,In progress,Due soon,2026-03-06,,,,,medium,,,`,
        `${o3},2026-03-15T08:30:00.000Z,'=cmd Eve,${e('eve')},Alpha Resume,0.00,USD,refunded,Completed,Completed,,,,2026-03-16,,medium,,,`,
        `${o4},2026-03-31T23:59:59.999Z,Ann Able,${e('ann')},Alpha Resume,10.00,USD,no invoice,In progress,Past due,2026-03-01,,,,,urgent,,,`,
      ].join('\r\n') +
      '\r\n'
    const file = await readFile(path.join(dir, reportFileKey(a.clientId, id)))
    expect(file.toString('utf8')).toBe(expected)
    const row = (await getReport(a, id))!
    expect(row).toMatchObject({ status: 'ready', file_key: reportFileKey(a.clientId, id), row_count: 4, byte_size: file.length, error: null, attempts: 1 })
    // A second run of a ready report changes nothing.
    expect(await generateOrderReport(a, id, { now: NOW })).toEqual({ status: 'skipped', reason: 'ready' })
  })

  it('only the chosen fields, in catalogue order; an empty range is a header alone', async () => {
    const id = await newReport(a, { reportsFields: ['price', 'orderId'], startDate: '2026-03-15', endDate: '2026-03-15' })
    await generateOrderReport(a, id, { now: NOW })
    expect((await readFile(path.join(dir, reportFileKey(a.clientId, id)))).toString()).toBe(`\ufeffOrder ID,Price\r\n${seeded.ids[2]},0.00\r\n`)
    const empty = await newReport(a, { reportsFields: ['orderId'], startDate: '2020-01-01', endDate: '2020-01-31' })
    expect(await generateOrderReport(a, empty, { now: NOW })).toMatchObject({ status: 'ready', rows: 0 })
    expect((await readFile(path.join(dir, reportFileKey(a.clientId, empty)))).toString()).toBe('\ufeffOrder ID\r\n')
  })
})

describe('a run killed half-way', () => {
  it('is retried into exactly one file and one ready report', async () => {
    const id = await newReport(a, { reportsFields: ['orderId'] })
    const before = await filesOnDisk()
    await expect(
      generateOrderReport(a, id, {
        batchSize: 2,
        now: NOW,
        afterBatch: () => {
          throw new Error('worker killed')
        },
      }),
    ).rejects.toThrow('worker killed')
    expect((await getReport(a, id))!).toMatchObject({ status: 'running', file_key: null })
    // Nothing under the final key yet: at most the part file of the broken run.
    expect((await filesOnDisk()).filter((f) => !before.includes(f)).every((f) => f.endsWith('-part.csv'))).toBe(true)

    expect(await generateOrderReport(a, id, { batchSize: 2, now: NOW })).toMatchObject({ status: 'ready', rows: 4 })
    const added = (await filesOnDisk()).filter((f) => !before.includes(f))
    expect(added).toEqual([reportFileKey(a.clientId, id)])
    expect((await readFile(path.join(dir, added[0]!))).toString()).toBe(`\ufeffOrder ID\r\n${seeded.ids.join('\r\n')}\r\n`)
    expect((await getReport(a, id))!).toMatchObject({ status: 'ready', file_key: reportFileKey(a.clientId, id), row_count: 4, attempts: 2 })
    expect((await listReports(a)).filter((r) => r._id === id)).toHaveLength(1)
  })

  it('the last failed try marks the report failed, with its error', async () => {
    const id = await newReport(a, { reportsFields: ['orderId'] })
    const failing: StorageBackend = {
      put: async () => undefined,
      get: async () => null,
      delete: async () => undefined,
      putStream: async (_key, source) => {
        source.destroy()
        throw new Error('Disk full\nat somewhere')
      },
    }
    setStorageBackend(failing)
    try {
      const job = (attemptsMade: number) => ({ data: { clientId: a.clientId, reportId: id }, opts: { attempts: 3 }, attemptsMade }) as unknown as Job<Payload<'order-report'>>
      await expect(orderReportJob(job(0))).rejects.toThrow('Disk full')
      expect((await getReport(a, id))!.status).toBe('running')
      await expect(orderReportJob(job(2))).rejects.toThrow('Disk full')
    } finally {
      setStorageBackend(new LocalDiskStorage(dir))
    }
    const report = (await listReports(a)).find((r) => r._id === id)!
    expect(report).toMatchObject({ status: 'failed', error: 'Disk full', downloadUrl: null, calculatedCSVData: null })
  })
})

describe('tenancy', () => {
  it("never writes another organisation's orders, and the other organisation cannot see the report", async () => {
    const id = await newReport(a, { reportsFields: ['orderId', 'customerName'] })
    await generateOrderReport(a, id, { now: NOW })
    const text = (await readFile(path.join(dir, reportFileKey(a.clientId, id)))).toString()
    for (const foreign of seeded.bOrderIds) expect(text).not.toContain(foreign)
    expect(text).not.toContain('Bea Other')
    expect(text.trim().split('\r\n')).toHaveLength(1 + 4)
    // The job run under B's tenant finds no such report: nothing is written.
    expect(await generateOrderReport(b, id, { now: NOW })).toEqual({ status: 'skipped', reason: 'missing' })
    expect(await getReport(b, id)).toBeUndefined()
    expect((await listReports(b)).map((r) => r._id)).not.toContain(id)
    const bId = await newReport(b, { reportsFields: ['orderId'] })
    await generateOrderReport(b, bId, { now: NOW })
    expect((await readFile(path.join(dir, reportFileKey(b.clientId, bId)))).toString()).toBe(`\ufeffOrder ID\r\n${seeded.bOrderIds.join('\r\n')}\r\n`)
  })
})

describe('through the queue', () => {
  it('a created report is queued, picked up by the worker and ready', async () => {
    await queue('order-report').obliterate({ force: true })
    const worker = new Worker<Payload<'order-report'>>('order-report', orderReportJob, { connection: newRedisConnection(), concurrency: 1 })
    try {
      const created = await createReport(a, null, { startDate: '2026-03-01', endDate: '2026-03-31', reportsFields: ['orderId'], finalQuestionnaires: [seeded.formId] })
      if (!created.ok) throw new Error(created.error)
      expect(created.report).toMatchObject({
        status: 'queued',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        downloadedReportsFields: ['orderId'],
        finalQuestionnaires: [seeded.formId],
        downloadUrl: null,
      })
      const id = created.report._id
      const deadline = Date.now() + 15_000
      while ((await getReport(a, id))!.status !== 'ready' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
      const json = (await listReports(a)).find((r) => r._id === id)!
      expect(json).toMatchObject({
        status: 'ready',
        downloadUrl: `/api/client/reports/${id}/download`,
        calculatedCSVData: { rows: 4, downloadUrl: `/api/client/reports/${id}/download` },
      })
      expect((await readFile(path.join(dir, reportFileKey(a.clientId, id)))).toString().split('\r\n')[0]).toBe(
        '\ufeffOrder ID,Intake: Target role?,"Intake: Anything else, ""really""?"',
      )
    } finally {
      await worker.close()
    }
  })

  it("refuses another organisation's questionnaire", async () => {
    const bForm = await publishForm(b, await createForm(b, { name: 'B form', items: [{ id: 'q1', type: 'short_text', text: 'Q?', required: false }] }))
    expect(await createReport(a, null, { startDate: '2026-03-01', endDate: '2026-03-31', reportsFields: ['orderId'], finalQuestionnaires: [bForm.public_id] })).toEqual({
      ok: false,
      status: 400,
      error: 'Unknown questionnaire',
      field: 'finalQuestionnaires',
    })
  })
})

describe('retention (ADR 0054)', () => {
  const aged = async (t: TenantScope, publicId: string, createdAt: Date) =>
    scopedUpdate(t, 'order_reports').set({ created_at: createdAt }).where('public_id', '=', publicId).execute()

  it('deletes reports and their files older than the retention, in every organisation, and keeps the rest', async () => {
    const now = new Date('2026-06-30T03:30:00.000Z')
    const cutoff = retentionCutoff(now)
    const oldA = await newReport(a)
    const freshA = await newReport(a)
    const oldB = await newReport(b)
    for (const id of [oldA, freshA, oldB]) await generateOrderReport(id === oldB ? b : a, id, { now: NOW })
    await aged(a, oldA, new Date(cutoff.getTime() - 1))
    await aged(a, freshA, cutoff)
    await aged(b, oldB, new Date(cutoff.getTime() - 86_400_000))
    const files = await filesOnDisk()
    expect(files).toEqual(expect.arrayContaining([reportFileKey(a.clientId, oldA), reportFileKey(a.clientId, freshA), reportFileKey(b.clientId, oldB)]))

    // A pass limited to A leaves B alone.
    const onlyA = await reportRetentionJob({ data: { clientId: null, clientIds: [a.clientId], now: now.getTime() } })
    expect(onlyA).toMatchObject({ organisations: 1 })
    expect(await getReport(a, oldA)).toBeUndefined()
    expect(await getReport(a, freshA)).toBeDefined()
    expect(await getReport(b, oldB)).toBeDefined()
    expect(await filesOnDisk()).not.toContain(reportFileKey(a.clientId, oldA))
    expect(await filesOnDisk()).toContain(reportFileKey(a.clientId, freshA))

    // The scheduled pass covers every organisation; a second pass finds nothing more.
    await reportRetentionJob({ data: { clientId: null, now: now.getTime() } })
    expect(await getReport(b, oldB)).toBeUndefined()
    expect(await filesOnDisk()).not.toContain(reportFileKey(b.clientId, oldB))
    expect(await deleteReportsBefore(a, cutoff)).toBe(0)
    expect(await getReport(a, freshA)).toBeDefined()
  })
})
