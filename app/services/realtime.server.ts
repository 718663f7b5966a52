// Websockets: authenticated connections on /ws, fan-out across processes through Redis pub/sub.
import type { IncomingMessage, Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { isFromOurOrigin } from '#app/rules/same-origin'
import { hasSessionCookie, trustedOrigins } from '#app/utils/origin.server'
import { getAuth } from './auth.server'
import { REALTIME_CHANNEL_PREFIX as CHANNEL_PREFIX } from './realtime-publish.server'
import { newRedisConnection } from './redis.server'

type Client = { socket: WebSocket; userId: number; clientId: number | null; channels: Set<string> }

/**
 * Cross-site websocket hijacking: a page elsewhere can open a socket to us with the visitor's
 * cookie, so the upgrade must come from our own origin (the same rule as state-changing requests).
 */
function fromOurOrigin(req: IncomingMessage): boolean {
  const header = (name: string) => {
    const value = req.headers[name]
    return typeof value === 'string' ? value : null
  }
  const evidence = { method: 'GET', upgrade: true, origin: header('origin'), secFetchSite: header('sec-fetch-site'), referer: null }
  return isFromOurOrigin({ ...evidence, hasSessionCookie: hasSessionCookie(req.headers.cookie) }, trustedOrigins(req))
}

export function attachRealtime(server: Server) {
  // Clients only send tiny control messages ({"type":"ping"}); a bigger frame closes the socket (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 })
  const clients = new Set<Client>()
  const subscriber = newRedisConnection()
  subscriber.psubscribe(`${CHANNEL_PREFIX}*`).catch((e) => console.error('[ws] subscribe failed', e))
  subscriber.on('pmessage', (_pattern, channel, message) => {
    const name = channel.slice(CHANNEL_PREFIX.length)
    for (const c of clients) if (c.channels.has(name) && c.socket.readyState === c.socket.OPEN) c.socket.send(message)
  })

  server.on('upgrade', async (req: IncomingMessage, socket, head) => {
    // Node stops watching an upgraded socket: a client resetting it mid-check must not crash the process.
    socket.on('error', () => socket.destroy())
    if (!req.url?.startsWith('/ws')) return socket.destroy()
    if (!fromOurOrigin(req)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return socket.destroy()
    }
    const request = new Request(`http://localhost${req.url}`, { headers: { cookie: req.headers.cookie ?? '' } })
    const { user } = await getAuth(request).catch(() => ({ user: null }))
    if (!user) {
      socket.write('HTTP/1.1 401 Unauthorized\r\n\r\n')
      return socket.destroy()
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { socket: ws, userId: user.id, clientId: user.clientId, channels: new Set([`user:${user.id}`]) }
      clients.add(client)
      ws.on('message', (raw) => {
        let msg: { type?: string } = {}
        try {
          msg = JSON.parse(String(raw))
        } catch {
          return
        }
        if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }))
      })
      // A frame over maxPayload or otherwise invalid: ws closes the socket (1009, 1002...); without
      // a listener the 'error' it emits would take the whole server down.
      ws.on('error', () => ws.terminate())
      ws.on('close', () => clients.delete(client))
    })
  })

  return {
    close: async () => {
      for (const c of clients) c.socket.terminate()
      wss.close()
      await subscriber.quit()
    },
  }
}
