// Orders (issue 8): orders with their product snapshot, completed tasks, activity, files, drafts, tags and invoices.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

type Json<T extends object> = JSONColumnType<T, string, string>
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>

export type OrderPriority = 'urgent' | 'high' | 'medium' | 'low'

/** One workflow of the product as it was when the order was placed (the spec's packageServices). */
export type OrderServiceSnapshot = {
  _id: string
  serviceName: string
  serviceType: string
  serviceModules: { id: string; title: string }[]
}

export interface OrdersTable {
  id: Generated<number>
  public_id: string
  client_id: number
  customer_id: number
  product_id: number | null
  customer_first_name: string
  customer_last_name: string
  /** "first last" at purchase: searched and sorted without a join. */
  customer_name: string
  customer_email: string
  package_name: string
  services: Json<OrderServiceSnapshot[]>
  module_count: Generated<number>
  price_cents: Generated<number>
  currency: Generated<string>
  cart_id: string | null
  writer_id: number | null
  reviewer_id: number | null
  status_percentage: Generated<number>
  priority: Generated<OrderPriority>
  due_date: Date | null
  assigned_at: Date | null
  completed_at: Date | null
  archived: Bool
  test_order: Bool
  hide_order: Bool
  marked_as_complete: Bool
  amount_paid_to_writer_cents: number | null
  /** Staff recorded the contributor as paid (ADR 0068): when and by whom; no money moves. */
  writer_paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  writer_paid_by: ColumnType<number | null, number | null | undefined, number | null>
  /** The due date the contributor's due-in-24-hours reminder was sent for (ADR 0068). */
  due_reminded_for: ColumnType<Date | null, Date | null | undefined, Date | null>
  contract_file: string | null
  last_task_id: string | null
  last_task_at: Date | null
  customer_last_revision_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrderTasksTable {
  id: Generated<number>
  client_id: number
  order_id: number
  service_id: string
  task_id: string
  service_type: string
  created_at: Timestamp
}

export interface OrderActivityTable {
  id: Generated<number>
  client_id: number
  order_id: number
  actor_user_id: number | null
  content: string
  created_at: Timestamp
}

/** customer_document: a previous document the customer uploaded for the brief (ADR 0061); final_document: a workflow's final document (ADR 0062). */
export type OrderFileKind = 'attachment' | 'to_writer' | 'contract' | 'customer_document' | 'final_document'

export interface OrderFilesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  order_id: number
  file_id: number
  kind: OrderFileKind
  /** The workflow a final document belongs to (ADR 0062); null for other kinds. */
  service_id: ColumnType<string | null, string | null | undefined, string | null>
  uploaded_by: number | null
  created_at: Timestamp
}

/** A file as the spec shows it inside drafts: { file: { key, originalname, size, mimetype } }. */
export type DraftFile = { file: { key: string; originalname: string; size: number; mimetype: string } }
export type DraftData = {
  dataPdf?: DraftFile | null
  dataWord?: DraftFile | null
  dataOther?: DraftFile | null
  additionalFiles?: DraftFile[]
  notes?: string
}

export type DraftApproval = 'pending' | 'approved' | 'rejected'

export interface DraftsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  order_id: number
  /** The workflow (service) of the order's snapshot the draft belongs to. */
  service_id: string
  writer_id: number | null
  data: Json<DraftData>
  approval_status: DraftApproval | null
  rejection_reason: string | null
  rejection_files: NullableJson<DraftFile[]>
  rating: number | null
  review: string | null
  reviewed_by_user: Bool
  review_file: NullableJson<DraftFile>
  deleted_by: number | null
  deleted_reason: string | null
  deleted_at: Date | null
  /** When the customer could first see it (no approval needed, or approved): the auto-accept clock (ADR 0062). */
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  auto_accept_reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface TagsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  text: string
  created_at: Timestamp
}

export interface OrderTagsTable {
  client_id: number
  order_id: number
  tag_id: number
  position: Generated<number>
}

export type OrderInvoiceStatus = 'unpaid' | 'paid' | 'refunded'

export interface OrderInvoicesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  customer_id: number
  type: ColumnType<'single' | 'multiOrders', 'single' | 'multiOrders' | undefined, 'single' | 'multiOrders'>
  currency: Generated<string>
  status: ColumnType<OrderInvoiceStatus, OrderInvoiceStatus | undefined, OrderInvoiceStatus>
  price_cents: number
  /** What the payment provider collected: the refund ceiling; 0 when paid outside the provider. */
  provider_paid_cents: Generated<number>
  provider_payment_id: string | null
  /** The connected account (Stripe Connect) a portal checkout's direct charge was taken on; null: the platform's. */
  provider_account_id: ColumnType<string | null, string | null | undefined, string | null>
  refund_amount_cents: number | null
  provider_refund_id: string | null
  is_test: Bool
  paid_at: Date | null
  refunded_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrderInvoiceItemsTable {
  id: Generated<number>
  client_id: number
  invoice_id: number
  order_id: number | null
  package_name: string
  quantity: Generated<number>
  price_cents: number
}

export interface OrderTables {
  orders: OrdersTable
  order_tasks: OrderTasksTable
  order_activity: OrderActivityTable
  order_files: OrderFilesTable
  drafts: DraftsTable
  tags: TagsTable
  order_tags: OrderTagsTable
  order_invoices: OrderInvoicesTable
  order_invoice_items: OrderInvoiceItemsTable
}

export type Order = Selectable<OrdersTable>
export type Draft = Selectable<DraftsTable>
export type OrderInvoice = Selectable<OrderInvoicesTable>

export const ORDER_TENANT_TABLES = ['orders', 'order_tasks', 'order_activity', 'order_files', 'drafts', 'tags', 'order_tags', 'order_invoices', 'order_invoice_items'] as const
