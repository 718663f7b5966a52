// Orders for tests: a workflow and product, customers, contributors and orders of one organisation,
// placed through the same model function the app uses (so the product snapshot is real).
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { completeTask, findOrder, placeOrder, type OrderRow } from '#app/models/orders.server'
import { scopedUpdate } from '#db/tenant'
import { createUser } from './index'

const tenant = (clientId: number) => ({ db: tenantDb(clientId), clientId })

export const DEFAULT_MODULES = [
  { id: 'previous_document', title: 'Upload Documents' },
  { id: 'revision_process', title: 'Revision Process' },
  { id: 'final_document', title: 'Final Document' },
]

/** One workflow and a product selling it. */
export async function createProductWithWorkflow(
  clientId: number,
  opts: { name?: string; priceCents?: number; serviceType?: string; modules?: { id: string; title: string }[]; active?: boolean; archived?: boolean } = {},
) {
  const workflowPublicId = newPublicId()
  const workflow = await platformDb
    .insertInto('workflows')
    .values({
      public_id: workflowPublicId,
      client_id: clientId,
      name: `${opts.name ?? 'Resume'} workflow`,
      service_type: opts.serviceType ?? 'resume',
      modules: JSON.stringify((opts.modules ?? DEFAULT_MODULES).map((m) => ({ ...m, reminders: [] }))),
    })
    .executeTakeFirstOrThrow()
  const productPublicId = newPublicId()
  const product = await platformDb
    .insertInto('products')
    .values({
      public_id: productPublicId,
      client_id: clientId,
      name: opts.name ?? `Product ${productPublicId.slice(0, 5)}`,
      price_cents: opts.priceCents ?? 19900,
      active: opts.active ?? true,
      archived: opts.archived ?? false,
    })
    .executeTakeFirstOrThrow()
  const productId = Number(product.insertId)
  await platformDb
    .insertInto('product_workflows')
    .values({ client_id: clientId, product_id: productId, workflow_id: Number(workflow.insertId), position: 0 })
    .execute()
  return { productId, productPublicId, workflowPublicId }
}

export async function createCustomer(clientId: number, opts: { firstName?: string; lastName?: string; email?: string; archived?: boolean; active?: boolean } = {}) {
  const user = await createUser({
    firstName: opts.firstName ?? 'Casey',
    lastName: opts.lastName ?? 'Customer',
    email: opts.email,
    memberships: [{ clientId, role: 'customer', archived: opts.archived, active: opts.active }],
  })
  return { ...user, userId: user.accounts.get(clientId)!.id }
}

/** A staff member holding WRITER (a contributor) or REVIEWER, with a contributor profile. */
export async function createContributor(
  clientId: number,
  opts: { role?: 'WRITER' | 'REVIEWER'; firstName?: string; lastName?: string; schedulingLink?: string | null; active?: boolean; extraPermissions?: string[] } = {},
) {
  const user = await createUser({
    firstName: opts.firstName ?? (opts.role === 'REVIEWER' ? 'Riley' : 'Wren'),
    lastName: opts.lastName ?? (opts.role === 'REVIEWER' ? 'Reviewer' : 'Writer'),
    memberships: [{ clientId, role: 'user', permissions: [opts.role ?? 'WRITER', ...(opts.extraPermissions ?? [])], active: opts.active }],
  })
  const userId = user.accounts.get(clientId)!.id
  await platformDb
    .insertInto('writer_profiles')
    .values({
      client_id: clientId,
      user_id: userId,
      levels: '["Senior"]',
      services: '["Resume"]',
      languages: '["English"]',
      certificates: '[]',
      expertise: '["Tech"]',
      available_days: '["Monday"]',
      scheduling_link: opts.schedulingLink === undefined ? 'https://cal.example/wren' : opts.schedulingLink,
    })
    .execute()
  return { ...user, userId }
}

type OrderOverrides = {
  priority?: 'urgent' | 'high' | 'medium' | 'low'
  archived?: boolean
  test_order?: boolean
  hide_order?: boolean
  marked_as_complete?: boolean
  status_percentage?: number
  amount_paid_to_writer_cents?: number | null
  dueDate?: Date | null
  writerUserId?: number | null
  reviewerUserId?: number | null
  completedTasks?: string[]
}

/** An order of `customerUserId` for `productId` (both of `clientId`), then the overrides written as given. */
export async function createOrder(
  clientId: number,
  refs: { customerUserId: number; productId: number; priceCents?: number; createdAt?: Date },
  overrides: OrderOverrides = {},
): Promise<OrderRow> {
  const t = tenant(clientId)
  const placed = await placeOrder(t, { customerUserId: refs.customerUserId, productId: refs.productId, priceCents: refs.priceCents, createdAt: refs.createdAt })
  if (!placed.ok) throw new Error(`createOrder: ${placed.error}`)
  let order = placed.order
  for (const taskId of overrides.completedTasks ?? []) {
    await completeTask(t, order, { serviceId: order.services[0]!._id, taskId })
    order = (await findOrder(t, order.public_id))!
  }
  const { dueDate, writerUserId, reviewerUserId, completedTasks: _tasks, ...flags } = overrides
  const set = {
    ...flags,
    ...(dueDate !== undefined ? { due_date: dueDate } : {}),
    ...(writerUserId !== undefined ? { writer_id: writerUserId, assigned_at: writerUserId ? new Date() : null } : {}),
    ...(reviewerUserId !== undefined ? { reviewer_id: reviewerUserId } : {}),
    ...(flags.marked_as_complete ? { status_percentage: 100, completed_at: new Date() } : {}),
  }
  if (Object.keys(set).length) await scopedUpdate(t, 'orders').set(set).where('id', '=', order.id).execute()
  return (await findOrder(t, order.public_id))!
}

/** A whole small business: product, customer, writer, reviewer and `count` orders. */
export async function createOrderWorld(clientId: number, count = 3) {
  const product = await createProductWithWorkflow(clientId)
  const customer = await createCustomer(clientId)
  const writer = await createContributor(clientId)
  const reviewer = await createContributor(clientId, { role: 'REVIEWER' })
  const orders: OrderRow[] = []
  for (let i = 0; i < count; i++) orders.push(await createOrder(clientId, { customerUserId: customer.userId, productId: product.productId }))
  return { product, customer, writer, reviewer, orders }
}

const sampleFile = (name: string) => ({
  file: {
    key: `drafts/${newPublicId()}`,
    originalname: name,
    size: 20480,
    mimetype: name.endsWith('.pdf') ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
})

/** A draft of the order's first service (or `serviceId`), as a writer would deliver it. */
export async function createDraft(
  clientId: number,
  order: OrderRow,
  opts: { serviceId?: string; writerUserId?: number | null; approval?: 'pending' | 'approved' | 'rejected' | null; notes?: string; rating?: number | null; createdAt?: Date } = {},
) {
  const publicId = newPublicId()
  const at = opts.createdAt ?? new Date()
  await platformDb
    .insertInto('drafts')
    .values({
      public_id: publicId,
      client_id: clientId,
      order_id: order.id,
      service_id: opts.serviceId ?? order.services[0]!._id,
      writer_id: opts.writerUserId ?? order.writer_id,
      data: JSON.stringify({
        dataPdf: sampleFile('draft.pdf'),
        dataWord: sampleFile('draft.docx'),
        dataOther: null,
        additionalFiles: [],
        notes: opts.notes ?? 'First draft attached.',
      }),
      approval_status: opts.approval ?? null,
      rating: opts.rating ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute()
  return platformDb.selectFrom('drafts').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
}
