// The dashboard rollups' processors (ADR 0043): order, invoice and tip events applied to the buckets,
// and the scheduled reconcile (a sweep every few minutes, a check against the raw rows once a day).
import type { Job } from 'bullmq'
import { applyAnalyticsEvent, reconcileAnalytics } from '#app/models/analytics.server'
import { reconcileAllAnalytics } from '#app/models/platform-analytics.server'
import { queue, type Payload } from './queues'
import { tenantForJob } from '#app/services/db.server'

export const ANALYTICS_SWEEP_SCHEDULER_ID = 'analytics-sweep'
export const ANALYTICS_CHECK_SCHEDULER_ID = 'analytics-check-daily'

/** How often changes whose events were lost reach the dashboard at the latest. */
const SWEEP_EVERY_MS = 10 * 60_000
/** The full comparison with the raw rows, at night for most of the spec's default time zone. */
const CHECK_DAILY = '30 4 * * *'

export async function analyticsJob(job: Job<Payload<'analytics'>>) {
  return applyAnalyticsEvent(tenantForJob(job.data.clientId), { source: job.data.source, ids: job.data.ids })
}

export async function analyticsReconcileJob(job: Job<Payload<'analytics-reconcile'>>) {
  const { clientId, check } = job.data
  if (clientId !== null) return reconcileAnalytics(tenantForJob(clientId), { check })
  return reconcileAllAnalytics({ check })
}

/** Upserting the schedulers again (every worker start) never adds a second schedule. */
export async function scheduleAnalyticsReconcile(): Promise<void> {
  const q = queue('analytics-reconcile')
  await q.upsertJobScheduler(ANALYTICS_SWEEP_SCHEDULER_ID, { every: SWEEP_EVERY_MS }, { name: 'analytics-reconcile', data: { clientId: null, check: false } })
  await q.upsertJobScheduler(ANALYTICS_CHECK_SCHEDULER_ID, { pattern: CHECK_DAILY, tz: 'UTC' }, { name: 'analytics-reconcile', data: { clientId: null, check: true } })
}
