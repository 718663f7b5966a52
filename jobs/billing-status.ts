// The billing processors: each Stripe webhook event's effect, and the daily status pass (ADR 0031).
import type { Job } from 'bullmq'
import { processStripeEvent, runBillingStatus, type BillingPassResult } from '#app/models/platform-billing.server'
import { queue, type Payload } from './queues'

/** The daily pass's scheduler id: upserting it again (every worker start) never adds a second schedule. */
export const BILLING_STATUS_SCHEDULER_ID = 'billing-status-daily'

/** Once a day at 05:00 UTC, before most of the working day of the spec's default time zone. */
const DAILY = '0 5 * * *'

export async function stripeEventJob(job: Job<Payload<'stripe-event'>>) {
  return processStripeEvent(job.data)
}

export async function billingStatusJob(_job: Job<Payload<'billing-status'>>): Promise<BillingPassResult> {
  return runBillingStatus(new Date())
}

/** Registers the daily run; its jobs get ids from the scheduler id and the run time (repeat:<id>:<ms>). */
export async function scheduleBillingStatus(): Promise<void> {
  await queue('billing-status').upsertJobScheduler(BILLING_STATUS_SCHEDULER_ID, { pattern: DAILY, tz: 'UTC' }, { name: 'billing-status', data: { clientId: null } })
}
