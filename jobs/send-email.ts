// Sends one queued e-mail at most once: a sent-marker is taken before the message leaves.
import type { Job } from 'bullmq'
import { deliverMail } from '#app/services/mail.server'
import { redis } from '#app/services/redis.server'
import type { Payload } from './queues'

const MARKER_TTL = 7 * 24 * 3600

export async function sendEmailJob(job: Job<Payload<'email'>>): Promise<'sent' | 'already-sent'> {
  // Deterministic ids (jobId option) are the idempotency key themselves; BullMQ's counter ids
  // restart if Redis is wiped, so those are qualified by the job's creation time.
  const marker = /^\d+$/.test(job.id ?? '') ? `mail:sent:${job.id}:${job.timestamp}` : `mail:sent:${job.id}`
  const taken = await redis().set(marker, 'sending', 'EX', MARKER_TTL, 'NX')
  if (!taken) return 'already-sent'
  try {
    await deliverMail(job.data)
    await redis().set(marker, 'sent', 'EX', MARKER_TTL)
    return 'sent'
  } catch (error) {
    // Nothing left the building: release the marker so the retry may send.
    await redis().del(marker)
    throw error
  }
}
