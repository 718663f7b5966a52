// The contributors' due-in-24-hours pass (ADR 0068): every hour, each organisation's open orders due within
// a day remind their writer once (a notification and an e-mail); the order's marker makes a rerun harmless.
import type { Job } from 'bullmq'
import { dueSoonPass } from '#app/models/work-due-soon.server'
import { db, tenantForJob } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { queue, type Payload } from './queues'

export const WORK_DUE_SOON_SCHEDULER_ID = 'work-due-soon-hourly'
const EVERY_HOUR = '17 * * * *'

export type WorkDueSoonPassResult = { organisations: number; reminded: number }

export async function runWorkDueSoon(now: Date, clientIds?: readonly number[]): Promise<WorkDueSoonPassResult> {
  const result: WorkDueSoonPassResult = { organisations: 0, reminded: 0 }
  let query = db.selectFrom('organisations').select('id').where('active', '=', true)
  if (clientIds) query = query.where('id', 'in', clientIds.length ? [...clientIds] : [0])
  for (const org of await query.orderBy('id').execute()) {
    try {
      const one = await dueSoonPass(tenantForJob(Number(org.id)), now)
      result.organisations++
      result.reminded += one.reminded
    } catch (error) {
      // One organisation's failure does not hold back the others; the next pass tries again.
      console.error(`[work due soon] organisation ${org.id} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return result
}

export async function workDueSoonJob(job: Pick<Job<Payload<'work-due-soon'>>, 'data'>): Promise<WorkDueSoonPassResult> {
  return runWorkDueSoon(job.data.now !== undefined ? new Date(job.data.now) : new Date(), job.data.clientIds)
}

/** Registers the hourly pass (upserting never adds a second schedule); not under APP_ENV=test, where tests drive the clock. */
export async function scheduleWorkDueSoon(): Promise<void> {
  if (env().APP_ENV === 'test') return
  await queue('work-due-soon').upsertJobScheduler(WORK_DUE_SOON_SCHEDULER_ID, { pattern: EVERY_HOUR, tz: 'UTC' }, { name: 'work-due-soon', data: { clientId: null } })
}
