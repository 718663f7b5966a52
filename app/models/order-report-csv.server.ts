// The CSV of an order report (ADR 0048), written by the job: keyset batches of orders streamed into
// storage with constant memory, to a part key moved to the final key when complete. Only the job
// imports this module (and the CSV library); routes use order-reports.server.ts.
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { type Selectable, sql } from 'kysely'
import { dayKey, orderedFields, rangeInstants, reportHeader, reportRow, type QuestionColumn, type ReportFieldKey, type ReportOrder } from '#app/rules/order-reports'
import { moveObject, putStream, storage } from '#app/services/storage.server'
import { CSV_FORMAT } from '#app/rules/csv'
import { scopedAs, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import type { Database } from '#db/types'
import { reportAnswers } from './brief.server'
import { bytesInUse, lockOrganisation, ORGANISATION_STORAGE_QUOTA_BYTES } from './files.server'
import { REPORT_OVER_QUOTA } from './order-reports.schema'
import { getReport, markFailed, reportFileKey, reportPartKey, reportQuestionnaires } from './order-reports.server'
import { peopleById, tagsOfOrders } from './orders.server'

/** Orders read per round trip: big enough to be quick, small enough that memory stays flat. */
export const REPORT_BATCH = 2000

/** One question per column, in the order the forms were chosen and their questions stand. */
async function questionColumns(t: TenantScope, formIds: readonly string[]): Promise<QuestionColumn[]> {
  const forms = new Map((await reportQuestionnaires(t, formIds)).map((f) => [f._id, f]))
  return formIds.flatMap((id) => {
    const form = forms.get(id)
    return form ? form.published_data.items.map((q) => ({ formId: form._id, questionId: q.id, header: `${form.name}: ${q.text}` })) : []
  })
}

/**
 * The customers' answers to these questions for a batch of orders, keyed by order id then
 * `formId:questionId` (ADR 0061: stored per order, workflow and module by the portal's brief).
 */
function answersFor(t: TenantScope, orderIds: readonly number[], questions: readonly QuestionColumn[]): Promise<Map<number, Map<string, string>>> {
  return reportAnswers(t, orderIds, questions)
}

type WalkRow = Pick<Selectable<Database['orders']>, 'id' | 'created_at'>

/**
 * Every order of the range in purchase order, BATCH at a time: a keyset walk over
 * (client_id, created_at, id) selecting ids only (ADR 0030), then those rows by primary key.
 */
async function* walkOrders(t: TenantScope, from: Date, to: Date, batchSize: number) {
  let after: WalkRow | null = null
  for (;;) {
    const cursor: WalkRow | null = after
    let query = scopedAs(t, 'orders', 'o').select(['o.id', 'o.created_at']).where('o.created_at', '>=', from).where('o.created_at', '<', to)
    if (cursor) query = query.where((eb) => eb.or([eb('o.created_at', '>', cursor.created_at), eb.and([eb('o.created_at', '=', cursor.created_at), eb('o.id', '>', cursor.id)])]))
    const ids: WalkRow[] = await query.orderBy('o.created_at').orderBy('o.id').limit(batchSize).execute()
    if (ids.length === 0) return
    yield await readBatch(
      t,
      ids.map((r) => Number(r.id)),
    )
    if (ids.length < batchSize) return
    after = ids[ids.length - 1]!
  }
}

/** The batch's orders with their contributor, reviewer, tags and latest invoice status, in walk order. */
async function readBatch(t: TenantScope, ids: number[]): Promise<(ReportOrder & { id: number })[]> {
  const rowsRead = scopedAs(t, 'orders', 'o')
    .select([
      'o.id',
      'o.public_id',
      'o.created_at',
      'o.customer_name',
      'o.customer_email',
      'o.package_name',
      'o.price_cents',
      'o.currency',
      'o.status_percentage',
      'o.due_date',
      'o.completed_at',
      'o.writer_id',
      'o.reviewer_id',
      'o.priority',
      'o.amount_paid_to_writer_cents',
    ])
    .where('o.id', 'in', ids)
    .execute()
  // Tags and invoices need only the ids, so they are read beside the rows; people need the rows.
  const [rows, tags, payments] = await Promise.all([rowsRead, tagsOfOrders(t, ids), paymentStatuses(t, ids)])
  const people = await peopleById(
    t,
    rows.flatMap((r) => [r.writer_id, r.reviewer_id]),
  )
  const name = (id: number | null) => {
    const p = id ? people.get(id) : undefined
    return p ? `${p.firstName} ${p.lastName}`.trim() : null
  }
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    return [
      {
        id,
        publicId: r.public_id,
        createdAt: r.created_at,
        customerName: r.customer_name,
        customerEmail: r.customer_email,
        packageName: r.package_name,
        priceCents: Number(r.price_cents),
        currency: r.currency,
        paymentStatus: payments.get(id) ?? null,
        statusPercentage: Number(r.status_percentage),
        dueDate: r.due_date,
        completedAt: r.completed_at,
        contributor: name(r.writer_id),
        reviewer: name(r.reviewer_id),
        tags: (tags.get(id) ?? []).map((tg) => tg.text),
        priority: r.priority,
        amountPaidToWriterCents: r.amount_paid_to_writer_cents === null ? null : Number(r.amount_paid_to_writer_cents),
      },
    ]
  })
}

