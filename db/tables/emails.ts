// System e-mails (issue 11, ADR 0045): customised e-mail templates and the workflow reminder ledger.
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { Timestamp } from './core'

export interface EmailTemplatesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  code: string
  /** The spec's `between`: adminToCustomer | adminToWriter | writerToCustomer | customerToWriter. */
  channel: string
  description: ColumnType<string, string | undefined, string>
  subject: string
  title: string
  body: string
  button_text: string
  updated_by: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export type ReminderSendState = 'sending' | 'sent' | 'superseded'

/** One row per (order, service, module, reminder) ever claimed for sending (ADR 0045). */
export interface ReminderSendsTable {
  id: Generated<number>
  client_id: number
  order_id: number
  service_id: string
  module_id: string
  reminder_id: string
  recipient: 'customer' | 'writer'
  recipient_user_id: number
  days: number
  due_at: Date
  state: ReminderSendState
  claim_token: string | null
  claimed_at: ColumnType<Date, Date | string | undefined, Date | string>
  sent_at: Date | null
}

export interface EmailTables {
  email_templates: EmailTemplatesTable
  reminder_sends: ReminderSendsTable
}

export type EmailTemplateRow = Selectable<EmailTemplatesTable>
export type ReminderSendRow = Selectable<ReminderSendsTable>

export const EMAIL_TENANT_TABLES = ['email_templates', 'reminder_sends'] as const
