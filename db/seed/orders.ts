// Demo data for the orders domain: a living business per demo organisation (orders in every state with
// tasks, drafts, activity, tags, attachments and invoices), written in bulk; skipped once seeded.
import type { Kysely, Transaction } from 'kysely'
import { storage } from '../../app/services/storage.server'
import type { DraftFile } from '../tables/orders'
import type { Database } from '../types'
import { inTransaction } from '../transaction'
import type { OrgIds } from './core'
import { seedId } from './ids'
import { type InvoiceStory, type OrderStory, type StoryContext, type StoryPerson, writeStories } from './order-stories'

type OrderPlan = { org: keyof OrgIds; count: number; seed: number; ownerEmail: string; favouriteWriter?: string; revisionsApproval: boolean }

export const ORDER_PLANS: OrderPlan[] = [
  { org: 'demo', count: 600, seed: 20261123, ownerEmail: 'owner@demo.test', favouriteWriter: 'writer@demo.test', revisionsApproval: true },
  { org: 'rival', count: 40, seed: 20261124, ownerEmail: 'owner2@demo.test', revisionsApproval: false },
]

const TAGS = ['vip', 'rush', 'referral', 'returning customer', 'career change', 'executive', 'follow up', 'discounted']

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const DRAFT_FILES = [
  { name: 'resume-draft.pdf', mime: 'application/pdf', data: PDF },
  { name: 'resume-draft.docx', mime: WORD, data: Buffer.from('Resume draft (demo document)\n') },
  { name: 'cover-letter-draft.pdf', mime: 'application/pdf', data: PDF },
  { name: 'current-resume.pdf', mime: 'application/pdf', data: PDF },
]

/** The first order's id tells whether an organisation's orders are already there. */
export const seededOrderId = (org: string, index: number) => seedId(`order:${org}:${index}`)

async function chunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size))
}

/** A few real files per organisation (bytes in storage), shared by every draft and attachment. */
async function seedDraftFiles(db: Kysely<Database>, org: string, clientId: number, ownerId: number): Promise<StoryContext['files']> {
  const files: StoryContext['files'] = []
  for (const f of DRAFT_FILES) {
    const key = `${clientId}_seed-${f.name}`
    const publicId = seedId(`file:${org}:order:${f.name}`)
    await storage().put(key, f.data)
    // Read on the order they belong to (READ_ORDERS).
    await db
      .insertInto('files')
      .values({
        public_id: publicId,
        client_id: clientId,
        storage_key: key,
        original_name: f.name,
        mime_type: f.mime,
        size: f.data.length,
        purpose: 'order_file',
        uploaded_by: ownerId,
      })
      .onDuplicateKeyUpdate({ size: f.data.length })
      .execute()
    const row = await db.selectFrom('files').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
    const draftFile: DraftFile = { file: { key, originalname: f.name, size: f.data.length, mimetype: f.mime } }
    files.push({ id: row.id, draftFile })
  }
  return files
}

async function loadContext(db: Kysely<Database>, plan: OrderPlan, clientId: number): Promise<StoryContext> {
  const people = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'm.role', 'm.permissions', 'm.active', 'm.archived'])
    .where('m.client_id', '=', clientId)
    .orderBy('u.id')
    .execute()
  const person = (p: (typeof people)[number], weight = 1): StoryPerson => ({
    id: p.id,
    email: p.email,
    firstName: p.first_name,
    lastName: p.last_name,
    name: `${p.first_name} ${p.last_name}`,
    active: !!p.active && !p.archived,
    weight,
  })
  const holds = (p: (typeof people)[number], permission: string) => p.role === 'user' && !p.archived && p.permissions.includes(permission)
  const owner = people.find((p) => p.email === plan.ownerEmail)
  if (!owner) throw new Error(`Orders seed: ${plan.ownerEmail} is missing`)

  const products = await db.selectFrom('products').select(['id', 'name', 'price_cents', 'archived', 'active']).where('client_id', '=', clientId).orderBy('id').execute()
  const links = await db
    .selectFrom('product_workflows as pw')
    .innerJoin('workflows as w', 'w.id', 'pw.workflow_id')
    .select(['pw.product_id', 'w.public_id', 'w.name', 'w.service_type', 'w.modules'])
    .where('pw.client_id', '=', clientId)
    .orderBy('pw.product_id')
    .orderBy('pw.position')
    .execute()

  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      priceCents: Number(p.price_cents),
      archived: !!p.archived,
      active: !!p.active,
      // The same snapshot placeOrder takes.
      services: links
        .filter((l) => l.product_id === p.id)
        .map((l) => ({ _id: l.public_id, serviceName: l.name, serviceType: l.service_type, serviceModules: l.modules.map((m) => ({ id: m.id, title: m.title })) })),
    })),
    customers: people.filter((p) => p.role === 'customer').map((p) => person(p)),
    writers: people.filter((p) => holds(p, 'WRITER')).map((p) => person(p, p.email === plan.favouriteWriter ? 4 : 1)),
    reviewers: people.filter((p) => holds(p, 'REVIEWER')).map((p) => person(p)),
    ownerId: owner.id,
    files: await seedDraftFiles(db, plan.org, clientId, owner.id),
    tags: TAGS,
    revisionsApproval: plan.revisionsApproval,
  }
}

