// Order reports (ADR 0048): requests, the list, the questionnaires offered; the job's CSV is in order-report-csv.server.ts.
import { dayKey } from '#app/rules/order-reports'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { storage } from '#app/services/storage.server'
import { addToOutbox, kickOutbox } from '#app/services/outbox.server'
import type { OrderReportRow } from '#db/tables/reports'
import { scoped, scopedDelete, scopedInsert, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { bytesInUse, lockOrganisation, ORGANISATION_STORAGE_QUOTA_BYTES } from './files.server'
import { MAX_PENDING_REPORTS, REPORT_OVER_QUOTA, REPORT_RETENTION_DAYS, TOO_MANY_REPORTS, UNKNOWN_QUESTIONNAIRE, type CreateReportInput } from './order-reports.schema'

/** How many reports the page and GET /api/client/reports show (newest first). */
export const REPORT_LIST_SIZE = 100

export const reportDownloadPath = (publicId: string) => `/api/client/reports/${publicId}/download`
/** Flat keys (see STORAGE_KEY_PATTERN): the final file, and the one a run writes before it is moved. */
export const reportFileKey = (clientId: number, publicId: string) => `${clientId}_report-${publicId}.csv`
export const reportPartKey = (clientId: number, publicId: string) => `${clientId}_report-${publicId}-part.csv`

export type ReportJson = {
  _id: string
  startDate: string
  endDate: string
  status: OrderReportRow['status']
  error: string | null
  downloadedReportsFields: string[]
  finalQuestionnaires: string[]
  calculatedCSVData: { rows: number; bytes: number; downloadUrl: string } | null
  downloadUrl: string | null
  createdAt: string
  completedAt: string | null
}

export function toReportJson(row: OrderReportRow): ReportJson {
  const ready = row.status === 'ready' && !!row.file_key
  return {
    _id: row.public_id,
    startDate: dayKey(new Date(row.start_date)),
    endDate: dayKey(new Date(row.end_date)),
    status: row.status,
    error: row.status === 'failed' ? row.error : null,
    downloadedReportsFields: row.fields,
    finalQuestionnaires: row.questionnaires,
    calculatedCSVData: ready ? { rows: Number(row.row_count ?? 0), bytes: Number(row.byte_size ?? 0), downloadUrl: reportDownloadPath(row.public_id) } : null,
    downloadUrl: ready ? reportDownloadPath(row.public_id) : null,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  }
}

export async function listReports(t: TenantScope, size = REPORT_LIST_SIZE): Promise<ReportJson[]> {
  const rows = await scoped(t, 'order_reports').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute()
  return rows.map(toReportJson)
}

export async function getReport(t: TenantScope, publicId: string): Promise<OrderReportRow | undefined> {
  return scoped(t, 'order_reports').selectAll().where('public_id', '=', publicId).executeTakeFirst()
}

export type ReportQuestionnaire = { _id: string; name: string; published_data: { items: { id: string; type: string; text: string }[] } }

/** The organisation's published, unarchived forms; section headings are not questions, so they are left out. */
export async function reportQuestionnaires(t: TenantScope, ids?: readonly string[]): Promise<ReportQuestionnaire[]> {
  let query = scoped(t, 'forms').select(['public_id', 'name', 'published_data']).where('archived', '=', false).where('published_at', 'is not', null)
  if (ids) {
    if (ids.length === 0) return []
    query = query.where('public_id', 'in', [...ids])
  }
  const rows = await query.orderBy('name').orderBy('id').execute()
  return rows.map((r) => ({
    _id: r.public_id,
    name: r.name,
    published_data: { items: (r.published_data?.items ?? []).filter((i) => i.type !== 'section_heading').map((i) => ({ id: i.id, type: i.type, text: i.text })) },
  }))
}

export type CreateReportResult = { ok: true; report: ReportJson } | { ok: false; status: 400 | 413 | 429 | 500; error: string; field?: string }

/** A report queued or running for longer than this no longer holds a place (its job was lost with Redis). */
export const PENDING_REPORT_HOURS = 24

/** The organisation's reports queued or running, requested within PENDING_REPORT_HOURS (the list's index). */
export async function pendingReports(t: TenantScope, now = new Date()): Promise<number> {
  const row = await scoped(t, 'order_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', new Date(now.getTime() - PENDING_REPORT_HOURS * 3_600_000))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Records the request (queued) and hands it to the job; the job id is the report's, so it runs once.
 * At most MAX_PENDING_REPORTS of an organisation are on the way: the count and the insert run under
 * the organisation's row lock, so parallel requests are counted one after the other (ADR 0082). The
 * job's priority is the organisation's place in its own line (1 for its only report, 2 for a second
 * ...): BullMQ takes lower numbers first, so one organisation's fifth report waits behind every
 * other organisation's first.
 */
export async function createReport(t: TenantScope, createdBy: number | null, input: CreateReportInput, opts: { quota?: number } = {}): Promise<CreateReportResult> {
  const forms = await reportQuestionnaires(t, input.finalQuestionnaires)
  if (forms.length !== input.finalQuestionnaires.length) return { ok: false, status: 400, error: UNKNOWN_QUESTIONNAIRE, field: 'finalQuestionnaires' }
  // A full organisation is told now rather than when the job fails.
  if ((await bytesInUse(t)) >= (opts.quota ?? ORGANISATION_STORAGE_QUOTA_BYTES)) return { ok: false, status: 413, error: REPORT_OVER_QUOTA }
  const publicId = newPublicId()
  // The report row and its job commit together (ADR 0092): never a report left 'queued' with no job to run it.
  const placed = await tenantTransaction(t, async (tx) => {
    await lockOrganisation(tx)
    const pending = await pendingReports(tx)
    if (pending >= MAX_PENDING_REPORTS) return null
    await scopedInsert(tx, 'order_reports', {
      public_id: publicId,
      created_by: createdBy,
      start_date: input.startDate,
      end_date: input.endDate,
      fields: JSON.stringify(input.reportsFields),
      questionnaires: JSON.stringify(input.finalQuestionnaires),
    }).execute()
    return addToOutbox(
      tx.db,
      'order-report',
      { clientId: t.clientId, reportId: publicId },
      { jobId: `order-report-${publicId}`, attempts: REPORT_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 }, priority: pending + 1 },
    )
  })
  if (placed === null) return { ok: false, status: 429, error: TOO_MANY_REPORTS }
  // Read as committed (queued), before the kick lets a worker start it: the answer says what was created.
  const report = toReportJson((await getReport(t, publicId))!)
  await kickOutbox([placed])
  return { ok: true, report }
}

/**
 * Deletes one report of this organisation and its file (the bytes leave the quota with the row). A
 * report still on the way is deleted too: its job then finds no row and writes nothing.
 */
export async function deleteReport(t: TenantScope, publicId: string): Promise<boolean> {
  const report = await getReport(t, publicId)
  if (!report) return false
  // As the retention pass (ADR 0054): the files first, so a crash never leaves a file nothing points at.
  if (report.file_key) await storage().delete(report.file_key)
  await storage().delete(reportPartKey(t.clientId, publicId))
  await scopedDelete(t, 'order_reports').where('id', '=', report.id).execute()
  return true
}

/** Tries per report: a worker killed mid-way, or a database hiccup, gets two more runs. */
export const REPORT_ATTEMPTS = 3

export async function markFailed(t: TenantScope, publicId: string, error: string): Promise<void> {
  await scopedUpdate(t, 'order_reports')
    .set({ status: 'failed', error: error.slice(0, 500), completed_at: new Date(), updated_at: new Date() })
    .where('public_id', '=', publicId)
    .where('status', '!=', 'ready')
    .execute()
}

// ---- retention (ADR 0054) -------------------------------------------------------------------------

const RETENTION_BATCH = 500

export const retentionCutoff = (now: Date) => new Date(now.getTime() - REPORT_RETENTION_DAYS * 86_400_000)

/**
 * Deletes the organisation's reports requested before `cutoff`, on the (client_id, created_at) index:
 * the files first, then the rows, so a crash in between leaves a row whose download answers 404,
 * never a customer's data in a file nothing points at any more.
 */
export async function deleteReportsBefore(t: TenantScope, cutoff: Date): Promise<number> {
  let deleted = 0
  for (;;) {
    const rows = await scoped(t, 'order_reports')
      .select(['id', 'public_id', 'file_key'])
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .orderBy('id')
      .limit(RETENTION_BATCH)
      .execute()
    if (rows.length === 0) return deleted
    for (const row of rows) {
      if (row.file_key) await storage().delete(row.file_key)
      await storage().delete(reportPartKey(t.clientId, row.public_id))
    }
    await scopedDelete(t, 'order_reports')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute()
    deleted += rows.length
    if (rows.length < RETENTION_BATCH) return deleted
  }
}

/** The daily pass (jobs/order-reports.ts) over every organisation, or the listed ones. */
export async function runReportRetention(now: Date, clientIds?: readonly number[]): Promise<{ organisations: number; deleted: number }> {
  let query = platformDb.selectFrom('organisations').select('id').orderBy('id')
  if (clientIds) query = query.where('id', 'in', clientIds.length ? [...clientIds] : [0])
  const result = { organisations: 0, deleted: 0 }
  const cutoff = retentionCutoff(now)
  for (const org of await query.execute()) {
    try {
      const n = await deleteReportsBefore(tenantForJob(Number(org.id)), cutoff)
      if (n > 0) result.organisations++
      result.deleted += n
    } catch (error) {
      // One organisation's failure does not keep the others' old reports; the next pass tries again.
      console.error(`[report-retention] organisation ${org.id}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return result
}
