// Websockets: authenticated connections on /ws, fan-out across processes through Redis pub/sub.
import type { IncomingMessage, Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { getAuth } from './auth.server'
import { newRedisConnection } from './redis.server'

type Client = { socket: WebSocket; userId: number; clientId: number | null; channels: Set<string> }

const CHANNEL_PREFIX = 'rt:'

export function attachRealtime(server: Server) {
  const wss = new WebSocketServer({ noServer: true })
  const clients = new Set<Client>()
  const subscriber = newRedisConnection()
  subscriber.psubscribe(`${CHANNEL_PREFIX}*`).catch((e) => console.error('[ws] subscribe failed', e))
  subscriber.on('pmessage', (_pattern, channel, message) => {
    const name = channel.slice(CHANNEL_PREFIX.length)
    for (const c of clients) if (c.channels.has(name) && c.socket.readyState === c.socket.OPEN) c.socket.send(message)
  })

  server.on('upgrade', async (req: IncomingMessage, socket, head) => {
    if (!req.url?.startsWith('/ws')) return socket.destroy()
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
