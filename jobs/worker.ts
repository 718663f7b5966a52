// BullMQ workers: in-process under npm start, or alone via `npm run worker` when scaling out.
import { Worker } from 'bullmq'
import { sendSignInLink } from '#app/models/customer-links.server'
import { sendPasswordResetEmail } from '#app/models/password-reset.server'
import { startOutboxRelay } from '#app/services/outbox.server'
import { newRedisConnection } from '#app/services/redis.server'
import { analyticsJob, analyticsReconcileJob, scheduleAnalyticsReconcile } from './analytics'
import { billingStatusJob, scheduleBillingStatus, stripeEventJob } from './billing-status'
import { crmSyncJob } from './crm'
import { domainVerificationJob, scheduleDomainVerification } from './domain-verification'
import { draftAutoAcceptJob, scheduleDraftAutoAccept } from './draft-auto-accept'
import { orderReportJob, reportRetentionJob, scheduleReportRetention } from './order-reports'
import type { Payload } from './queues'
import { reminderPassJob, scheduleReminders } from './reminders'
import { EMAIL_LOCK_MS, emailProcessor } from './send-email'
import { scheduleWorkDueSoon, workDueSoonJob } from './work-due-soon'

/**
 * The e-mail worker. A job whose worker died is taken over after emailLockMs; it may stall several times
 * (workers killed one after another) before BullMQ gives it up, since each retry sends under the same
 * Message-ID and the sent-marker stops a second send (ADR 0092).
 */
export function emailWorker(emailLockMs = EMAIL_LOCK_MS): Worker<Payload<'email'>> {
  return new Worker<Payload<'email'>>('email', emailProcessor({ staleMs: emailLockMs }), {
    connection: newRedisConnection(),
    concurrency: 10,
    lockDuration: emailLockMs,
    stalledInterval: emailLockMs,
    maxStalledCount: 5,
  })
}

/**
 * emailLockMs: how soon a crashed e-mail job is taken over by another worker (tests shorten it);
 * outboxPollMs: how often the outbox relay looks for rows no kick relayed (ADR 0092).
 */
export function startWorkers(opts: { emailLockMs?: number; outboxPollMs?: number } = {}): { close: () => Promise<void> } {
  const emailLockMs = opts.emailLockMs ?? EMAIL_LOCK_MS
  // Rows whose writer died before its kick, or whose kick found Redis down, reach BullMQ from here.
  const relay = startOutboxRelay({ intervalMs: opts.outboxPollMs })
  const workers = [
    emailWorker(emailLockMs),
    new Worker<Payload<'password-reset'>>('password-reset', (job) => sendPasswordResetEmail(job.data.email, job.data.clientId), {
      connection: newRedisConnection(),
      concurrency: 5,
    }),
    new Worker<Payload<'sign-in-link'>>('sign-in-link', (job) => sendSignInLink(job.data.clientId, job.data.email), { connection: newRedisConnection(), concurrency: 5 }),
    new Worker<Payload<'stripe-event'>>('stripe-event', stripeEventJob, { connection: newRedisConnection(), concurrency: 5 }),
    new Worker<Payload<'billing-status'>>('billing-status', billingStatusJob, { connection: newRedisConnection(), concurrency: 1 }),
    new Worker<Payload<'domain-verification'>>('domain-verification', domainVerificationJob, { connection: newRedisConnection(), concurrency: 2 }),
    new Worker<Payload<'reminders'>>('reminders', reminderPassJob, { connection: newRedisConnection(), concurrency: 1 }),
    new Worker<Payload<'draft-auto-accept'>>('draft-auto-accept', draftAutoAcceptJob, { connection: newRedisConnection(), concurrency: 1 }),
    new Worker<Payload<'work-due-soon'>>('work-due-soon', workDueSoonJob, { connection: newRedisConnection(), concurrency: 1 }),
    // One at a time: batches of one organisation touch the same bucket rows (re-applying is safe, deadlocks are noise).
    new Worker<Payload<'analytics'>>('analytics', analyticsJob, { connection: newRedisConnection(), concurrency: 1 }),
    new Worker<Payload<'crm-sync'>>('crm-sync', crmSyncJob, { connection: newRedisConnection(), concurrency: 2 }),
    new Worker<Payload<'analytics-reconcile'>>('analytics-reconcile', analyticsReconcileJob, { connection: newRedisConnection(), concurrency: 1 }),
    // Reports read many rows each; one at a time keeps the database free for the pages.
    new Worker<Payload<'order-report'>>('order-report', orderReportJob, { connection: newRedisConnection(), concurrency: 1 }),
    new Worker<Payload<'report-retention'>>('report-retention', reportRetentionJob, { connection: newRedisConnection(), concurrency: 1 }),
  ]
  for (const w of workers) w.on('failed', (job, error) => console.error(`[worker] ${w.name} job ${job?.id} failed: ${error.message}`))
  scheduleBillingStatus().catch((error: unknown) => console.error(`[worker] scheduling the daily billing pass failed: ${error instanceof Error ? error.message : String(error)}`))
  scheduleDraftAutoAccept().catch((error: unknown) =>
    console.error(`[worker] scheduling the draft auto-accept pass failed: ${error instanceof Error ? error.message : String(error)}`),
  )
  scheduleWorkDueSoon().catch((error: unknown) => console.error(`[worker] scheduling the due-soon pass failed: ${error instanceof Error ? error.message : String(error)}`))
  scheduleReminders().catch((error: unknown) => console.error(`[worker] scheduling the reminder pass failed: ${error instanceof Error ? error.message : String(error)}`))
  scheduleDomainVerification().catch((error: unknown) =>
    console.error(`[worker] scheduling the domain verification pass failed: ${error instanceof Error ? error.message : String(error)}`),
  )
  scheduleReportRetention().catch((error: unknown) =>
    console.error(`[worker] scheduling the report retention pass failed: ${error instanceof Error ? error.message : String(error)}`),
  )
  scheduleAnalyticsReconcile().catch((error: unknown) =>
    console.error(`[worker] scheduling the analytics reconcile failed: ${error instanceof Error ? error.message : String(error)}`),
  )
  return {
    // Lets running jobs finish before the connections go.
    close: async () => {
      await relay.stop()
      await Promise.all(workers.map((w) => w.close()))
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { close } = startWorkers()
  console.log('Workers running. Ctrl-C to stop.')
  const stop = async () => {
    await close()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
