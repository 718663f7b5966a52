// The transactional outbox under SIGKILL (issue 28, ADR 0092). N changes each commit a reset token and its
// e-mail in one transaction (one in ten rolls back), as a web process would that dies right after each commit,
// before its kick; two relay + e-mail worker processes are killed with SIGKILL at random points of the relaying
// and the sending and started again. Every committed e-mail reaches the SMTP sink, kept once under its one
// Message-ID; no rolled-back one does. OUTBOX_KILL_EVENTS sets N (`npm run outbox:kill` runs 1,000).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailPayload } from '#app/models/system-mail.server'
import { newToken, sha256 } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { deliveriesKey, startMailSink } from '#app/services/mail-sink.server'
import { addToOutbox, outboxJobId } from '#app/services/outbox.server'
import { closeQueues } from '#app/services/queue.server'
import { redis } from '#app/services/redis.server'
import { inTransaction } from '#db/transaction'
import { emailMessageId } from '#jobs/send-email'
import { createOrganisation, createUser } from '#tests/factories/index'
import { closeMailbox } from '#tests/mailbox'

const N = Number(process.env.OUTBOX_KILL_EVENTS ?? 300)
const KILLS = Number(process.env.OUTBOX_KILLS ?? 4)
const CONCURRENCY = 20

let sink: Awaited<ReturnType<typeof startMailSink>>
const children: (ChildProcess | null)[] = [null, null]
const unexpected: string[] = []
let stopping = false

function spawnRelay(slot: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/outbox-relay.child.ts'], {
    env: { ...process.env, TEST_EMAIL_LOCK_MS: '2000', TEST_OUTBOX_POLL_MS: '50' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children[slot] = child
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[relay-${slot}] ${d}`))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay-${slot} did not start`)), 120_000)
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('relay ready')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL' || stopping) return
      // A relay that died by itself (not killed by the test) fails the test, with its code.
      unexpected.push(`relay-${slot} exited with ${code ?? signal}`)
      reject(new Error(`relay-${slot} exited with ${code ?? signal}`))
    })
  })
}

const alive = (c: ChildProcess | null): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null

beforeAll(async () => {
  sink = await startMailSink(Number(process.env.SMTP_SINK_PORT), redis())
})
afterAll(async () => {
  stopping = true
  const running = children.filter(alive)
  for (const c of running) c.kill('SIGTERM')
  await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))))
  await closeQueues()
  await closeMailbox()
  await new Promise((r) => (sink ? sink.close(() => r(null)) : r(null)))
})

