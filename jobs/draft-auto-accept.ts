// The draft auto-accept pass (ADR 0062): every hour, delivered drafts left unanswered for the organisation's
// number of days are accepted for the customer, and those two days short of it get their one reminder.
import type { Job } from 'bullmq'
import { autoAcceptPass, type AutoAcceptResult } from '#app/models/customer-drafts.server'
import { db, tenantForJob } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { queue, type Payload } from './queues'

export const DRAFT_AUTO_ACCEPT_SCHEDULER_ID = 'draft-auto-accept-hourly'
const EVERY_HOUR = '7 * * * *'

export type DraftAutoAcceptPassResult = AutoAcceptResult & { organisations: number }

export async function runDraftAutoAccept(now: Date, clientIds?: readonly number[]): Promise<DraftAutoAcceptPassResult> {
  const result: DraftAutoAcceptPassResult = { organisations: 0, accepted: 0, reminded: 0 }
  let query = db.selectFrom('organisations').select('id').where('active', '=', true)
  if (clientIds) query = query.where('id', 'in', clientIds.length ? [...clientIds] : [0])
  for (const org of await query.orderBy('id').execute()) {
    try {
      const one = await autoAcceptPass(tenantForJob(Number(org.id)), now)
      result.organisations++
      result.accepted += one.accepted
      result.reminded += one.reminded
    } catch (error) {
      // One organisation's failure does not hold back the others; the next pass tries again.
      console.error(`[draft auto-accept] organisation ${org.id} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return result
}

export async function draftAutoAcceptJob(job: Pick<Job<Payload<'draft-auto-accept'>>, 'data'>): Promise<DraftAutoAcceptPassResult> {
  return runDraftAutoAccept(job.data.now !== undefined ? new Date(job.data.now) : new Date(), job.data.clientIds)
}

/** Registers the hourly pass (upserting never adds a second schedule); not under APP_ENV=test, where tests drive the clock. */
export async function scheduleDraftAutoAccept(): Promise<void> {
  if (env().APP_ENV === 'test') return
  await queue('draft-auto-accept').upsertJobScheduler(DRAFT_AUTO_ACCEPT_SCHEDULER_ID, { pattern: EVERY_HOUR, tz: 'UTC' }, { name: 'draft-auto-accept', data: { clientId: null } })
}
