// The dev/test server and its /dev/mailbox (which holds reset links and codes) are reachable from
// this machine only: the server listens on 127.0.0.1, and the mailbox also refuses a page whose DNS
// name was rebound to 127.0.0.1.
import net from 'node:net'
import os from 'node:os'
import { expect, test } from '@playwright/test'
import { PORT, rawRequest } from './raw-http'

test('the mailbox answers a browser on this machine under a loopback name only', async () => {
  expect((await rawRequest({ path: '/dev/mailbox', headers: { Host: `localhost:${PORT}` } })).status).toBe(200)
  expect((await rawRequest({ path: '/dev/mailbox', headers: { Host: `127.0.0.1:${PORT}` } })).status).toBe(200)
  for (const host of [`rebound.evil.example:${PORT}`, 'evil.example']) {
    const res = await rawRequest({ path: '/dev/mailbox', headers: { Host: host } })
    expect(res.status, host).toBe(404)
    expect(res.body).not.toContain('Dev mailbox')
  }
  // Proxy headers cannot make a remote client look local (or a rebound name look like localhost).
  const forged = await rawRequest({ path: '/dev/mailbox', headers: { Host: 'evil.example', 'X-Forwarded-Host': 'localhost', 'X-Forwarded-For': '127.0.0.1' } })
  expect(forged.status).toBe(404)
})

test('the test server does not listen on the machine’s other addresses', async () => {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address)
  test.skip(addresses.length === 0, 'no non-loopback interface on this machine')
  for (const address of addresses) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: address, port: PORT })
      socket.setTimeout(2_000, () => (socket.destroy(), resolve('timeout')))
      socket.once('connect', () => (socket.destroy(), resolve('connected')))
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    })
    expect(outcome, address).not.toBe('connected')
  }
})
