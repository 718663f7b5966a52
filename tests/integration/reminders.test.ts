// Workflow reminders end to end over a simulated clock: the pass, the e-mail job, the SMTP sink.
// First the rules through one in-process worker; then two worker processes, one killed with SIGKILL
// in the middle of a burst, and every due reminder still arrives exactly once.
import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeTask, findOrder, type OrderRow } from '#app/models/orders.server'
import { runReminderPass, reminderMessageId } from '#app/models/reminders.server'
import { DAY_MS } from '#app/rules/reminder-schedule'
import { platformDb, tenantDb } from '#app/services/db.server'
import { deliveriesKey, startMailSink } from '#app/services/mail-sink.server'
import { redis } from '#app/services/redis.server'
import type { StoredModule } from '#db/tables/workflows'
import { closeQueues, enqueue, queue } from '#app/services/queue.server'
import { startWorkers } from '#jobs/worker'
import { createOrganisation, uniqueEmail } from '#tests/factories/index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow, DEFAULT_MODULES } from '#tests/factories/orders'
import { closeMailbox, mailsTo } from '#tests/mailbox'

const HOUR = 3600_000
const T0 = new Date(Date.UTC(2031, 0, 6, 9, 0, 0))
const at = (days: number, hours = 1) => new Date(T0.getTime() + days * DAY_MS + hours * HOUR)

type ReminderSpec = { id: string; days: number; subject: string; body: string }
const reminder = (r: ReminderSpec) => ({ id: r.id, num: 1, numberOfDays: r.days, email: { subject: r.subject, body: r.body } })

async function setReminders(workflowPublicId: string, byModule: Record<string, ReminderSpec[]>) {
  const modules: StoredModule[] = DEFAULT_MODULES.map((m) => ({ ...m, reminders: (byModule[m.id] ?? []).map(reminder) }))
  await platformDb
    .updateTable('workflows')
    .set({ modules: JSON.stringify(modules) })
    .where('public_id', '=', workflowPublicId)
    .execute()
}

async function finishModule(clientId: number, order: OrderRow, moduleId: string, when: Date) {
  const t = { db: tenantDb(clientId), clientId }
  await completeTask(t, (await findOrder(t, order.public_id))!, { serviceId: order.services[0]!._id, taskId: moduleId, at: when })
}

async function assignWriter(orderId: number, writerUserId: number, when: Date) {
  await platformDb.updateTable('orders').set({ writer_id: writerUserId, assigned_at: when }).where('id', '=', orderId).execute()
}

async function queuesIdle(): Promise<boolean> {
  for (const name of ['email', 'reminders'] as const) {
    const counts = await queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
    if (Object.values(counts).some((n) => n > 0)) return false
  }
  return true
}

