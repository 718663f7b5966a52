// The reminder pass (ADR 0045): every quarter of an hour, workflow reminders that fell due are queued as e-mails.
import type { Job } from 'bullmq'
import { runReminderPass, type ReminderPassOptions, type ReminderPassResult } from '#app/models/reminders.server'
import { env } from '#app/services/env.server'
import { queue, type Payload } from './queues'

export const REMINDERS_SCHEDULER_ID = 'reminders-quarter-hourly'
const EVERY_QUARTER_HOUR = '*/15 * * * *'

// The clock is injectable: tests move it, or name the pass's time in the payload.
let clock: () => Date = () => new Date()

export function setReminderClock(next: (() => Date) | null) {
  clock = next ?? (() => new Date())
}

export function reminderPassProcessor(opts: ReminderPassOptions = {}) {
  return async (job: Pick<Job<Payload<'reminders'>>, 'data'>): Promise<ReminderPassResult> => {
    const now = job.data.now !== undefined ? new Date(job.data.now) : clock()
    return runReminderPass(now, { ...opts, clientIds: job.data.clientIds })
  }
}

export const reminderPassJob = reminderPassProcessor()

/**
 * Registers the quarter-hourly pass (upserting it again never adds a second schedule). Not under
 * APP_ENV=test: test runs drive passes with their own clock, and the seeded demo orders would
 * otherwise fill the shared test mailbox with reminders at every quarter hour.
 */
export async function scheduleReminders(): Promise<void> {
  if (env().APP_ENV === 'test') return
  await queue('reminders').upsertJobScheduler(REMINDERS_SCHEDULER_ID, { pattern: EVERY_QUARTER_HOUR, tz: 'UTC' }, { name: 'reminders', data: { clientId: null } })
}
