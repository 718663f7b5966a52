// An organisation's hourly e-mail budget (issue 28, ADR 0095), through POST /api/client/orders/create, the real
// queue, e-mail job and SMTP sink: past the budget the e-mails wait in the queue for the next hour (none is dropped,
// the orders are all made), and a sign-in code of the same organisation still leaves at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { windowOf } from '#app/rules/mail-volume'
import { action as createOrderRoute } from '#app/routes/api.client.orders_.create'
import { forgetBranding, queueEmail } from '#app/models/system-mail.server'
import { platformDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'
import { closeQueues, queue } from '#app/services/queue.server'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createCustomer, createProductWithWorkflow } from '#tests/factories/orders'
import { mailsTo, waitForMail } from '#tests/mailbox'
import { Client, queuesDrained, signIn, startMailPipeline } from './helpers'

const LIMIT = 3
const setting = process.env.MAIL_PER_ORGANISATION_PER_HOUR
let stop: () => Promise<void>

beforeAll(async () => {
  process.env.MAIL_PER_ORGANISATION_PER_HOUR = String(LIMIT)
  stop = await startMailPipeline()
})

afterAll(async () => {
  if (setting === undefined) delete process.env.MAIL_PER_ORGANISATION_PER_HOUR
  else process.env.MAIL_PER_ORGANISATION_PER_HOUR = setting
  await stop()
  await closeQueues()
})

async function delayedMailOf(clientId: number) {
  const jobs = await queue('email').getDelayed()
  return jobs.filter((job) => job.data.clientId === clientId)
}

describe('the hourly e-mail budget of an organisation', () => {
  it('sends the first ones, keeps the rest queued for the next hour, and never holds a sign-in code', async () => {
    const org = await createOrganisation()
    await platformDb
      .updateTable('organisations')
      .set({ subdomain: `mailcap${org.publicId.slice(0, 8).toLowerCase()}` })
      .where('id', '=', org.id)
      .execute()
    forgetBranding(org.id)
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const product = await createProductWithWorkflow(org.id)
    const customers = await Promise.all(Array.from({ length: LIMIT + 2 }, (_, i) => createCustomer(org.id, { firstName: `Cap${i}` })))
    const client = await signIn(new Client(), owner.email, org.name, owner.password)

    const created = await Promise.all(
      customers.map((c) =>
        client.call(createOrderRoute as never, {
          path: '/api/client/orders/create',
          body: { customer_id: c.publicId, package_id: product.productPublicId, markAsPaid: false, createInvoice: false },
        }),
      ),
    )
    expect(created.map((r) => r.status)).toEqual(customers.map(() => 200))

    // Each order mails its customer (and may mail the owner): the first LIMIT e-mails of the hour leave, the rest wait.
    const people = [owner.email, ...customers.map((c) => c.email)]
    const delivered = async () => (await Promise.all(people.map((p) => mailsTo(p)))).reduce((n, m) => n + m.length, 0)
    for (const deadline = Date.now() + 10_000; (await delivered()) < LIMIT && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100))
    await queuesDrained()
    expect(await delivered()).toBe(LIMIT)
    const held = await delayedMailOf(org.id)
    expect(held.length).toBeGreaterThanOrEqual(customers.length - LIMIT)
    expect(held.every((job) => people.includes(job.data.to))).toBe(true)
    // Waiting for the next clock hour (a few seconds of spread at most), not failed and not dropped.
    const { untilNext } = windowOf(Date.now())
    for (const job of held) {
      // BullMQ's delayed set scores a job by its due time times 0x1000.
      const due = Math.floor(Number(await redis().zscore(queue('email').keys.delayed, job.id!)) / 0x1000)
      expect(due - Date.now()).toBeGreaterThan(untilNext - 60_000)
    }

    // A sign-in code of the same organisation, past its budget, leaves at once.
    const staff = `staff-${org.publicId}@example.test`
    await queueEmail({ clientId: org.id, to: staff, template: 'two_factor_code', fields: { code: '123456' } })
    await waitForMail(staff, /./)

    // The next hours, each with a fresh counter: LIMIT more leave each hour until none is left, each once.
    let sent = LIMIT
    for (let hour = 1; (await delayedMailOf(org.id)).length > 0; hour++) {
      expect(hour).toBeLessThanOrEqual(Math.ceil(held.length / LIMIT))
      await redis().del(`mail:volume:${org.id}:${windowOf(Date.now()).window}`)
      const waiting = await delayedMailOf(org.id)
      await Promise.all(waiting.map((job) => job.promote()))
      const expected = sent + Math.min(LIMIT, waiting.length)
      for (const deadline = Date.now() + 10_000; (await delivered()) < expected && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100))
      await queuesDrained()
      expect(await delivered()).toBe(expected)
      sent = expected
    }
    expect(sent).toBe(LIMIT + held.length)
    for (const c of customers) expect((await mailsTo(c.email)).length).toBeGreaterThan(0)
    expect(await delayedMailOf(org.id)).toHaveLength(0)
  })
})
