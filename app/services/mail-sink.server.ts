// Development/test SMTP sink: accepts every message and keeps the last 200 in Redis for /dev/mailbox and tests.
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import type { Redis } from 'ioredis'

export const MAILBOX_KEY = 'dev:mailbox'
/** SMTP deliveries of one Message-ID, duplicates included (what a test of resends counts); kept a day. */
export const deliveriesKey = (messageId: string) => `dev:mailbox:delivered:${messageId}`

export type SinkMessage = { id: string; to: string[]; from: string; subject: string; text: string; html: string; date: string }

export function startMailSink(port: number, store: Redis): Promise<SMTPServer | null> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks))
          const message: SinkMessage = {
            id: parsed.messageId ?? `${Date.now()}-${Math.random()}`,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            date: new Date().toISOString(),
          }
          // Like a real mailbox (Gmail keeps one message per Message-ID), a resend of the same message
          // after a sender crashed mid-send is accepted but not shown twice (ADR 0045).
          let deliveries = 1
          if (parsed.messageId) {
            const [[, count]] = (await store
              .multi()
              .incr(deliveriesKey(parsed.messageId))
              .expire(deliveriesKey(parsed.messageId), 24 * 3600)
              .exec()) as [[null, number]]
            deliveries = Number(count)
          }
          if (deliveries === 1) await store.multi().lpush(MAILBOX_KEY, JSON.stringify(message)).ltrim(MAILBOX_KEY, 0, 199).exec()
          callback()
        } catch (error) {
          callback(error as Error)
        }
      })
    },
  })
  return new Promise((resolve, reject) => {
    let listening = false
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (listening) {
        // A sender that died mid-conversation (a worker killed mid-send) resets its connection: the sink
        // carries on. Without this listener the reset would be an uncaught error in the sink's process.
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error(`[mail-sink] ${error.message}`)
        return
      }
      // Another process of this profile (the app beside the tests) already runs the sink.
      if (error.code === 'EADDRINUSE') resolve(null)
      else reject(error)
    })
    server.listen(port, '127.0.0.1', () => {
      listening = true
      resolve(server)
    })
  })
}

export async function readMailbox(store: Redis, limit = 50): Promise<SinkMessage[]> {
  const rows = await store.lrange(MAILBOX_KEY, 0, limit - 1)
  return rows.map((r) => JSON.parse(r) as SinkMessage)
}
