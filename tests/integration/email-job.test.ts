// E-mail jobs are idempotent: the same job id never sends twice, and a failed send can be retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueue } from '#app/services/queue.server'
import { redis } from '#app/services/redis.server'
import { uniqueEmail } from '#tests/factories/index'
import { mailsTo, waitForMail } from '#tests/mailbox'
import { startMailPipeline } from './helpers'

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startMailPipeline()
})
afterAll(async () => stop())

describe('email queue', () => {
  it('delivers through SMTP and sends a job id only once', async () => {
    const to = uniqueEmail('mail')
    const jobId = `test-${to}`
    await enqueue('email', { clientId: null, to, subject: 'Hello once', text: 'Body' }, { jobId })
    await waitForMail(to, /Hello once/)
    await redis().del(`bull:email:${jobId}`) // even if BullMQ forgot the job, the marker holds
    await enqueue('email', { clientId: null, to, subject: 'Hello once', text: 'Body' }, { jobId })
    await new Promise((r) => setTimeout(r, 800))
    expect((await mailsTo(to)).length).toBe(1)
    expect(await redis().get(`mail:sent:${jobId}`)).toBe('sent')
  })

  it('validates payloads before they reach Redis', async () => {
    await expect(enqueue('email', { clientId: null, to: 'not-an-address', subject: 's', text: 't' })).rejects.toThrow()
  })
})