async function insertOrders(trx: Transaction<Database>, org: string, clientId: number, stories: OrderStory[]): Promise<Map<number, number>> {
  await chunks(stories, 200, (chunk) =>
    trx
      .insertInto('orders')
      .values(
        chunk.map((s) => ({
          public_id: seededOrderId(org, s.index),
          client_id: clientId,
          customer_id: s.customer.id,
          product_id: s.productId,
          customer_first_name: s.customer.firstName,
          customer_last_name: s.customer.lastName,
          customer_name: s.customer.name,
          customer_email: s.customer.email,
          package_name: s.packageName,
          services: JSON.stringify(s.services),
          module_count: s.services.reduce((n, x) => n + x.serviceModules.length, 0),
          price_cents: s.priceCents,
          cart_id: s.cartId,
          writer_id: s.writerId,
          reviewer_id: s.reviewerId,
          status_percentage: s.statusPercentage,
          priority: s.priority,
          due_date: s.dueDate,
          assigned_at: s.assignedAt,
          completed_at: s.completedAt,
          archived: s.archived,
          test_order: s.testOrder,
          hide_order: s.hideOrder,
          marked_as_complete: s.markedAsComplete,
          amount_paid_to_writer_cents: s.amountPaidToWriterCents,
          last_task_id: s.lastTaskId,
          last_task_at: s.lastTaskAt,
          customer_last_revision_at: s.customerLastRevisionAt,
          created_at: s.createdAt,
          updated_at: s.updatedAt,
        })),
      )
      .execute(),
  )
  const rows = await trx.selectFrom('orders').select(['id', 'public_id']).where('client_id', '=', clientId).execute()
  const byPublicId = new Map(rows.map((r) => [r.public_id, r.id]))
  return new Map(stories.map((s) => [s.index, byPublicId.get(seededOrderId(org, s.index))!]))
}

async function insertChildren(trx: Transaction<Database>, org: string, clientId: number, stories: OrderStory[], orderIds: Map<number, number>) {
  const idOf = (s: OrderStory) => orderIds.get(s.index)!
  await chunks(
    stories.flatMap((s) =>
      s.tasks.map((x) => ({ client_id: clientId, order_id: idOf(s), service_id: x.serviceId, task_id: x.taskId, service_type: x.serviceType, created_at: x.at })),
    ),
    1000,
    (rows) => trx.insertInto('order_tasks').values(rows).execute(),
  )
  await chunks(
    stories.flatMap((s) => s.activity.map((a) => ({ client_id: clientId, order_id: idOf(s), actor_user_id: a.actorId, content: a.content, created_at: a.at }))),
    1000,
    (rows) => trx.insertInto('order_activity').values(rows).execute(),
  )
  await chunks(
    stories.flatMap((s) =>
      s.drafts.map((d, n) => ({
        public_id: seedId(`draft:${org}:${s.index}:${n}`),
        client_id: clientId,
        order_id: idOf(s),
        service_id: d.serviceId,
        writer_id: d.writerId,
        data: JSON.stringify(d.data),
        approval_status: d.approval,
        rejection_reason: d.rejectionReason,
        rejection_files: d.rejectionFiles ? JSON.stringify(d.rejectionFiles) : null,
        rating: d.rating,
        review: d.review,
        reviewed_by_user: d.reviewedByUser,
        deleted_by: d.deletedBy,
        deleted_reason: d.deletedReason,
        deleted_at: d.deletedAt,
        created_at: d.createdAt,
        updated_at: d.updatedAt,
      })),
    ),
    500,
    (rows) => trx.insertInto('drafts').values(rows).execute(),
  )
  const attachments = stories.flatMap((s) =>
    s.attachments.map((a, n) => ({
      public_id: seedId(`order-file:${org}:${s.index}:${n}`),
      client_id: clientId,
      order_id: idOf(s),
      file_id: a.fileId,
      kind: 'attachment' as const,
      uploaded_by: s.customer.id,
      created_at: a.at,
    })),
  )
  if (attachments.length) await trx.insertInto('order_files').values(attachments).execute()

  const texts = [...new Set(stories.flatMap((s) => s.tags))]
  if (texts.length) {
    await trx
      .insertInto('tags')
      .ignore()
      .values(texts.map((text) => ({ public_id: seedId(`tag:${org}:${text}`), client_id: clientId, text })))
      .execute()
    const tagIds = new Map((await trx.selectFrom('tags').select(['id', 'text']).where('client_id', '=', clientId).execute()).map((t) => [t.text, t.id]))
    const links = stories.flatMap((s) => s.tags.map((text, position) => ({ client_id: clientId, order_id: idOf(s), tag_id: tagIds.get(text)!, position })))
    await chunks(links, 1000, (rows) => trx.insertInto('order_tags').values(rows).execute())
  }
}

