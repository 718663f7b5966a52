// The transactional outbox (ADR 0092): jobs written to the `outbox` table with the change that causes them,
// and the relay that moves them to BullMQ. A relay that dies after queueing and before marking its rows
// re-queues the same job ids on the next pass, and BullMQ keeps one job per id; the e-mail job's sent-marker
// per job id covers a job already completed and removed.
import type { JobsOptions } from 'bullmq'
import type { Kysely } from 'kysely'
import type { Database } from '#db/types'
import { inTransaction } from '#db/transaction'
import { db } from './db.server'
import { enqueueBulk, type Payload, QUEUES, type QueueName } from './queue.server'

/** A handle to write the outbox row with: the caller's transaction (tenant-guarded or not), else the app's own. */
export type OutboxWriter = Pick<Kysely<Database>, 'insertInto'>

/** Rows one relay pass moves at most (one addBulk per queue, one UPDATE). */
const RELAY_BATCH = 500
/** Relayed rows are kept this long for inspection, then deleted by the poll. */
const KEEP_RELAYED_MS = 24 * 3600 * 1000

/** The options a job may carry through the outbox: its id and how it is retried and ordered. */
export type OutboxJobOptions = Pick<JobsOptions, 'jobId' | 'attempts' | 'backoff' | 'priority'>

/**
 * Writes one job to the outbox, validated by its queue's schema first (a bad payload fails the caller's
 * transaction, as enqueue() failed the request before). Returns the row id, for kickOutbox.
 */
export async function addToOutbox<N extends QueueName>(writer: OutboxWriter, name: N, payload: Payload<N>, opts: OutboxJobOptions = {}): Promise<number> {
  const data = QUEUES[name].parse(payload)
  const { jobId, ...rest } = opts
  const result = await writer
    .insertInto('outbox')
    .values({
      client_id: data.clientId ?? null,
      queue: name,
      payload: JSON.stringify(data),
      job_id: jobId ?? null,
      options: Object.keys(rest).length > 0 ? JSON.stringify(rest) : null,
    })
    .executeTakeFirstOrThrow()
  return Number(result.insertId)
}

/** Writes one job to the outbox and relays it at once: for a caller whose change is already committed (or has none). */
export async function enqueueThroughOutbox<N extends QueueName>(name: N, payload: Payload<N>, opts: OutboxJobOptions = {}): Promise<number> {
  const id = await addToOutbox(db, name, payload, opts)
  await kickOutbox([id])
  return id
}

/** The BullMQ job id of a row: the caller's deterministic id, else one stable per row (the creation time keeps it unique if the table is ever recreated). */
export function outboxJobId(row: { id: number; job_id: string | null; created_at: Date }): string {
  return row.job_id ?? `outbox-${row.id}-${row.created_at.getTime()}`
}

function jobOf(row: { id: number; queue: string; payload: string; job_id: string | null; options: string | null; created_at: Date }) {
  const name = row.queue as QueueName
  let parsed: { success: true; data: unknown } | { success: false; error: { message: string } } = { success: false, error: { message: 'no such queue' } }
  try {
    if (name in QUEUES) parsed = QUEUES[name].safeParse(JSON.parse(row.payload))
  } catch (error) {
    parsed = { success: false, error: { message: error instanceof Error ? error.message : String(error) } }
  }
  if (!parsed.success) {
    console.error(`[outbox] row ${row.id} of queue ${row.queue} cannot be queued, set aside: ${parsed.error.message}`)
    return null
  }
  const options = row.options ? (JSON.parse(row.options) as JobsOptions) : {}
  return { name, job: { payload: parsed.data as Payload<QueueName>, opts: { ...options, jobId: outboxJobId(row) } } }
}

/**
 * One relay pass: the oldest unrelayed rows (or the listed ones), locked with SKIP LOCKED so two relays
 * (the worker's poll, a web process's kick) share the work instead of queueing it twice, queued with their
 * stable job ids, then marked relayed in the same transaction. Returns how many rows were relayed.
 */
export async function relayOutbox(opts: { ids?: number[]; limit?: number } = {}): Promise<number> {
  if (opts.ids && opts.ids.length === 0) return 0
  return inTransaction(
    db,
    async (trx) => {
      let query = trx
        .selectFrom('outbox')
        .select(['id', 'queue', 'payload', 'job_id', 'options', 'created_at'])
        .where('relayed_at', 'is', null)
        .orderBy('id')
        .limit(opts.limit ?? RELAY_BATCH)
      if (opts.ids) query = query.where('id', 'in', opts.ids)
      const rows = await query.forUpdate().skipLocked().execute()
      if (rows.length === 0) return 0
      const byQueue = new Map<QueueName, { payload: Payload<QueueName>; opts: JobsOptions }[]>()
      for (const row of rows) {
        const job = jobOf(row)
        // A row no queue takes (a queue renamed, a schema narrowed since it was written) would stop every later
        // pass: it is said loudly and set aside as relayed, so the rest go on.
        if (!job) continue
        byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job.job])
      }
      await Promise.all([...byQueue].map(([name, jobs]) => enqueueBulk(name, jobs)))
      await trx
        .updateTable('outbox')
        .set({ relayed_at: new Date() })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
      return rows.length
    },
    // Read committed: the scan takes no gap locks, so writers' inserts never wait for a relay's Redis round trip.
    { attempts: 1, isolationLevel: 'read committed' },
  )
}

/**
 * After the caller's commit: relays the rows it just wrote at once, so the job starts as soon as before.
 * A failure (Redis down) is only logged: the rows are committed and the worker's poll relays them later.
 */
export async function kickOutbox(ids: number[]): Promise<void> {
  try {
    await relayOutbox({ ids })
  } catch (error) {
    console.error(`[outbox] relaying rows ${ids.join(', ')} after the commit failed, the poll will: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Deletes relayed rows older than a day (a bounded batch per call). */
async function pruneOutbox(now = Date.now()): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('relayed_at', '<', new Date(now - KEEP_RELAYED_MS))
    .limit(RELAY_BATCH)
    .execute()
}

/**
 * The worker's relay: a pass every `intervalMs` (and again at once while a pass was full), a prune now and
 * then. stop() waits for the pass in progress, so a SIGTERM never leaves a half pass (a SIGKILL may: see above).
 */
export function startOutboxRelay(opts: { intervalMs?: number } = {}): { stop: () => Promise<void> } {
  const intervalMs = opts.intervalMs ?? 1000
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let passes = 0
  const pass = async () => {
    let delay = intervalMs
    try {
      const relayed = await relayOutbox()
      if (relayed === RELAY_BATCH) delay = 0
      if (++passes % 600 === 0) await pruneOutbox()
    } catch (error) {
      // Redis or MariaDB away: said once per few seconds, not every poll; the rows wait in the table.
      delay = Math.max(intervalMs, 5000)
      console.error(`[outbox] relay pass failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!stopped) timer = setTimeout(() => (running = pass()), delay)
  }
  running = pass()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
