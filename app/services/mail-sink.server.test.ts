// The dev/test SMTP sink outlives a sender that dies mid-conversation (a worker killed mid-send).
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Redis } from 'ioredis'
import { expect, it } from 'vitest'
import { startMailSink } from './mail-sink.server'

function greeting(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('data', (d) => (String(d).startsWith('220') ? resolve(socket) : reject(new Error(String(d)))))
    socket.once('error', reject)
  })
}

it('a sender resetting its connection mid-conversation leaves the sink serving', async () => {
  // The reset never reaches a message's end, so the store is never used.
  const sink = (await startMailSink(0, {} as Redis))!
  const port = ((sink as unknown as { server: net.Server }).server.address() as AddressInfo).port
  const killed = await greeting(port)
  // smtp-server itself ignores a reset before MAIL FROM; after it, the reset reaches the server as an error.
  let replies = ''
  const accepted = new Promise<void>((resolve) => killed.on('data', (d) => (replies += String(d)) && /^250 Accepted/m.test(replies) && resolve()))
  killed.write('EHLO sender\r\nMAIL FROM:<a@example.test>\r\n')
  await accepted
  killed.resetAndDestroy()
  await new Promise((r) => setTimeout(r, 200))
  const next = await greeting(port)
  next.destroy()
  await new Promise<void>((r) => sink.close(() => r()))
  expect(port).toBeGreaterThan(0)
})