/** The status of each order's latest invoice (paid, unpaid, refunded). */
async function paymentStatuses(t: TenantScope, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await scopedAs(t, 'order_invoice_items', 'ii')
    .innerJoin('order_invoices as inv', (j) => scopedJoin(t, 'inv', j.onRef('inv.id', '=', 'ii.invoice_id')))
    .select(['ii.order_id', 'inv.status'])
    .where('ii.order_id', 'in', orderIds)
    .orderBy('inv.created_at')
    .orderBy('inv.id')
    .execute()
  const out = new Map<number, string>()
  for (const r of rows) if (r.order_id !== null) out.set(Number(r.order_id), r.status)
  return out
}

export type GenerateOptions = {
  batchSize?: number
  /** The clock of the project-status column. */
  now?: Date
  /** Called after each batch is handed to storage (tests use it to fail a run half-way). */
  afterBatch?: (rowsSoFar: number) => void | Promise<void>
  /** The organisation's storage quota (tests make it small). */
  quota?: number
}

export type GenerateOutcome =
  { status: 'ready'; rows: number; bytes: number; fileKey: string } | { status: 'skipped'; reason: 'missing' | 'ready' } | { status: 'failed'; error: string }

/** A run stopped because the file would not fit in the organisation's storage (not worth a retry). */
class OverQuota extends Error {}

/**
 * Writes the report's CSV: header, then each batch as it is read, streamed to a part key and moved
 * to the final key only when complete. A run killed half-way leaves at most the part file, which
 * the retry overwrites; the row records the final key once, when the file is in place.
 */
export async function generateOrderReport(t: TenantScope, publicId: string, opts: GenerateOptions = {}): Promise<GenerateOutcome> {
  const report = await getReport(t, publicId)
  if (!report) return { status: 'skipped', reason: 'missing' }
  if (report.status === 'ready' && report.file_key) return { status: 'skipped', reason: 'ready' }
  await scopedUpdate(t, 'order_reports')
    .set({ status: 'running', error: null, started_at: new Date(), updated_at: new Date(), attempts: sql<number>`attempts + 1` })
    .where('id', '=', report.id)
    .execute()
  const fields: ReportFieldKey[] = orderedFields(report.fields)
  const questions = await questionColumns(t, report.questionnaires)
  const { from, to } = rangeInstants(dayKey(new Date(report.start_date)), dayKey(new Date(report.end_date)))
  const now = opts.now ?? new Date()
  const batchSize = opts.batchSize ?? REPORT_BATCH
  const quota = opts.quota ?? ORGANISATION_STORAGE_QUOTA_BYTES
  // What the organisation keeps already; the run stops as soon as its file would not fit beside it.
  const room = quota - (await bytesInUse(t))
  let rows = 0
  let bytes = 0
  async function* csv() {
    // A byte-order mark so spreadsheet programs read the file as UTF-8 (names with accents).
    const head = stringify([reportHeader(fields, questions)], { ...CSV_FORMAT, bom: true })
    bytes += Buffer.byteLength(head)
    yield head
    // The next batch is read while this one is turned into CSV and written: at most two in memory.
    const batches = walkOrders(t, from, to, batchSize)
    const ahead = () => {
      const next = batches.next()
      // Handled here too, so a run that stops early never leaves an unhandled rejection behind.
      next.catch(() => undefined)
      return next
    }
    for (let pending = ahead(); ;) {
      const step = await pending
      if (step.done) break
      pending = ahead()
      const batch = step.value
      const answers = await answersFor(
        t,
        batch.map((o) => o.id),
        questions,
      )
      const text = stringify(
        batch.map((o) => reportRow(o, fields, questions, answers.get(o.id), now)),
        CSV_FORMAT,
      )
      rows += batch.length
      bytes += Buffer.byteLength(text)
      if (bytes > room) throw new OverQuota(REPORT_OVER_QUOTA)
      yield text
      await opts.afterBatch?.(rows)
    }
  }
  const partKey = reportPartKey(t.clientId, publicId)
  const fileKey = reportFileKey(t.clientId, publicId)
  try {
    await putStream(partKey, Readable.from(csv()))
  } catch (error) {
    if (!(error instanceof OverQuota)) throw error
    return failOverQuota(t, publicId, [partKey])
  }
  if (bytes > room) return failOverQuota(t, publicId, [partKey])
  await moveObject(partKey, fileKey)
  // Counted under the organisation's lock, as an upload is: two reports (or a report and an upload)
  // finishing together cannot both take the last of the quota.
  const outcome = await tenantTransaction(t, async (tx) => {
    await lockOrganisation(tx)
    if ((await bytesInUse(tx)) + bytes > quota) return 'over' as const
    const updated = await scopedUpdate(tx, 'order_reports')
      .set({ status: 'ready', error: null, file_key: fileKey, row_count: rows, byte_size: bytes, completed_at: new Date(), updated_at: new Date() })
      .where('id', '=', report.id)
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) === 1 ? ('ready' as const) : ('missing' as const)
  })
  if (outcome === 'over') return failOverQuota(t, publicId, [fileKey])
  if (outcome === 'missing') {
    // Deleted while it ran: nothing may keep its file.
    await storage().delete(fileKey)
    return { status: 'skipped', reason: 'missing' }
  }
  return { status: 'ready', rows, bytes, fileKey }
}

async function failOverQuota(t: TenantScope, publicId: string, keys: string[]): Promise<GenerateOutcome> {
  for (const key of keys) await storage().delete(key)
  await markFailed(t, publicId, REPORT_OVER_QUOTA)
  return { status: 'failed', error: REPORT_OVER_QUOTA }
}
