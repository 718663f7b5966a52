// Two checkouts on one machine never share data (ADR 16): a port held by anything that is not this
// checkout's own server makes the scripts start their own elsewhere, or stop with a message.
import { spawn, spawnSync } from 'node:child_process'
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
  return spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), '--raw', 'CONFIG', 'GET', 'dir'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[1]
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

  it('a stale Redis pid file (its pid now runs another program) does not block the start, and is never signalled', async () => {
    const dir = checkout('stale-redis')
    // After a reboot the pid in the file may belong to anything: here, this test's own process.
    fs.writeFileSync(path.join(dir, 'redis.pid'), `${process.pid}\n`)
    const port = (await services.findFreePort(20000 + Math.floor(Math.random() * 20000)))!
    const ours = await start(services.startRedis({ dir, port }))
    expect(ours.reused).toBe(false)
    expect(fs.realpathSync(redisDir(ours.port)!)).toBe(fs.realpathSync(dir))
    expect(Number(fs.readFileSync(ours.pidFile, 'utf8'))).not.toBe(process.pid)
  })

  it('stopping by a stale pid file leaves the unrelated process alone', async () => {
    const dir = checkout('stale-stop')
    const bystander = spawn('sleep', ['30'], { stdio: 'ignore' })
    try {
      const pidFile = path.join(dir, 'redis.pid')
      fs.writeFileSync(pidFile, `${bystander.pid}\n`)
      services.stopByPidFile(pidFile)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(bystander.exitCode).toBeNull()
      expect(bystander.signalCode).toBeNull()
    } finally {
      bystander.kill()
    }
  })

  it('a MariaDB port held by something else is never connected to: this checkout’s server starts elsewhere, past a stale pid file', async () => {
    const dir = checkout('mariadb')
    fs.writeFileSync(path.join(dir, 'mariadb.pid'), `${process.pid}\n`)
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
