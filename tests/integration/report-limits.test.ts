// Reports under limits (issue 28 item 7, ADR 0082), through the routes with a session: at most
// MAX_PENDING_REPORTS of an organisation on the way, held under ten parallel requests; fair turns on the
// one report worker (another organisation's first report does not wait behind one organisation's five);
// report files in the storage quota (a report that would not fit fails with the message, a finished
// one counts against uploads, deleting it gives its bytes back).
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytesInUse, ORGANISATION_STORAGE_QUOTA_BYTES, saveUpload, STORAGE_QUOTA_MESSAGE } from '#app/models/files.server'
import { generateOrderReport } from '#app/models/order-report-csv.server'
import { MAX_PENDING_REPORTS, REPORT_DELETED, REPORT_OVER_QUOTA, TOO_MANY_REPORTS } from '#app/models/order-reports.schema'
import { getReport, reportFileKey } from '#app/models/order-reports.server'
import { action as createRoute } from '#app/routes/api.client.create-reports'
import { loader as listRoute } from '#app/routes/api.client.reports'
import { action as deleteRoute } from '#app/routes/api.client.reports_.$id'
import { action as pageAction } from '#app/routes/_app.orders.reports'
import { tenantDb } from '#app/services/db.server'
import { closeQueues, queue, type Payload } from '#app/services/queue.server'
import { newRedisConnection } from '#app/services/redis.server'
import { LocalDiskStorage, setStorageBackend, storage, type StorageBackend } from '#app/services/storage.server'
import { orderReportJob } from '#jobs/order-reports'
import { scopedInsert, type TenantScope } from '#db/tenant'
import { createTenant, createUser } from '#tests/factories/index'
import { sessionClient } from '#tests/factories/session'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { Client } from './helpers'
import { callPage } from './page-calls'

const REQUEST = { startDate: '2026-03-01', endDate: '2026-03-31', reportsFields: ['orderId', 'customerName'], finalQuestionnaires: [] }

let dir: string
let previous: StorageBackend

type Org = { t: TenantScope; client: Client }

/** A new organisation and its owner's session (the cookie a login writes). */
async function organisation(): Promise<Org> {
  const { org, owner } = await createTenant()
  return { t: { db: tenantDb(org.id), clientId: org.id }, client: await sessionClient({ userId: owner.id, clientId: org.id }) }
}

const create = (o: Org) => o.client.call(createRoute as never, { path: '/api/client/create-reports', body: REQUEST })
const list = async (o: Org) => (await o.client.call(listRoute as never, { path: '/api/client/reports' })).json.reports as { _id: string; status: string; error: string | null }[]
/** DELETE on the report's URL (written out in each test, so the route inventory sees which route it tests). */
const remove = (o: Org, path: string) => o.client.call(deleteRoute as never, { method: 'DELETE', path, params: { id: path.split('/').pop()! } })

/** A files row of `size` bytes (no bytes on disk: only the quota reads it). */
async function fileOf(t: TenantScope, size: number) {
  await scopedInsert(t, 'files', {
    public_id: Math.random().toString(36).slice(2).padEnd(24, '0').slice(0, 24),
    storage_key: `${t.clientId}_filler-${Math.random().toString(36).slice(2)}.pdf`,
    original_name: 'filler.pdf',
    mime_type: 'application/pdf',
    size,
    purpose: 'upload',
    uploaded_by: null,
  }).execute()
}

async function ordersIn(t: TenantScope, n: number) {
  const product = await createProductWithWorkflow(t.clientId)
  const customer = await createCustomer(t.clientId)
  for (let i = 0; i < n; i++) await createOrder(t.clientId, { customerUserId: customer.userId, productId: product.productId, createdAt: new Date(`2026-03-1${i}T10:00:00.000Z`) })
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'report-limits-'))
  previous = storage()
  setStorageBackend(new LocalDiskStorage(dir))
  await queue('order-report').obliterate({ force: true })
})

afterAll(async () => {
  await queue('order-report').obliterate({ force: true })
  setStorageBackend(previous)
  await rm(dir, { recursive: true, force: true })
  await closeQueues()
})

describe('reports on the way, per organisation', () => {
  it(`ten parallel requests: exactly ${MAX_PENDING_REPORTS} accepted, the rest 429 with the message; a finished report frees a place`, async () => {
    const a = await organisation()
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(a)))
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_PENDING_REPORTS)
    const refused = answers.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(10 - MAX_PENDING_REPORTS)
    for (const r of refused) expect(r).toMatchObject({ status: 429, json: { status: false, error: TOO_MANY_REPORTS } })
    expect(await list(a)).toHaveLength(MAX_PENDING_REPORTS)

    // Another organisation is not held back by this one's limit.
    expect((await create(await organisation())).status).toBe(201)

    const first = (await list(a))[0]!
    expect(await generateOrderReport(a.t, first._id)).toMatchObject({ status: 'ready' })
    expect((await create(a)).status).toBe(201)
    expect((await create(a)).status).toBe(429)
    await queue('order-report').obliterate({ force: true })
  })

  it("another organisation's first report runs before one organisation's second to fifth", async () => {
    await queue('order-report').obliterate({ force: true })
    const [a, b] = [await organisation(), await organisation()]
    for (let i = 0; i < MAX_PENDING_REPORTS; i++) expect((await create(a)).status).toBe(201)
    expect((await create(b)).status).toBe(201)
    const ran: number[] = []
    const worker = new Worker<Payload<'order-report'>>(
      'order-report',
      async (job) => {
        ran.push(job.data.clientId)
        return orderReportJob(job)
      },
      { connection: newRedisConnection(), concurrency: 1 },
    )
    try {
      const deadline = Date.now() + 20_000
      while (ran.length < MAX_PENDING_REPORTS + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    } finally {
      await worker.close()
    }
    expect(ran).toHaveLength(MAX_PENDING_REPORTS + 1)
    // A's first was queued before B's, so it may go first; B's goes next, before A's other four.
    expect(ran.indexOf(b.t.clientId)).toBeLessThanOrEqual(1)
    expect((await list(b))[0]).toMatchObject({ status: 'ready' })
  })
})

