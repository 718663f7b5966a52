// Chat (issue 10): the messages of every conversation, team chat of an order and contributor chats alike.
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

/** The conversation a row belongs to; writerToCustomer and customerToWriter share one per order. */
export type ChatType = 'project' | 'adminToWriter' | 'adminToCustomer' | 'writerToCustomer' | 'customerToWriter'
export type ChatRoleLabel = 'ADMIN' | 'REVIEWER' | 'WRITER' | 'USER' | 'CUSTOMER'

export interface ChatMessagesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  chat_type: ColumnType<ChatType, ChatType, never>
  order_id: number | null
  writer_id: number | null
  sent_by: number
  sent_to_admin: Bool
  role_label: ChatRoleLabel
  message_type: 'text' | 'file'
  content: string | null
  file_id: number | null
  read_at: Date | null
  created_at: Timestamp
}

export interface ChatTables {
  chat_messages: ChatMessagesTable
}

export type ChatMessageRow = Selectable<ChatMessagesTable>

export const CHAT_TENANT_TABLES = ['chat_messages'] as const
