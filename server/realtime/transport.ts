// The websocket transport on /ws: the upgrade, frames in order one at a time per socket under a rate
// limit, idle sockets closed, and writes corked per event-loop turn with a cap on a slow reader's queue.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Socket as NetSocket } from 'node:net'
import { WebSocketServer } from 'ws'
import { CHAT_SEND_FAILED, CLOSE_IDLE, CLOSE_POLICY, MAX_FRAME_BYTES, SOCKET_LIMITS, takeToken } from '#app/rules/chat'
import type { UpgradeDecision } from './authorisation'
import { type Client, newClient, type SocketIdentity } from './client'

/** A slow reader's queue past this is dropped with the socket, so one stalled browser cannot hold the process's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024

export type Transport = ReturnType<typeof createTransport>

export type TransportHandlers = {
  /** Who the upgrade is, or the HTTP answer that refuses it. */
  authorise: (req: IncomingMessage) => Promise<UpgradeDecision>
  /** A place under the caps for this socket, or the HTTP answer that refuses it (ADR 0083). */
  admit: (identity: SocketIdentity, socketId: string) => Promise<string | null>
  /** The place is free again: the socket closed, or its handshake never finished (may come twice). */
  vacate: (socketId: string) => void
  opened: (c: Client) => void
  /** One text frame; the next waits until it settles. */
  frame: (c: Client, raw: string) => Promise<void>
  /** The socket is gone (closed by either side): undo what `opened` and the frames set up. */
  released: (c: Client) => void
}

export function createTransport(server: Server, idleTimeoutMs: number, handlers: TransportHandlers) {
  // A frame over the limit closes the socket (1009) before it is parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const clients = new Set<Client>()

  // Fan-out cost is one write (a syscall) per socket and frame. Frames for a socket within one turn of
  // the event loop (a busy room: Redis hands over several messages at once) leave in a single write: the
  // TCP socket under ws is corked until the turn ends. ws keeps it as `_socket` (ws 8).
  const corked = new Set<NetSocket>()
  const uncorkAll = () => {
    for (const raw of corked) raw.uncork()
    corked.clear()
  }
  function deliver(c: Client, message: string | Buffer) {
    if (c.closed || c.socket.readyState !== c.socket.OPEN) return
    if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void c.socket.terminate()
    const raw = (c.socket as unknown as { _socket?: NetSocket })._socket
    if (raw && !corked.has(raw)) {
      if (corked.size === 0) setImmediate(uncorkAll)
      raw.cork()
      corked.add(raw)
    }
    c.socket.send(message, { binary: false })
  }

  function send(c: Client, event: Record<string, unknown>) {
    deliver(c, JSON.stringify(event))
  }

  /** A socket gone: out of every room and channel. */
  function release(c: Client) {
    c.closed = true
    handlers.released(c)
    handlers.vacate(c.id)
    clients.delete(c)
  }

  function drop(c: Client, code: number, reason: string) {
    if (c.closed) return
    release(c)
    try {
      c.socket.close(code, reason)
    } catch {
      c.socket.terminate()
    }
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => c.socket.terminate(), 5000).unref()
  }

  function closeIdle() {
    const cutoff = Date.now() - idleTimeoutMs
    for (const c of clients) if (c.lastFrameAt < cutoff) drop(c, CLOSE_IDLE, 'No heartbeat')
  }
  const idleTimer = setInterval(closeIdle, Math.max(250, Math.min(10_000, Math.floor(idleTimeoutMs / 3))))

  server.on('upgrade', async (req: IncomingMessage, socket, head) => {
    // Node stops watching an upgraded socket: a client resetting it mid-check must not crash the process.
    socket.on('error', () => socket.destroy())
    if (!req.url?.startsWith('/ws')) return socket.destroy()
    const decision = await handlers.authorise(req)
    if (!decision.ok) {
      socket.write(decision.answer)
      return socket.destroy()
    }
    const socketId = randomUUID()
    const refused = await handlers.admit(decision, socketId).catch((e: Error) => {
      console.error('[ws] socket caps unavailable', e.message)
      return 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\n\r\n'
    })
    if (refused) {
      socket.write(refused)
      return socket.destroy()
    }
    // However the connection ends (even before the handshake completes), its place is given back.
    if (socket.destroyed) return handlers.vacate(socketId)
    socket.once('close', () => handlers.vacate(socketId))
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client = newClient(ws, decision, Date.now(), socketId)
      clients.add(client)
      handlers.opened(client)
      ws.on('message', (raw, isBinary) => {
        const at = Date.now()
        client.lastFrameAt = at
        const frames = takeToken(client.buckets.frames, SOCKET_LIMITS.frames, at)
        if (!frames) return drop(client, CLOSE_POLICY, 'Too many frames')
        client.buckets.frames = frames
        if (isBinary) return send(client, { type: 'error', code: 'bad_request', message: 'Frames are JSON text' })
        // One frame at a time per socket, in the order sent (each may wait on the database).
        client.queue = client.queue
          .then(() => handlers.frame(client, String(raw)))
          .catch((e) => {
            console.error('[ws] frame failed', e)
            send(client, { type: 'error', code: 'server_error', message: CHAT_SEND_FAILED })
          })
      })
      // A frame over maxPayload or otherwise invalid: ws closes the socket (1009, 1002...); without
      // a listener the 'error' it emits would take the whole server down.
      ws.on('error', () => ws.terminate())
      ws.on('close', () => release(client))
    })
  })

  return {
    deliver,
    send,
    drop,
    /** Sockets open on this process. */
    clients: () => clients,
    close() {
      clearInterval(idleTimer)
      // Service Restart (1012): browsers reconnect, behind a load balancer to another process.
      for (const c of clients) drop(c, 1012, 'Server restarting')
      wss.close()
    },
  }
}