describe('report files in the storage quota', () => {
  it('a full organisation is told at once (413), a report that would not fit fails with the message and leaves no file', async () => {
    const full = await organisation()
    await fileOf(full.t, ORGANISATION_STORAGE_QUOTA_BYTES)
    expect(await create(full)).toMatchObject({ status: 413, json: { status: false, error: REPORT_OVER_QUOTA } })

    const tight = await organisation()
    await ordersIn(tight.t, 3)
    // Room for the header and about one row: the run stops at the second batch.
    await fileOf(tight.t, ORGANISATION_STORAGE_QUOTA_BYTES - 80)
    const created = await create(tight)
    expect(created.status).toBe(201)
    const id = created.json.report._id as string
    const before = await readdir(dir)
    expect(await generateOrderReport(tight.t, id, { batchSize: 1 })).toEqual({ status: 'failed', error: REPORT_OVER_QUOTA })
    expect((await list(tight)).find((r) => r._id === id)).toMatchObject({ status: 'failed', error: REPORT_OVER_QUOTA })
    expect((await readdir(dir)).filter((f) => !before.includes(f))).toEqual([])
    expect(await bytesInUse(tight.t)).toBe(ORGANISATION_STORAGE_QUOTA_BYTES - 80)
  })

  it('a finished report counts against uploads; deleting it gives its bytes back (and only its own organisation can)', async () => {
    const a = await organisation()
    const b = await organisation()
    await ordersIn(a.t, 3)
    const id = (await create(a)).json.report._id as string
    const done = await generateOrderReport(a.t, id)
    if (done.status !== 'ready') throw new Error(`report ${done.status}`)
    expect(await bytesInUse(a.t)).toBe(done.bytes)

    // An upload that would fit beside the files alone does not fit beside the report too.
    const upload = { data: Buffer.from('%PDF-1.4 x'), mimeType: 'application/pdf', extension: 'pdf', originalName: 'x.pdf', size: 10 }
    expect(await saveUpload(a.t, upload, 'upload', done.bytes + upload.size - 1)).toEqual({ error: STORAGE_QUOTA_MESSAGE, status: 413 })

    // Another organisation cannot delete it: an unknown id to them.
    expect(await remove(b, `/api/client/reports/${id}`)).toMatchObject({ status: 404 })
    expect(await getReport(a.t, id)).toBeDefined()

    expect(await remove(a, `/api/client/reports/${id}`)).toMatchObject({ status: 200, json: { status: true, message: REPORT_DELETED } })
    expect(await getReport(a.t, id)).toBeUndefined()
    expect(await readdir(dir)).not.toContain(reportFileKey(a.t.clientId, id))
    expect(await bytesInUse(a.t)).toBe(0)
    expect(await saveUpload(a.t, upload, 'upload', done.bytes + upload.size - 1)).toMatchObject({ size: upload.size })
    expect(await remove(a, `/api/client/reports/${id}`)).toMatchObject({ status: 404 })
  })

  it('deleting needs a session and READ_ORDERS_REPORTS: nothing is deleted without them', async () => {
    const a = await organisation()
    const id = (await create(a)).json.report._id as string
    expect((await remove({ t: a.t, client: new Client() }, `/api/client/reports/${id}`)).status).toBe(401)
    const staff = await createUser({ memberships: [{ clientId: a.t.clientId, role: 'user', permissions: ['READ_ORDERS'] }] })
    const client = await sessionClient({ userId: staff.id, clientId: a.t.clientId })
    expect((await remove({ t: a.t, client }, `/api/client/reports/${id}`)).status).toBe(403)
    expect(await getReport(a.t, id)).toBeDefined()
  })

  it("the page's Delete form deletes the report (no JavaScript needed); another organisation's id is a 404", async () => {
    const a = await organisation()
    const b = await organisation()
    const id = (await create(a)).json.report._id as string
    const post = (o: Org, reportId: string) => callPage(o.client, pageAction as never, { path: '/orders/reports', form: { intent: 'delete', reportId } })
    expect(await post(b, id)).toMatchObject({ status: 404 })
    expect(await getReport(a.t, id)).toBeDefined()
    expect(await post(a, id)).toMatchObject({ status: 302, location: '/orders/reports' })
    expect(await getReport(a.t, id)).toBeUndefined()
  })
})