describe('the outbox with its relay and e-mail worker killed at random points', () => {
  it(`delivers each of ${N} committed e-mails once and no rolled-back one`, { timeout: 300_000 }, async () => {
    const org = await createOrganisation()
    const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
    const userId = owner.accounts.get(org.id)!.id
    const idsBefore = Number(
      (
        await platformDb
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    )

    // Progress points at which a process is killed: half while rows are being relayed, half while e-mails are sent.
    const points = Array.from({ length: KILLS }, (_, k) => ({ on: k % 2 === 0 ? ('relayed' as const) : ('sent' as const), at: randomInt(1, N - Math.floor(N / 10)) })).sort(
      (a, b) => a.at - b.at,
    )
    await Promise.all([spawnRelay(0), spawnRelay(1)])

    const committed: number[] = []
    const rolledBack: number[] = []
    const produce = async (i: number) => {
      let outboxId = 0
      const token = newToken()
      const mail = await emailPayload({
        clientId: org.id,
        to: `kill${i}@outbox.test`,
        template: 'password_reset',
        fields: { realmName: org.name },
        buttonPath: `/forgot-password-2/${token}`,
        credential: true,
      })
      try {
        await inTransaction(platformDb, async (tx) => {
          await tx
            .insertInto('auth_tokens')
            .values({ purpose: 'password_reset', token_hash: sha256(token), user_id: userId, client_id: org.id, data: '{}', expires_at: new Date(Date.now() + 3600_000) })
            .execute()
          outboxId = await addToOutbox(tx, 'email', mail)
          if (i % 10 === 9) throw new Error('rolled back on purpose')
        })
        committed.push(outboxId)
      } catch {
        rolledBack.push(outboxId)
      }
    }
    const production = (async () => {
      for (let i = 0; i < N; i += CONCURRENCY) await Promise.all(Array.from({ length: Math.min(CONCURRENCY, N - i) }, (_, k) => produce(i + k)))
    })()

    const relayedRows = () =>
      platformDb.selectFrom('outbox').select(['id', 'job_id', 'created_at']).where('id', '>', idsBefore).where('relayed_at', 'is not', null).orderBy('id').execute()
    // Each row's sink key once: the sink shares this process, so the polling stays light.
    const keys = new Map<number, string>()
    const keyOf = (r: { id: number; job_id: string | null; created_at: Date }) => {
      let key = keys.get(r.id)
      if (!key) keys.set(r.id, (key = deliveriesKey(emailMessageId(outboxJobId(r)))))
      return key
    }
    const deliveriesOf = async (rows: { id: number; job_id: string | null; created_at: Date }[]) => (rows.length === 0 ? [] : (await redis().mget(rows.map(keyOf))).map(Number))
    const progress = async () => {
      const rows = await relayedRows()
      return { relayed: rows.length, sent: (await deliveriesOf(rows)).filter((n) => n > 0).length }
    }
    const started = Date.now()
    const ready = [true, true]
    const respawning: Promise<unknown>[] = []
    const pending: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()]
    let kills = 0
    for (const point of points) {
      while ((await progress())[point.on] < point.at && unexpected.length === 0 && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 200))
      // A process that has finished starting; while both are starting again, the next kill waits for one.
      // Only the starts still pending: a settled one would resolve the race at once and spin without yielding.
      while (!ready.some(Boolean)) await Promise.race([0, 1].filter((i) => !ready[i]).map((i) => pending[i]))
      const slots = [0, 1].filter((i) => ready[i])
      const slot = slots[randomInt(0, slots.length)]!
      children[slot]!.kill('SIGKILL')
      kills++
      console.log(`[outbox kill test] SIGKILL ${kills} of relay-${slot} at ${point.at} ${point.on}, ${Date.now() - started} ms`)
      ready[slot] = false
      pending[slot] = spawnRelay(slot).then(() => {
        ready[slot] = true
      })
      respawning.push(pending[slot])
    }
    await production

    const expected = N - Math.floor(N / 10)
    expect(committed.length).toBe(expected)
    await Promise.all(respawning)
    // Until every committed e-mail has been relayed and has reached the sink.
    const deadline = Date.now() + 120_000
    let rows = await relayedRows()
    let counts = await deliveriesOf(rows)
    while ((rows.length < expected || counts.some((n) => n === 0)) && unexpected.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250))
      rows = await relayedRows()
      counts = await deliveriesOf(rows)
    }
    expect(unexpected).toEqual([])
    expect(rows.map((r) => r.id)).toEqual([...committed].sort((a, b) => a - b))
    expect(counts.filter((n) => n === 0).length).toBe(0)
    // A rolled-back change left no row, so no relay could ever queue its e-mail.
    const stray = await platformDb
      .selectFrom('outbox')
      .select('id')
      .where('id', 'in', [0, ...rolledBack])
      .execute()
    expect(stray).toEqual([])
    // SMTP deliveries, resends included: only a message on the wire when its worker died goes twice, under the
    // same Message-ID, and the mailbox keeps one (the sink counts each delivery, shows the first).
    const resent = counts.reduce((sum, n) => sum + n - 1, 0)
    expect(resent).toBeLessThanOrEqual(kills * 10)
    console.log(
      `[outbox kill test] ${N} changes (${expected} committed, ${rolledBack.length} rolled back), ${kills} SIGKILLs, all delivered in ${Date.now() - started} ms; ${resent} re-sent under the same Message-ID`,
    )
  })
})
