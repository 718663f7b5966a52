// One named lock taken by two processes at once (issue 28, ADR 0100): the in-memory queue of holdingNamedLock
// orders the attempts of one process, only GET_LOCK orders the processes. Each process bursts more attempts than
// the pool has connections around one counter row: none fails, the sections never overlap, exactly the limit wins.
import { spawn } from 'node:child_process'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { type Attempt, burst } from './named-lock-burst'

const BURST = 25
const LIMIT = 10
const lock = `:probe:${Math.random().toString(36).slice(2, 8)}`

/** The second process, started and ready: `go()` starts its burst and resolves with its attempts. */
function secondProcess(): Promise<{ go: () => Promise<Attempt[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/named-lock.child.ts'], {
    env: { ...process.env, TEST_LOCK_NAME: lock, TEST_LOCK_BURST: String(BURST), TEST_LOCK_LIMIT: String(LIMIT) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let out = ''
  const exited = new Promise<Attempt[]>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.split('\n').at(-2)!) as Attempt[]) : reject(new Error(`the second process exited with ${code}`)))),
  )
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('lock child ready\n') && !out.includes('[')) resolve({ go: () => (child.stdin!.end('go\n'), exited) })
    })
    exited.catch(reject)
  })
}

beforeAll(async () => {
  await sql`CREATE TABLE IF NOT EXISTS named_lock_probe (name VARCHAR(64) PRIMARY KEY, holders INT NOT NULL DEFAULT 0, entered INT NOT NULL DEFAULT 0, taken INT NOT NULL DEFAULT 0)`.execute(
    platformDb,
  )
  await sql`INSERT INTO named_lock_probe (name) VALUES (${lock})`.execute(platformDb)
})
afterAll(async () => {
  await sql`DROP TABLE IF EXISTS named_lock_probe`.execute(platformDb)
})

describe('a named lock across two processes', () => {
  it('a burst from each at once: no attempt fails, one section at a time, exactly the limit wins', { timeout: 60_000 }, async () => {
    const other = await secondProcess()
    const [theirs, ours] = await Promise.all([other.go(), burst(lock, BURST, LIMIT)])
    const all = [...ours, ...theirs]
    expect(all.filter((a) => !a.ok)).toEqual([])
    const done = all.filter((a) => a.ok)
    expect(done.map((a) => a.holders)).toEqual(done.map(() => 1))
    expect(done.map((a) => a.entered).sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * BURST }, (_, i) => i + 1))
    expect(done.filter((a) => a.won)).toHaveLength(LIMIT)
    const { rows } = await sql<{ holders: number; taken: number }>`SELECT holders, taken FROM named_lock_probe WHERE name = ${lock}`.execute(platformDb)
    expect(rows).toEqual([{ holders: 0, taken: LIMIT }])
  })
})
