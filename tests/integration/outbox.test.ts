// The outbox's rules (ADR 0092): a row commits or rolls back with its change, the relay queues each row once
// under its stable job id even when run again after a crash before the marking, and a row no queue takes is
// set aside instead of stopping the relay.
import { afterAll, describe, expect, it } from 'vitest'
import { emailPayload } from '#app/models/system-mail.server'
import { platformDb } from '#app/services/db.server'
import { addToOutbox, outboxJobId, relayOutbox } from '#app/services/outbox.server'
import { action as createReportRoute } from '#app/routes/api.client.create-reports'
import { closeQueues, enqueueBulk, queue } from '#app/services/queue.server'
import { inTransaction } from '#db/transaction'
import { createTenant, uniqueEmail } from '#tests/factories/index'
import { sessionClient } from '#tests/factories/session'

afterAll(async () => {
  await closeQueues()
})

const rowOf = (id: number) => platformDb.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()

describe('the outbox', () => {
  it('writes the e-mail with the change: a rollback leaves no row, a commit is relayed under the row’s job id', async () => {
    let rolledBack = 0
    await expect(
      inTransaction(platformDb, async (tx) => {
        rolledBack = await addToOutbox(tx, 'email', await emailPayload({ clientId: null, to: uniqueEmail('outbox-rb'), template: 'email_changed' }))
        throw new Error('the change fails')
      }),
    ).rejects.toThrow('the change fails')
    expect(rolledBack).toBeGreaterThan(0)
    expect(await rowOf(rolledBack)).toBeUndefined()

    const mail = await emailPayload({ clientId: null, to: uniqueEmail('outbox-ok'), template: 'email_changed' })
    const id = await inTransaction(platformDb, (tx) => addToOutbox(tx, 'email', mail))
    // Committed, not yet relayed: nothing in BullMQ until a relay runs (here the caller's kick).
    const row = (await rowOf(id))!
    expect(row.relayed_at).toBeNull()
    expect(await queue('email').getJob(outboxJobId(row))).toBeUndefined()
    expect(await relayOutbox({ ids: [id] })).toBe(1)
    expect((await rowOf(id))!.relayed_at).not.toBeNull()
    expect((await queue('email').getJob(outboxJobId(row)))?.data).toMatchObject({ to: row.payload ? JSON.parse(row.payload).to : '' })
  })

  it('a relay that died after queueing and before marking queues the same job id again, and BullMQ keeps one', async () => {
    const to = uniqueEmail('outbox-twice')
    const id = await addToOutbox(platformDb, 'email', { clientId: null, to, subject: 'Once', text: 'Body' })
    const row = (await rowOf(id))!
    // The dead relay's half pass: queued, never marked.
    await enqueueBulk('email', [{ payload: JSON.parse(row.payload), opts: { jobId: outboxJobId(row) } }])
    expect(await relayOutbox({ ids: [id] })).toBe(1)
    const jobs = (await queue('email').getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'])).filter((j) => j.data.to === to)
    expect(jobs.map((j) => j.id)).toEqual([outboxJobId(row)])
  })

  it('keeps job options and the caller’s job id, and sets aside a row no queue takes', async () => {
    const good = await addToOutbox(
      platformDb,
      'email',
      { clientId: null, to: uniqueEmail('outbox-opts'), subject: 'S', text: 'T' },
      { jobId: `outbox-test-${Date.now()}`, attempts: 2, priority: 3 },
    )
    const bad = Number(
      (await platformDb.insertInto('outbox').values({ client_id: null, queue: 'no-such-queue', payload: '{}', job_id: null, options: null }).executeTakeFirstOrThrow()).insertId,
    )
    expect(await relayOutbox({ ids: [bad, good] })).toBe(2)
    const row = (await rowOf(good))!
    const job = (await queue('email').getJob(row.job_id!))!
    expect(job.opts).toMatchObject({ attempts: 2, priority: 3 })
    expect((await rowOf(bad))!.relayed_at).not.toBeNull()
  })

  it('POST /api/client/create-reports commits the report and its job together, relayed by the request', async () => {
    const { org, owner } = await createTenant()
    const client = await sessionClient({ userId: owner.id, clientId: org.id })
    const res = await client.call(createReportRoute as never, {
      path: '/api/client/create-reports',
      body: { startDate: '2026-03-01', endDate: '2026-03-31', reportsFields: ['orderId'], finalQuestionnaires: [] },
    })
    expect(res.status).toBe(201)
    const reportId = (res.json.report as { _id: string })._id
    const row = await platformDb.selectFrom('outbox').selectAll().where('client_id', '=', org.id).where('queue', '=', 'order-report').executeTakeFirstOrThrow()
    expect(JSON.parse(row.payload)).toEqual({ clientId: org.id, reportId })
    expect(row.job_id).toBe(`order-report-${reportId}`)
    expect(row.relayed_at).not.toBeNull()
    expect((await queue('order-report').getJob(row.job_id!))?.data).toEqual({ clientId: org.id, reportId })
    await queue('order-report').remove(row.job_id!)
  })

  it('refuses a payload its queue refuses before anything is written', async () => {
    await expect(addToOutbox(platformDb, 'email', { clientId: null, to: 'not-an-address', subject: 's', text: 't' })).rejects.toThrow()
  })
})
