// Cross-site websocket hijacking: a page on another origin opening /ws with the visitor's cookie is
// refused at the upgrade (403, no socket); our own pages still connect.
import { expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, signIn } from './helpers'

const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/ws`

/** Resolves with the upgrade's outcome: 'open', or the HTTP status the server refused it with. */
function connect(headers: Record<string, string>): Promise<{ outcome: 'open'; socket: WebSocket } | { outcome: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(WS_URL, { headers })
    socket.once('open', () => resolve({ outcome: 'open', socket }))
    socket.once('unexpected-response', (_req, res) => resolve({ outcome: res.statusCode ?? 0 }))
    socket.once('error', (error) => reject(error))
  })
}

test('an upgrade from a foreign origin, or with no proof of origin, is refused', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const attempts: Record<string, string>[] = [
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' },
    { 'Sec-Fetch-Site': 'cross-site' },
    {},
  ]
  for (const headers of attempts) {
    const result = await connect({ Cookie: cookie, ...headers })
    expect(result.outcome, JSON.stringify(headers)).toBe(403)
  }
})

test('an upgrade from our own origin connects and answers', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const result = await connect({ Cookie: cookie, Origin: BASE_URL })
  expect(result.outcome).toBe('open')
  if (result.outcome !== 'open') return
  const pong = new Promise<string>((resolve) => result.socket.once('message', (m) => resolve(String(m))))
  result.socket.send(JSON.stringify({ type: 'ping' }))
  expect(JSON.parse(await pong)).toEqual({ type: 'pong' })
  result.socket.close()
})

test('a message bigger than the server takes closes the socket (1009)', async ({ request }) => {
  const { owner } = await createTenant()
  const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
  const result = await connect({ Cookie: cookie, Origin: BASE_URL })
  expect(result.outcome).toBe('open')
  if (result.outcome !== 'open') return
  const closed = new Promise<number>((resolve) => result.socket.once('close', (code) => resolve(code)))
  result.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(80 * 1024) }))
  expect(await closed).toBe(1009)
  // The server survived it and still takes connections.
  const again = await connect({ Cookie: cookie, Origin: BASE_URL })
  expect(again.outcome).toBe('open')
  if (again.outcome === 'open') again.socket.close()
})

test('our origin without a session is still 401', async () => {
  expect((await connect({ Origin: BASE_URL })).outcome).toBe(401)
})