/** Until both queues are empty twice in a row (a pass may still be adding e-mails). */
async function drain(timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let idle = 0
  while (Date.now() < deadline) {
    idle = (await queuesIdle()) ? idle + 1 : 0
    if (idle >= 2) return
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error('queues did not drain')
}

const ledger = (clientId: number) => platformDb.selectFrom('reminder_sends').selectAll().where('client_id', '=', clientId).execute()
const subjectsTo = async (email: string) => (await mailsTo(email)).map((m) => m.subject).sort()

let sink: Awaited<ReturnType<typeof startMailSink>>
beforeAll(async () => {
  sink = await startMailSink(Number(process.env.SMTP_SINK_PORT), redis())
})
afterAll(async () => {
  await closeQueues()
  await closeMailbox()
  await new Promise((r) => (sink ? sink.close(() => r(null)) : r(null)))
})

describe('reminder rules through the pass and the e-mail job', () => {
  let workers: { close: () => Promise<void> }
  beforeAll(() => {
    workers = startWorkers({ emailLockMs: 5000 })
  })
  afterAll(async () => workers.close())

  const pass = async (clientId: number, now: Date) => {
    const result = await runReminderPass(now, { clientIds: [clientId] })
    await drain()
    return result
  }

  it('sends each reminder once, from the day its module became actionable, to whom it waits on', async () => {
    const org = await createOrganisation()
    const writer = await createContributor(org.id, { firstName: 'Wren' })
    const writerUserId = writer.accounts.get(org.id)!.id
    const { productId, workflowPublicId } = await createProductWithWorkflow(org.id)
    await setReminders(workflowPublicId, {
      previous_document: [
        { id: 'u1', days: 1, subject: 'First reminder for {{orderId}}', body: '<p>Hello {{customerName}}, please upload your documents.</p><script>alert(1)</script>' },
        { id: 'u3', days: 3, subject: 'Second reminder for {{orderId}}', body: '<p>Still waiting, {{customerFirstName}}.</p>' },
      ],
      revision_process: [{ id: 'r2', days: 2, subject: 'Revision waiting on {{orderId}}', body: '<p>Hi {{firstName}}, {{customerName}} is waiting for the revision.</p>' }],
    })
    const customer = await createCustomer(org.id, { firstName: '<Ann>', lastName: 'Lee', email: uniqueEmail('rem') })
    const order = await createOrder(org.id, { customerUserId: customer.userId, productId, createdAt: T0 })

    expect((await pass(org.id, at(0, 23))).queued).toBe(0)
    expect((await pass(org.id, at(1))).queued).toBe(1)
    const [first] = await mailsTo(customer.email)
    expect(first!.subject).toBe(`First reminder for ${order.public_id}`)
    // The customer's name is escaped in the HTML, raw in the text part; the reminder's script is gone.
    expect(first!.html).toMatch(/Hello &(#60|lt);Ann&(#62|gt); Lee, please upload your documents\./)
    expect(first!.html).not.toContain('<Ann>')
    expect(first!.html).not.toContain('<script')
    expect(first!.text).toContain('Hello <Ann> Lee, please upload your documents.')
    expect(first!.text).toMatch(/Open your portal:\nhttps?:\/\/\S+\/login\n/)

    // Passes again at the same time, two at once: nothing more.
    const again = await Promise.all([runReminderPass(at(1, 2), { clientIds: [org.id] }), runReminderPass(at(1, 2), { clientIds: [org.id] })])
    await drain()
    expect(again.map((r) => r.queued)).toEqual([0, 0])
    expect(await subjectsTo(customer.email)).toEqual([`First reminder for ${order.public_id}`])

    // A changed day count applies to what is not sent yet.
    await setReminders(workflowPublicId, {
      previous_document: [
        { id: 'u1', days: 1, subject: 'First reminder for {{orderId}}', body: '<p>Hello</p>' },
        { id: 'u3', days: 4, subject: 'Second reminder for {{orderId}}', body: '<p>Still waiting, {{customerFirstName}}.</p>' },
      ],
      revision_process: [{ id: 'r2', days: 2, subject: 'Revision waiting on {{orderId}}', body: '<p>Hi {{firstName}}, {{customerName}} is waiting for the revision.</p>' }],
    })
    expect((await pass(org.id, at(3))).queued).toBe(0)
    expect((await pass(org.id, at(4))).queued).toBe(1)
    expect(await subjectsTo(customer.email)).toEqual([`First reminder for ${order.public_id}`, `Second reminder for ${order.public_id}`])

    // The module is done: the next one (waiting on the contributor) counts from then, or from the assignment.
    await finishModule(org.id, order, 'previous_document', at(5, 0))
    await assignWriter(order.id, writerUserId, at(5, 12))
    expect((await pass(org.id, at(7, 11))).queued).toBe(0)
    expect((await pass(org.id, at(7, 13))).queued).toBe(1)
    const [toWriter] = await mailsTo(writer.email)
    expect(toWriter!.subject).toBe(`Revision waiting on ${order.public_id}`)
    expect(toWriter!.text).toContain('Hi Wren, <Ann> Lee is waiting for the revision.')

    // None once the module is completed.
    await finishModule(org.id, order, 'revision_process', at(8, 0))
    expect((await pass(org.id, at(20))).queued).toBe(0)

    const rows = await ledger(org.id)
    expect(rows.map((r) => `${r.module_id}/${r.reminder_id}:${r.state}:${r.recipient}`).sort()).toEqual([
      'previous_document/u1:sent:customer',
      'previous_document/u3:sent:customer',
      'revision_process/r2:sent:writer',
    ])
  })

  it('sends the latest of several due reminders only, and none for archived, test, completed orders or inactive recipients', async () => {
    const org = await createOrganisation()
    const { productId, workflowPublicId } = await createProductWithWorkflow(org.id)
    await setReminders(workflowPublicId, {
      previous_document: [
        { id: 'u1', days: 1, subject: 'R1 {{orderId}}', body: '<p>one</p>' },
        { id: 'u3', days: 3, subject: 'R3 {{orderId}}', body: '<p>three</p>' },
      ],
    })
    const people = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createCustomer(org.id, { email: uniqueEmail('rem') })))
    const late = await createOrder(org.id, { customerUserId: people[0]!.userId, productId, createdAt: T0 })
    await createOrder(org.id, { customerUserId: people[1]!.userId, productId, createdAt: T0 }, { archived: true })
    await createOrder(org.id, { customerUserId: people[2]!.userId, productId, createdAt: T0 }, { test_order: true })
    await createOrder(org.id, { customerUserId: people[3]!.userId, productId, createdAt: T0 }, { marked_as_complete: true })
    await createOrder(org.id, { customerUserId: people[4]!.userId, productId, createdAt: T0 })
    await platformDb.updateTable('memberships').set({ active: false }).where('user_id', '=', people[4]!.userId).execute()
    const archivedCustomer = await createCustomer(org.id, { email: uniqueEmail('rem'), archived: true })
    await createOrder(org.id, { customerUserId: archivedCustomer.userId, productId, createdAt: T0 })

    // First pass only on day 5 (the scheduler was down): the day-3 reminder goes, the day-1 one is superseded.
    expect((await pass(org.id, at(5))).queued).toBe(1)
    expect(await subjectsTo(people[0]!.email)).toEqual([`R3 ${late.public_id}`])
    for (const p of [...people.slice(1), archivedCustomer]) expect(await mailsTo(p.email)).toEqual([])
    expect((await ledger(org.id)).map((r) => `${r.order_id === late.id}/${r.reminder_id}:${r.state}`).sort()).toEqual(['true/u1:superseded', 'true/u3:sent'])

    // Reactivated, the customer gets the latest due reminder, once.
    await platformDb.updateTable('memberships').set({ active: true }).where('user_id', '=', people[4]!.userId).execute()
    expect((await pass(org.id, at(6))).queued).toBe(1)
    expect((await pass(org.id, at(6, 2))).queued).toBe(0)
    expect((await mailsTo(people[4]!.email)).map((m) => m.subject.slice(0, 2))).toEqual(['R3'])
  })

  it('takes over a send that died after claiming its ledger row, under the same Message-ID', async () => {
    const org = await createOrganisation()
    const { productId, workflowPublicId } = await createProductWithWorkflow(org.id)
    await setReminders(workflowPublicId, { previous_document: [{ id: 'u1', days: 1, subject: 'Crash {{orderId}}', body: '<p>x</p>' }] })
    const customer = await createCustomer(org.id, { email: uniqueEmail('rem') })
    const order = await createOrder(org.id, { customerUserId: customer.userId, productId, createdAt: T0 })
    // A worker claimed the reminder a minute ago and died before (or while) sending.
    const service = order.services[0]!._id
    await platformDb
      .insertInto('reminder_sends')
      .values({
        client_id: org.id,
        order_id: order.id,
        service_id: service,
        module_id: 'previous_document',
        reminder_id: 'u1',
        recipient: 'customer',
        recipient_user_id: customer.userId,
        days: 1,
        due_at: at(1, 0),
        state: 'sending',
        claim_token: 'dead-worker',
        claimed_at: new Date(Date.now() - 61_000),
      })
      .execute()
    expect((await pass(org.id, at(1))).queued).toBe(1)
    expect(await subjectsTo(customer.email)).toEqual([`Crash ${order.public_id}`])
    const [row] = await ledger(org.id)
    expect(row).toMatchObject({ state: 'sent', claim_token: null })
    const messageId = reminderMessageId(order.public_id, { serviceId: service, moduleId: 'previous_document', reminderId: 'u1' })
    expect((await mailsTo(customer.email))[0]!.id).toBe(messageId)
  })
})

describe('two worker processes, one killed with SIGKILL mid-run', () => {
  const children: ChildProcess[] = []

  function spawnWorker(name: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/reminder-worker.child.ts'], {
      // Short enough to take a dead worker's jobs over in seconds, long enough for a busy machine to renew it.
      env: { ...process.env, TEST_EMAIL_LOCK_MS: '5000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`))
    return new Promise((resolve, reject) => {
      // A cold tsx start of the whole app takes a while on a busy machine.
      const timer = setTimeout(() => reject(new Error(`${name} did not start`)), 120_000)
      child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('worker ready')) {
          clearTimeout(timer)
          resolve(child)
        }
      })
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)))
    })
  }

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))))
  })

  it('every due reminder reaches the mail sink exactly once', { timeout: 400_000 }, async () => {
    const org = await createOrganisation()
    const writer = await createContributor(org.id, { firstName: 'Wren' })
    const writerUserId = writer.accounts.get(org.id)!.id
    const { productId, workflowPublicId } = await createProductWithWorkflow(org.id)
    await setReminders(workflowPublicId, {
      previous_document: [
        { id: 'u1', days: 1, subject: 'R1 {{orderId}}', body: '<p>Please upload, {{customerFirstName}}.</p>' },
        { id: 'u3', days: 3, subject: 'R3 {{orderId}}', body: '<p>Still waiting, {{customerFirstName}}.</p>' },
      ],
      revision_process: [{ id: 'r2', days: 2, subject: 'W2 {{orderId}}', body: '<p>Revision of {{orderId}} is waiting.</p>' }],
    })
    const CUSTOMER_ORDERS = 50
    const WRITER_ORDERS = 10
    const customerOrders: { order: OrderRow; email: string }[] = []
    for (let i = 0; i < CUSTOMER_ORDERS; i++) {
      const c = await createCustomer(org.id, { email: uniqueEmail(`kill${i}`) })
      customerOrders.push({ order: await createOrder(org.id, { customerUserId: c.userId, productId, createdAt: T0 }), email: c.email })
    }
    const writerOrders: OrderRow[] = []
    const shared = await createCustomer(org.id, { email: uniqueEmail('killw') })
    for (let i = 0; i < WRITER_ORDERS; i++) {
      const order = await createOrder(org.id, { customerUserId: shared.userId, productId, createdAt: T0 })
      await finishModule(org.id, order, 'previous_document', T0)
      await assignWriter(order.id, writerUserId, T0)
      writerOrders.push(order)
    }

    const [a] = await Promise.all([spawnWorker('worker-a'), spawnWorker('worker-b')])
    // Two passes per simulated day: the scheduler run twice at the same moment.
    const passDay = async (day: number, rerun = '') => {
      for (const copy of ['a', 'b'])
        await enqueue('reminders', { clientId: null, clientIds: [org.id], now: at(day).getTime() }, { jobId: `kill-${org.publicId}-${day}-${copy}${rerun}` })
    }

    await passDay(1)
    // Kill one worker the moment the first reminder of the burst arrives: it holds e-mail jobs in flight.
    const deadline = Date.now() + 20_000
    const addresses = customerOrders.map((c) => c.email)
    while (Date.now() < deadline && !(await anyArrived(addresses))) await new Promise((r) => setTimeout(r, 10))
    a.kill('SIGKILL')
    const inFlight = await platformDb
      .selectFrom('reminder_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', org.id)
      .where('state', '=', 'sending')
      .executeTakeFirstOrThrow()
    await spawnWorker('worker-c')
    await drain(60_000)
    for (const day of [2, 3]) {
      await passDay(day)
      await drain(60_000)
    }
    await passDay(3, '-rerun')
    await passDay(4)
    await drain(60_000)

    for (const { order, email } of customerOrders) {
      expect(await subjectsTo(email), order.public_id).toEqual([`R1 ${order.public_id}`, `R3 ${order.public_id}`])
    }
    const writerSubjects = await subjectsTo(writer.email)
    expect(writerSubjects).toEqual(writerOrders.map((o) => `W2 ${o.public_id}`).sort())

    const rows = await ledger(org.id)
    expect(rows.length).toBe(CUSTOMER_ORDERS * 2 + WRITER_ORDERS)
    expect(rows.every((r) => r.state === 'sent')).toBe(true)

    // SMTP deliveries, resends included: only a message that was on the wire when its worker died can
    // have gone twice, and then under the same Message-ID (the mailbox above kept one).
    let resent = 0
    for (const r of rows) {
      const order = [...customerOrders.map((c) => c.order), ...writerOrders].find((o) => o.id === Number(r.order_id))!
      const count = Number(await redis().get(deliveriesKey(reminderMessageId(order.public_id, { serviceId: r.service_id, moduleId: r.module_id, reminderId: r.reminder_id }))))
      expect(count).toBeGreaterThanOrEqual(1)
      resent += count - 1
    }
    expect(resent).toBeLessThanOrEqual(10) // at most the killed worker's concurrency
    console.log(
      `[reminders kill test] ${rows.length} reminders; ${Number(inFlight.n)} claims in flight (both workers) when one was killed; ${resent} re-sent under the same Message-ID`,
    )
  })
})

async function anyArrived(emails: string[]): Promise<boolean> {
  const rows = await redis().lrange('dev:mailbox', 0, 20)
  return rows.some((r) => emails.includes((JSON.parse(r) as { to: string[] }).to[0]!))
}
