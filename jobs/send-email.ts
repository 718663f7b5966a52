// Sends one queued e-mail once (ADR 0045). The job renders it (template, fields, the organisation's
// look and sender) and takes a sent-marker before the message leaves: a Redis marker per job id, or for
// a workflow reminder its ledger row in the database. A marker left 'sending' by a worker that died is
// taken over by the retry, which sends again under the same Message-ID, so the mailbox keeps one copy.
import { randomBytes } from 'node:crypto'
import { DelayedError, type Job } from 'bullmq'
import { claimReminder, markReminderSent, releaseReminder } from '#app/models/reminders.server'
import { composeEmail, type ComposeInput } from '#app/models/system-mail.server'
import { sha256 } from '#app/services/crypto.server'
import { env } from '#app/services/env.server'
import { deliverMail } from '#app/services/mail.server'
import { takeMailSlot } from '#app/services/mail-volume.server'
import { redis } from '#app/services/redis.server'
import { escapeHtml } from '#app/rules/html'
import { mayBeHeld } from '#app/rules/mail-volume'
import type { Payload } from './queues'

const MARKER_TTL = 7 * 24 * 3600

/** BullMQ's lock of an e-mail job; a 'sending' marker older than this belongs to a worker that is gone. */
export const EMAIL_LOCK_MS = 30_000

export type EmailOutcome = 'sent' | 'already-sent' | 'skipped' | 'in-progress' | 'held'

type EmailJob = Pick<Job<Payload<'email'>>, 'id' | 'timestamp' | 'data'> & Partial<Pick<Job<Payload<'email'>>, 'moveToDelayed'>>

// Takes the marker when free, or when its 'sending' claim is older than the stale limit (a crashed send).
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v == 'sent' or v == 'skipped' then return 'done' end
if v then
  local at = tonumber(string.match(v, '^sending:(%d+):'))
  if at and (tonumber(ARGV[2]) - at) < tonumber(ARGV[3]) then return 'busy' end
end
redis.call('SET', KEYS[1], 'sending:' .. ARGV[2] .. ':' .. ARGV[1], 'EX', ARGV[4])
if v then return 'taken-over' end
return 'claimed'`

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

function markerOf(job: EmailJob): string {
  // Deterministic ids (jobId option) are the idempotency key themselves; BullMQ's counter ids
  // restart if Redis is wiped, so those are qualified by the job's creation time.
  return /^\d+$/.test(job.id ?? '') ? `mail:sent:${job.id}:${job.timestamp}` : `mail:sent:${job.id}`
}

function messageIdOf(marker: string): string {
  return `<${sha256(marker).slice(0, 32)}@${new URL(env().PUBLIC_URL).hostname}>`
}

/** The Message-ID a job with a deterministic id (an outbox row's, ADR 0092) is sent under, every time. */
export function emailMessageId(jobId: string): string {
  return messageIdOf(`mail:sent:${jobId}`)
}

function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

/** A payload as the renderer's input; an older caller's own subject and body are framed as template 'message'. */
function composeInput(data: Payload<'email'>): ComposeInput {
  if ('template' in data) return { clientId: data.clientId, to: data.to, template: data.template, fields: data.fields, buttonLink: data.buttonLink ?? null }
  return {
    clientId: data.clientId,
    to: data.to,
    template: 'message',
    fields: {},
    override: { subject: data.subject, title: '', body: data.html ?? textToHtml(data.text), button_text: '' },
  }
}

export function emailProcessor(opts: { staleMs?: number } = {}) {
  const staleMs = opts.staleMs ?? EMAIL_LOCK_MS
  return async (job: EmailJob, token?: string) => (await heldBack(job, token)) ?? sendEmail(job, staleMs, token)
}

/**
 * The organisation's hourly e-mail budget (ADR 0095): past it, the job waits in BullMQ's delayed set until the next
 * hour and tries again then; it is never dropped. A sign-in or security e-mail is counted but never held.
 */
async function heldBack(job: EmailJob, token: string | undefined): Promise<'held' | null> {
  const { clientId } = job.data
  if (clientId === null) return null
  const template = 'source' in job.data && job.data.source ? 'workflow_reminder' : 'template' in job.data ? job.data.template : 'message'
  const wait = await takeMailSlot(clientId, { hold: mayBeHeld(template) })
  if (wait === 0) return null
  if (!job.moveToDelayed || !token) return 'held'
  // A little spread, so an hour's backlog does not all wake in the same millisecond.
  await job.moveToDelayed(Date.now() + wait + Math.floor(Math.random() * 5000), token)
  throw new DelayedError()
}

export const sendEmailJob = emailProcessor()

async function sendEmail(job: EmailJob, staleMs: number, lockToken?: string): Promise<EmailOutcome> {
  const data = job.data
  if ('template' in data && data.source?.kind === 'reminder') return sendReminder(data.clientId, data.source, staleMs)
  const marker = markerOf(job)
  const token = randomBytes(8).toString('hex')
  const now = Date.now()
  const claim = (await redis().eval(CLAIM, 1, marker, token, String(now), String(staleMs), String(MARKER_TTL))) as string
  if (claim === 'done') return 'already-sent'
  if (claim === 'busy') {
    // Another worker's claim, fresh: it may yet die (a worker killed twice in a row). Come back when the claim
    // would be stale rather than end the job unsent (ADR 0092); a delay spends none of the job's attempts.
    if (!job.moveToDelayed || !lockToken) return 'in-progress'
    await job.moveToDelayed(now + staleMs, lockToken)
    throw new DelayedError()
  }
  try {
    const mail = await composeEmail(composeInput(data))
    if (!mail) {
      await redis().set(marker, 'skipped', 'EX', MARKER_TTL)
      return 'skipped'
    }
    await deliverMail({ ...mail, messageId: messageIdOf(marker) })
  } catch (error) {
    // Not confirmed by the SMTP server: release the marker so the retry may send (same Message-ID).
    await redis().eval(RELEASE, 1, marker, `sending:${now}:${token}`)
    throw error
  }
  await redis().set(marker, 'sent', 'EX', MARKER_TTL)
  return 'sent'
}

async function sendReminder(clientId: number | null, source: Parameters<typeof claimReminder>[1], staleMs: number): Promise<EmailOutcome> {
  if (clientId === null) return 'skipped'
  const claim = await claimReminder(clientId, source, staleMs)
  if (claim.kind === 'done') return 'already-sent'
  if (claim.kind === 'busy') return 'in-progress'
  if (claim.kind === 'not-due') return 'skipped'
  try {
    const mail = await composeEmail(claim.mail)
    if (!mail) {
      await releaseReminder(claim.t, claim.rowId, claim.token)
      return 'skipped'
    }
    await deliverMail({ ...mail, messageId: claim.messageId })
  } catch (error) {
    await releaseReminder(claim.t, claim.rowId, claim.token)
    throw error
  }
  await markReminderSent(claim.t, claim.rowId, claim.token)
  return 'sent'
}
