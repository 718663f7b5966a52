// Plain node:http calls to the test server, for what Playwright's request API cannot send: a forged
// Host, chunked bodies written piece by piece, a body cut short when the server answers early.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import WebSocket from 'ws'

export const PORT = Number(process.env.PORT ?? 3100)

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** Another loopback address (127.x.y.z): the server sees another client, with budgets of its own. */
export function freshLoopbackAddress(): string {
  const [a, b, c] = randomBytes(3)
  return `127.${(a! % 200) + 20}.${b}.${(c! % 250) + 2}`
}

/** localAddress: send from another loopback address (freshLoopbackAddress), as another client would. */
export function rawRequest(opts: {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  port?: number
  localAddress?: string
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = { host: '127.0.0.1', port: opts.port ?? PORT, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, localAddress: opts.localAddress }
    const req = http.request(target, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

export type StreamedResponse = RawResponse & { bytesSent: number }

/**
 * Writes `chunk` again and again (at most `maxBytes`) until the server answers, the way a client
 * uploading a huge body would; the answer must come while the body is still on its way.
 */
export function streamUntilAnswered(opts: { path: string; headers: Record<string, string>; chunk: Buffer; maxBytes: number }): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0
    let answered = false
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'POST', path: opts.path, headers: opts.headers }, (res) => {
      answered = true
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), bytesSent }))
      res.on('error', reject)
    })
    // Once the server has answered and closed, further writes fail: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const pump = () => {
      if (answered || req.destroyed) return
      if (bytesSent >= opts.maxBytes) {
        req.end()
        return
      }
      bytesSent += opts.chunk.length
      const more = req.write(opts.chunk)
      if (more) setTimeout(pump, 2)
      else req.once('drain', pump)
    }
    pump()
  })
}

/** The websocket upgrade's outcome with these headers: 'open', or the HTTP status it was refused with. */
export function websocketUpgrade(headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, { headers })
    socket.once('open', () => {
      socket.close()
      resolve('open')
    })
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    socket.once('error', reject)
  })
}
