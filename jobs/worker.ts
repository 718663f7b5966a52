// BullMQ workers: in-process under npm start, or alone via `npm run worker` when scaling out.
import { Worker } from 'bullmq'
import { sendPasswordResetEmail } from '#app/models/auth.server'
import { newRedisConnection } from '#app/services/redis.server'
import { billingStatusJob, scheduleBillingStatus, stripeEventJob } from './billing-status'
import type { Payload } from './queues'
import { sendEmailJob } from './send-email'

export function startWorkers(): { close: () => Promise<void> } {
  const workers = [
    new Worker<Payload<'email'>>('email', sendEmailJob, { connection: newRedisConnection(), concurrency: 10 }),
    new Worker<Payload<'password-reset'>>('password-reset', (job) => sendPasswordResetEmail(job.data.email), {
      connection: newRedisConnection(),
      concurrency: 5,
    }),
    new Worker<Payload<'stripe-event'>>('stripe-event', stripeEventJob, { connection: newRedisConnection(), concurrency: 5 }),
    new Worker<Payload<'billing-status'>>('billing-status', billingStatusJob, { connection: newRedisConnection(), concurrency: 1 }),
  ]
  for (const w of workers) w.on('failed', (job, error) => console.error(`[worker] ${w.name} job ${job?.id} failed: ${error.message}`))
  scheduleBillingStatus().catch((error: unknown) => console.error(`[worker] scheduling the daily billing pass failed: ${error instanceof Error ? error.message : String(error)}`))
  return {
    // Lets running jobs finish before the connections go.
    close: async () => {
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
