// The order report processor (ADR 0048): writes one report's CSV; the last failed try marks it failed.
import type { Job } from 'bullmq'
import { generateOrderReport } from '#app/models/order-report-csv.server'
import { markFailed, REPORT_ATTEMPTS } from '#app/models/order-reports.server'
import type { Payload } from './queues'
import { tenantForJob } from './tenant'

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
