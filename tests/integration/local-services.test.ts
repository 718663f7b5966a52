// Two checkouts on one machine never share data (ADR 16): a port held by anything that is not this
// checkout's own server makes the scripts start their own elsewhere, or stop with a message.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createPool } from 'mysql2/promise'
import { afterAll, describe, expect, it } from 'vitest'

type Started = { url: string; pidFile: string; port: number; reused: boolean }
type Services = {
  startRedis(opts: { dir: string; port: number; onBusy?: 'pick' | 'fail' }): Promise<Started>
  startMariaDb(opts: { dir: string; port: number; database: string; onBusy?: 'pick' | 'fail' }): Promise<Started>
  findFreePort(preferred: number): Promise<number | null>
  stopByPidFile(pidFile: string): void
}
const servicesModule = path.resolve('scripts/services.mjs')
const services = (await import(/* @vite-ignore */ servicesModule)) as Services

const checkouts: string[] = []
const started: string[] = []
function checkout(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `draftdesk-${name}-`))
  checkouts.push(dir)
  return dir
}
async function start<T extends Started>(promise: Promise<T>): Promise<T> {
  const result = await promise
  started.push(result.pidFile)
  return result
}

afterAll(async () => {
  for (const pidFile of started) services.stopByPidFile(pidFile)
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const dir of checkouts) fs.rmSync(dir, { recursive: true, force: true })
})

function redisDir(port: number) {
  return spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), '--raw', 'CONFIG', 'GET', 'dir'], { encoding: 'utf8' }).stdout.trim().split('\n')[1]
}

describe('local services of two checkouts', () => {
  it('a second checkout whose Redis port is taken starts its own Redis, or stops with a message', async () => {
    const first = checkout('first')
    const second = checkout('second')
    const port = (await services.findFreePort(20000 + Math.floor(Math.random() * 20000)))!
    const a = await start(services.startRedis({ dir: first, port }))
    expect(a.port).toBe(port)
    const b = await start(services.startRedis({ dir: second, port }))
    expect(b.port).not.toBe(port)
    expect(fs.realpathSync(redisDir(b.port)!)).toBe(fs.realpathSync(second))
    expect(fs.realpathSync(redisDir(a.port)!)).toBe(fs.realpathSync(first))
    // Started again, each checkout finds its own server, not the one on its default port.
    expect(await services.startRedis({ dir: second, port })).toMatchObject({ port: b.port, reused: true })
    await expect(services.startRedis({ dir: checkout('third'), port, onBusy: 'fail' })).rejects.toThrow(/not this checkout's Redis/)
  })

  it('a MariaDB port held by something else is never connected to: this checkout’s server starts elsewhere', async () => {
    const dir = checkout('mariadb')
    const stranger = net.createServer((socket) => socket.end())
    const port = (await services.findFreePort(20000 + Math.floor(Math.random() * 20000)))!
    await new Promise<void>((resolve) => stranger.listen(port, '127.0.0.1', resolve))
    try {
      const ours = await start(services.startMariaDb({ dir, port, database: 'checkout_probe' }))
      expect(ours.port).not.toBe(port)
      const pool = createPool({ uri: ours.url })
      const [rows] = await pool.query('SELECT @@datadir AS datadir')
      await pool.end()
      expect(fs.realpathSync((rows as { datadir: string }[])[0]!.datadir)).toBe(fs.realpathSync(path.join(dir, 'mariadb')))
    } finally {
      stranger.close()
    }
  }, 90_000)
})