async function insertInvoices(trx: Transaction<Database>, org: string, clientId: number, invoices: InvoiceStory[], orderIds: Map<number, number>) {
  const publicId = (i: InvoiceStory) => seedId(`order-invoice:${org}:${i.index}`)
  await chunks(invoices, 500, (chunk) =>
    trx
      .insertInto('order_invoices')
      .values(
        chunk.map((i) => ({
          public_id: publicId(i),
          client_id: clientId,
          customer_id: i.customerId,
          type: i.type,
          status: i.status,
          price_cents: i.priceCents,
          provider_paid_cents: i.providerPaidCents,
          provider_payment_id: i.providerPaymentId,
          refund_amount_cents: i.refundAmountCents,
          provider_refund_id: i.providerRefundId,
          is_test: i.isTest,
          paid_at: i.paidAt,
          refunded_at: i.refundedAt,
          created_at: i.createdAt,
          updated_at: i.refundedAt ?? i.paidAt ?? i.createdAt,
        })),
      )
      .execute(),
  )
  const ids = new Map((await trx.selectFrom('order_invoices').select(['id', 'public_id']).where('client_id', '=', clientId).execute()).map((r) => [r.public_id, r.id]))
  const items = invoices.flatMap((i) =>
    i.items.map((item) => ({
      client_id: clientId,
      invoice_id: ids.get(publicId(i))!,
      order_id: orderIds.get(item.orderIndex)!,
      package_name: item.packageName,
      quantity: 1,
      price_cents: item.priceCents,
    })),
  )
  await chunks(items, 1000, (rows) => trx.insertInto('order_invoice_items').values(rows).execute())
}

/** Lets an admin approve drafts first in the demo organisation (the revisions page has work to show). */
async function enableRevisionsApproval(trx: Transaction<Database>, clientId: number) {
  const row = await trx.selectFrom('organisation_settings').select('settings').where('client_id', '=', clientId).executeTakeFirst()
  const settings = JSON.stringify({ ...(row?.settings ?? {}), enable_revisions_approval_feature: true })
  await trx.insertInto('organisation_settings').values({ client_id: clientId, settings }).onDuplicateKeyUpdate({ settings }).execute()
}

/** Dates are relative to `now` (the dashboard always has recent figures); everything else is fixed by the seed. */
export async function seedOrders(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  for (const plan of ORDER_PLANS) {
    const clientId = orgIds[plan.org]
    if (await db.selectFrom('orders').select('id').where('public_id', '=', seededOrderId(plan.org, 0)).executeTakeFirst()) continue
    const ctx = await loadContext(db, plan, clientId)
    const { orders, invoices } = writeStories(ctx, { count: plan.count, seed: plan.seed, now, idOf: (name) => seedId(`${plan.org}:${name}`) })
    // All or nothing: a failed run leaves no half-seeded organisation behind the skip check above.
    await inTransaction(db, async (trx) => {
      const orderIds = await insertOrders(trx, plan.org, clientId, orders)
      await insertChildren(trx, plan.org, clientId, orders, orderIds)
      await insertInvoices(trx, plan.org, clientId, invoices, orderIds)
      if (plan.revisionsApproval) await enableRevisionsApproval(trx, clientId)
    })
  }
}
