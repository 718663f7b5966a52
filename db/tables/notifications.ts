// Notifications (issue 10, ADR 0042): one row per recipient and event, with a seen flag.
import type { Generated, JSONColumnType, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

export type NotificationKind =
  | 'order_assigned'
  | 'reviewer_assigned'
  | 'draft_uploaded'
  | 'revision_approved'
  | 'revision_rejected'
  | 'invoice_paid'
  | 'chat_message'
  | 'customer_action'
  | 'order_update'
  | 'order_due_soon'

/** Who caused it, as they were then (the spec's platform notification data). */
export type NotificationData = { senderName: string | null; senderPrefName: string | null; senderImg: string | null; action: NotificationKind }

export interface NotificationsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  user_id: number
  kind: NotificationKind
  content: string
  link: string | null
  data: JSONColumnType<NotificationData, string, string>
  group_key: string | null
  seen: Bool
  seen_at: Date | null
  created_at: Timestamp
}

export interface NotificationTables {
  notifications: NotificationsTable
}

export const NOTIFICATION_TENANT_TABLES = ['notifications'] as const

export type NotificationRow = Selectable<NotificationsTable>
