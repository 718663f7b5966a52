// Outgoing mail over SMTP (nodemailer); a local sink stands in for the SMTP server outside production.
import nodemailer, { type Transporter } from 'nodemailer'
import { env, smtpSinkPort } from './env.server'

let transporter: Transporter | undefined

function transport(): Transporter {
  if (transporter) return transporter
  const e = env()
  const sink = smtpSinkPort()
  transporter = e.SMTP_URL ? nodemailer.createTransport(e.SMTP_URL) : nodemailer.createTransport({ host: '127.0.0.1', port: sink ?? 2525, secure: false, ignoreTLS: true })
  return transporter
}

export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid: string }

export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html?: string
  from?: string | { name: string; address: string }
  /** The same id on a resend (after a crash mid-send) lets the receiving mailbox keep one copy (ADR 0045). */
  messageId?: string
  attachments?: MailAttachment[]
  /** The envelope sender (Return-Path) and DKIM signature of an organisation's verified sending domain. */
  envelopeFrom?: string
  dkim?: { domainName: string; keySelector: string; privateKey: string }
}

export async function deliverMail(mail: OutgoingMail): Promise<void> {
  await transport().sendMail({
    from: mail.from ?? env().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    ...(mail.envelopeFrom ? { envelope: { from: mail.envelopeFrom, to: mail.to } } : {}),
    ...(mail.dkim ? { dkim: mail.dkim } : {}),
  })
}
