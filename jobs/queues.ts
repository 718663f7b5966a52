// Queue names and payload schemas; enqueue() validates before anything reaches Redis.
import { Queue, type JobsOptions } from 'bullmq'
import { z } from 'zod'
import { newRedisConnection } from '#app/services/redis.server'

export const QUEUES = {
  email: z.object({
    clientId: z.number().nullable(),
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
  }),
  'password-reset': z.object({
    clientId: z.null(),
    email: z.string(),
  }),
  /** A verified Stripe webhook event (job id: the event id); clientId is found from the Stripe ids. */
  'stripe-event': z.object({
    clientId: z.null(),
    eventId: z.string().min(1),
    type: z.string().min(1),
    subscriptionId: z.string().nullable(),
    customerId: z.string().nullable(),
    invoiceId: z.string().nullable(),
    /** The subscription's metadata.clientId (an organisation's public id), trusted only for an unlinked customer. */
    metadataClientId: z.string().nullable(),
    trialEnd: z.number().nullable(),
  }),
  /** The daily billing pass over every organisation (jobs/billing-status.ts). */
  'billing-status': z.object({
    clientId: z.null(),
  }),
} as const

export type QueueName = keyof typeof QUEUES
export type Payload<N extends QueueName> = z.infer<(typeof QUEUES)[N]>

const globalForQueues = globalThis as unknown as { __draftdeskQueues?: Map<string, Queue> }
const queues = (globalForQueues.__draftdeskQueues ??= new Map())

export function queue(name: QueueName): Queue {
  let q = queues.get(name)
  if (!q) {
    q = new Queue(name, {
      connection: newRedisConnection(),
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    })
    queues.set(name, q)
  }
  return q
}

/** jobId makes a job idempotent: BullMQ ignores a second add with the same id. */
export async function enqueue<N extends QueueName>(name: N, payload: Payload<N>, opts: JobsOptions = {}) {
  const data = QUEUES[name].parse(payload)
  return queue(name).add(name, data, opts)
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()))
  queues.clear()
}
