// The job queues: each queue's name and zod payload schema, and enqueue(), which validates before anything reaches Redis.
import { Queue, type JobsOptions } from 'bullmq'
import { z } from 'zod'
import { DependencyUnavailableError } from './dependency-failure.server'
import { newProducerConnection } from './redis.server'

export const QUEUES = {
  /**
   * One e-mail, rendered by the job (ADR 0045): a template code with its field values, or (older
   * callers) a subject with a text or HTML body, framed by the same renderer. A reminder names its
   * (order, service, module, reminder) instead of its content, which the job reads when it sends.
   */
  email: z.union([
    z.object({
      clientId: z.number().nullable(),
      to: z.string().email(),
      template: z.string().min(1),
      fields: z.record(z.string()).default({}),
      buttonLink: z.string().url().nullable().optional(),
      source: z
        .object({
          kind: z.literal('reminder'),
          orderId: z.number().int().positive(),
          serviceId: z.string().min(1).max(24),
          moduleId: z.string().min(1).max(64),
          reminderId: z.string().min(1).max(64),
          /** The pass's clock: the job checks the reminder is still due as of then. */
          asOf: z.number(),
        })
        .optional(),
    }),
    z.object({
      clientId: z.number().nullable(),
      to: z.string().email(),
      subject: z.string().min(1),
      text: z.string(),
      html: z.string().optional(),
    }),
  ]),
  /** clientId: the organisation whose host the reset was asked on (its realm alone), null on the platform host (every realm). */
  'password-reset': z.object({
    clientId: z.number().int().positive().nullable(),
    email: z.string(),
  }),
  /** A customer's sign-in link (ADR 0059): asked on the organisation's host, sent only to a customer of that realm. */
  'sign-in-link': z.object({
    clientId: z.number().int().positive(),
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
  /** Orders, invoices or tips whose dashboard figures may have changed (ADR 0043): applying one twice changes nothing. */
  analytics: z.object({
    clientId: z.number().int().positive(),
    source: z.enum(['order', 'invoice', 'tip']),
    ids: z.array(z.number().int().positive()).min(1).max(5000),
  }),
  /** The dashboard rollups' reconcile (jobs/analytics.ts): every organisation (null) or one; `check` also compares with the raw rows. */
  'analytics-reconcile': z.object({
    clientId: z.number().int().positive().nullable(),
    check: z.boolean(),
  }),
  /** A reminder pass (jobs/reminders.ts) over every organisation, or the listed ones; `now` only when a test drives the clock. */
  reminders: z.object({
    clientId: z.null(),
    clientIds: z.array(z.number().int().positive()).max(1000).optional(),
    now: z.number().optional(),
  }),
  /** The hourly draft auto-accept pass (jobs/draft-auto-accept.ts, ADR 0062); `now` only when a test drives the clock. */
  'draft-auto-accept': z.object({
    clientId: z.null(),
    clientIds: z.array(z.number().int().positive()).max(1000).optional(),
    now: z.number().optional(),
  }),
  /** The hourly due-in-24-hours pass of the contributor workspace (jobs/work-due-soon.ts, ADR 0068); `now` only when a test drives the clock. */
  'work-due-soon': z.object({
    clientId: z.null(),
    clientIds: z.array(z.number().int().positive()).max(1000).optional(),
    now: z.number().optional(),
  }),
  /** Custom domain DNS checks (jobs/domain-verification.ts): one organisation, or null for the scheduled pass over all. */
  'domain-verification': z.object({
    clientId: z.number().int().positive().nullable(),
  }),
  /** One order report's CSV (jobs/order-reports.ts, ADR 0048); job id `order-report-<reportId>`. */
  'order-report': z.object({
    clientId: z.number().int().positive(),
    reportId: z.string().min(1).max(24),
  }),
  /** The daily report retention pass (ADR 0054) over every organisation, or the listed ones; `now` only when a test drives the clock. */
  'report-retention': z.object({
    clientId: z.null(),
    clientIds: z.array(z.number().int().positive()).max(1000).optional(),
    now: z.number().optional(),
  }),
  /** CRM sync (jobs/crm.ts, ADR 0049): the organisation's CRM location, one CRM user (public id), or a removal. */
  'crm-sync': z.discriminatedUnion('op', [
    z.object({ clientId: z.number().int().positive(), op: z.literal('provision') }),
    z.object({ clientId: z.number().int().positive(), op: z.literal('upsert'), userId: z.string().min(1).max(64) }),
    z.object({ clientId: z.number().int().positive(), op: z.literal('delete'), externalId: z.string().min(1).max(64) }),
  ]),
} as const

export type QueueName = keyof typeof QUEUES
export type Payload<N extends QueueName> = z.infer<(typeof QUEUES)[N]>

const globalForQueues = globalThis as unknown as { __draftdeskQueues?: Map<string, Queue> }
const queues = (globalForQueues.__draftdeskQueues ??= new Map())

export function queue(name: QueueName): Queue {
  let q = queues.get(name)
  if (!q) {
    q = new Queue(name, {
      connection: newProducerConnection(),
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    })
    // The connection reports an outage once (redis.server.ts); the queue would repeat it on every reconnect attempt.
    q.on('error', () => {})
    queues.set(name, q)
  }
  return q
}

/** How long a queue's first connection may take before a job is refused rather than waited on. */
const QUEUE_READY_TIMEOUT_MS = 2000

/**
 * The queue, connected: a job is added to Redis or refused with DependencyUnavailableError (ADR 0086),
 * so the caller's request answers 503 and the person knows; never accepted and left waiting in memory.
 */
async function readyQueue(name: QueueName): Promise<Queue> {
  const q = queue(name)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError('redis', `the ${name} queue is not connected`)), QUEUE_READY_TIMEOUT_MS)
  })
  try {
    await Promise.race([q.waitUntilReady(), timeout])
  } finally {
    clearTimeout(timer)
  }
  return q
}

/** jobId makes a job idempotent: BullMQ ignores a second add with the same id. */
export async function enqueue<N extends QueueName>(name: N, payload: Payload<N>, opts: JobsOptions = {}) {
  const data = QUEUES[name].parse(payload)
  return (await readyQueue(name)).add(name, data, opts)
}

/** Many jobs of one queue in one round trip (a reminder pass queues thousands); each payload is validated first. */
export async function enqueueBulk<N extends QueueName>(name: N, jobs: { payload: Payload<N>; opts?: JobsOptions }[]) {
  if (jobs.length === 0) return []
  const parsed = jobs.map((j) => ({ name, data: QUEUES[name].parse(j.payload), opts: j.opts }))
  return (await readyQueue(name)).addBulk(parsed)
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()))
  queues.clear()
}
