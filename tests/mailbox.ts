// Reads what the SMTP sink caught, for tests that follow an e-mailed code or link.
import { Redis } from 'ioredis'
import { MAILBOX_KEY, type SinkMessage } from '#app/services/mail-sink.server'

let client: Redis | undefined
function store() {
  return (client ??= new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6390'))
}

export async function mailsTo(address: string): Promise<SinkMessage[]> {
  const rows = await store().lrange(MAILBOX_KEY, 0, 199)
  return rows.map((r) => JSON.parse(r) as SinkMessage).filter((m) => m.to.includes(address.toLowerCase()))
}

/** Waits for the newest e-mail to `address` whose subject matches, newer than `since`. */
export async function waitForMail(address: string, subject: RegExp, since = new Date(0), timeoutMs = 10_000): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).find((m) => subject.test(m.subject) && new Date(m.date) >= since)
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`No e-mail to ${address} matching ${subject} within ${timeoutMs} ms`)
}

/**
 * Waits for an e-mail to `address` that says `text`: for e-mails of the same subject in a row, where the
 * earlier one may reach the sink after the later change began (the outbox relays after each commit).
 */
export async function waitForMailSaying(address: string, text: string, timeoutMs = 10_000): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).find((m) => m.text.includes(text))
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`No e-mail to ${address} saying "${text}" within ${timeoutMs} ms`)
}

export function codeFrom(mail: SinkMessage): string {
  const match = mail.text.match(/\b(\d{6})\b/)
  if (!match) throw new Error(`No 6-digit code in "${mail.text}"`)
  return match[1]
}

export function linkFrom(mail: SinkMessage, path: RegExp): string {
  const match = mail.text.match(new RegExp(`https?://\\S*${path.source}\\S*`))
  if (!match) throw new Error(`No link matching ${path} in "${mail.text}"`)
  return match[0]
}

export async function closeMailbox() {
  await client?.quit()
  client = undefined
}
