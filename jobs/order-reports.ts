// The order report processor (ADR 0048): writes one report's CSV; the last failed try marks it failed.
// The daily retention pass (ADR 0054) deletes reports, and their files, older than REPORT_RETENTION_DAYS.
import type { Job } from 'bullmq'
import { generateOrderReport } from '#app/models/order-report-csv.server'
import { markFailed, REPORT_ATTEMPTS, runReportRetention } from '#app/models/order-reports.server'
import { env } from '#app/services/env.server'
import { queue, type Payload } from './queues'
import { tenantForJob } from '#app/services/db.server'

/** What a failed report shows: the error's first line, never a stack. */
export function reportErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return (message.split('\n')[0] || 'Unexpected Error Please Try Again Later').slice(0, 500)
}

export async function orderReportJob(job: Job<Payload<'order-report'>>) {
  const t = tenantForJob(job.data.clientId)
  try {
    return await generateOrderReport(t, job.data.reportId)
  } catch (error) {
    // attemptsMade counts the tries before this one; BullMQ retries while tries remain.
    const attempts = job.opts.attempts ?? REPORT_ATTEMPTS
    if (job.attemptsMade + 1 >= attempts) await markFailed(t, job.data.reportId, reportErrorText(error))
    throw error
  }
}

export const REPORT_RETENTION_SCHEDULER_ID = 'report-retention-daily'
const DAILY_AT_0330 = '30 3 * * *'

export async function reportRetentionJob(job: Pick<Job<Payload<'report-retention'>>, 'data'>) {
  return runReportRetention(job.data.now !== undefined ? new Date(job.data.now) : new Date(), job.data.clientIds)
}

/** Registers the daily pass (upserting never adds a second). Not under APP_ENV=test: tests drive passes themselves. */
export async function scheduleReportRetention(): Promise<void> {
  if (env().APP_ENV === 'test') return
  await queue('report-retention').upsertJobScheduler(REPORT_RETENTION_SCHEDULER_ID, { pattern: DAILY_AT_0330, tz: 'UTC' }, { name: 'report-retention', data: { clientId: null } })
}
