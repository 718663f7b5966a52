// Many orders at once for list tests: one placed order as the template, then rows inserted in bulk with
// the columns the list sorts and filters on.
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import type { OrderRow } from '#app/models/orders.server'

export type BulkOrder = {
  customerName?: string
  customerEmail?: string
  packageName?: string
  productId?: number | null
  createdAt?: Date
  updatedAt?: Date
  dueDate?: Date | null
  writerId?: number | null
  priority?: 'urgent' | 'high' | 'medium' | 'low'
  statusPercentage?: number
  completedAt?: Date | null
  archived?: boolean
  testOrder?: boolean
  hideOrder?: boolean
  markedAsComplete?: boolean
  customerLastRevisionAt?: Date | null
  publicId?: string
}

/** Inserts the orders (copying the template's customer, product and services) and returns their public ids in order. */
export async function bulkOrders(template: OrderRow & { client_id?: number }, clientId: number, orders: BulkOrder[]): Promise<string[]> {
  const ids: string[] = []
  const rows = orders.map((o) => {
    const publicId = o.publicId ?? newPublicId()
    ids.push(publicId)
    const createdAt = o.createdAt ?? new Date()
    const status = o.markedAsComplete ? 100 : (o.statusPercentage ?? 0)
    return {
      public_id: publicId,
      client_id: clientId,
      customer_id: template.customer_id,
      product_id: o.productId === undefined ? template.product_id : o.productId,
      customer_first_name: template.customer_first_name,
      customer_last_name: template.customer_last_name,
      customer_name: o.customerName ?? template.customer_name,
      customer_email: o.customerEmail ?? template.customer_email,
      package_name: o.packageName ?? template.package_name,
      services: JSON.stringify(template.services),
      module_count: template.module_count,
      price_cents: template.price_cents,
      writer_id: o.writerId ?? null,
      priority: o.priority ?? 'medium',
      status_percentage: status,
      due_date: o.dueDate ?? null,
      completed_at: o.completedAt === undefined ? (status >= 100 ? createdAt : null) : o.completedAt,
      archived: o.archived ?? false,
      test_order: o.testOrder ?? false,
      hide_order: o.hideOrder ?? false,
      marked_as_complete: o.markedAsComplete ?? false,
      customer_last_revision_at: o.customerLastRevisionAt ?? null,
      created_at: createdAt,
      updated_at: o.updatedAt ?? createdAt,
    }
  })
  for (let i = 0; i < rows.length; i += 500)
    await platformDb
      .insertInto('orders')
      .values(rows.slice(i, i + 500))
      .execute()
  return ids
}
