// Order e-mails commit with their change (issue 28, ADR 0109), through the real callers and the real database: a
// change that fails after its e-mail was written leaves no outbox row (and no change), a committed one leaves
// exactly one row per e-mail. Outbox rows only: the relay and the sink are outbox.test.ts's and order-mail.test.ts's.
import { sql } from 'kysely'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { loadAuthUser } from '#app/models/account.server'
import { type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { type BriefCustomer, submitDocuments } from '#app/models/brief.server'
import { deliverDraft } from '#app/models/draft-delivery.server'
import { createOrder as createOrderAction } from '#app/models/order-create.server'
import { markInvoicePaid } from '#app/models/order-invoices.server'
import { briefMail, orderMail } from '#app/models/order-mail.server'
import { platformDb } from '#app/services/db.server'
import { closeQueues } from '#app/services/queue.server'
import { createBriefOrders } from '#tests/factories/brief'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { pdfUpload } from '#tests/factories/draft-files'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createInvoice } from '#tests/factories/order-invoices'
import { withTenantGuard } from '#db/tenant'
import { createCustomer, createOrder, createProductWithWorkflow } from '#tests/factories/orders'

afterEach(() => {
  vi.restoreAllMocks()
})
afterAll(async () => {
  await closeQueues()
})

async function ownerOf(clientId: number): Promise<Tenant> {
  const owner = await createUser({ firstName: 'Olga', lastName: 'Owner', memberships: [{ clientId, role: 'client' }] })
  const user = await loadAuthUser(owner.accounts.get(clientId)!.id, clientId)
  if (!user || user.clientId === null) throw new Error('no such member')
  return tenantOf(user as typeof user & { clientId: number })
}

/**
 * The event writes its e-mails for real, then its caller's change fails (a crash right after the e-mail, inside
 * the transaction). Returns the outbox rows the event wrote, to look for once the change has failed.
 */
function failAfterMail(events: object, name: string): number[] {
  const target = events as Record<string, (...args: unknown[]) => Promise<number[]>>
  const real = target[name]!
  const written: number[] = []
  vi.spyOn(target, name).mockImplementation(async (...args: unknown[]) => {
    written.push(...((await real.apply(events, args)) ?? []))
    throw new Error(`crash after ${name}'s e-mail`)
  })
  return written
}

/** The change fails right after `name` wrote its `mails` e-mails: `state` reads as before, and the e-mails are gone too. */
async function rollsBackWithItsMails(events: object, name: string, mails: number, change: () => Promise<unknown>, state: () => Promise<unknown>) {
  const before = await state()
  const written = failAfterMail(events, name)
  await expect(change()).rejects.toThrow(`crash after ${name}'s e-mail`)
  expect(await state()).toEqual(before)
  expect(written).toHaveLength(mails)
  expect(await rowsWithIds(written)).toEqual([])
  vi.restoreAllMocks()
}

const rowsWithIds = async (ids: number[]) => (ids.length ? platformDb.selectFrom('outbox').select('id').where('id', 'in', ids).execute() : [])
const rowsWithJobId = (jobId: string) => platformDb.selectFrom('outbox').select(['id', 'relayed_at']).where('job_id', '=', jobId).execute()

describe('an order e-mail commits or rolls back with its change', () => {
  it('order created: rolled back, no order and no e-mail; committed, one order_received, one invoice_created', async () => {
    const org = await createOrganisation({ name: 'Outbox Orders' })
    const owner = await ownerOf(org.id)
    const product = await createProductWithWorkflow(org.id, { name: 'Executive Resume' })
    const customer = await createCustomer(org.id, { firstName: 'Casey', lastName: 'Customer' })
    const input = { customer_id: customer.publicId, package_id: product.productPublicId, markAsPaid: false, createInvoice: true }

    const orders = () => platformDb.selectFrom('orders').select('id').where('client_id', '=', org.id).execute()
    await rollsBackWithItsMails(orderMail, 'orderCreated', 2, () => createOrderAction(owner, input), orders)

    const created = await createOrderAction(owner, input)
    if (!created.ok) throw new Error(created.error)
    const [received, invoiced] = await Promise.all([
      rowsWithJobId(`order-received-${org.id}-${created.order._id}`),
      rowsWithJobId(`invoice-created-${org.id}-${created.invoice!._id}`),
    ])
    expect(received).toHaveLength(1)
    expect(invoiced).toHaveLength(1)
    // Kicked after the commit: relayed already, not left to the worker's poll.
    expect(received[0]!.relayed_at).not.toBeNull()
  })

  it('invoice paid: rolled back, the invoice stays unpaid and nothing is queued; committed, one invoice_payment_received', async () => {
    const org = await createOrganisation({ name: 'Outbox Invoices' })
    const owner = await ownerOf(org.id)
    const product = await createProductWithWorkflow(org.id, { name: 'Cover Letter' })
    const customer = await createCustomer(org.id, { firstName: 'Casey', lastName: 'Customer' })
    const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId })
    const invoice = await createInvoice(org.id, [order], { status: 'unpaid' })

    const status = () => platformDb.selectFrom('order_invoices').select('status').where('public_id', '=', invoice.publicId).executeTakeFirst()
    await rollsBackWithItsMails(orderMail, 'invoicePaid', 1, () => markInvoicePaid(owner, invoice.publicId), status)

    expect(await markInvoicePaid(owner, invoice.publicId)).toMatchObject({ ok: true })
    expect(await rowsWithJobId(`invoice-paid-${org.id}-${invoice.publicId}`)).toHaveLength(1)
  })

  it('draft delivered: rolled back, no draft and no e-mail; committed, one draft_uploaded to the customer', async () => {
    const org = await createOrganisation({ name: 'Outbox Drafts' })
    const owner = await ownerOf(org.id)
    const c = await createCustomerOrders(org.id)
    const order = c.orders.writing
    const delivery = { orderPublicId: order.public_id, serviceId: order.services[0]!._id, pdf: pdfUpload() }

    const drafts = () => platformDb.selectFrom('drafts').select('id').where('order_id', '=', order.id).execute()
    await rollsBackWithItsMails(orderMail, 'draftDelivered', 1, () => deliverDraft(owner, delivery), drafts)

    const delivered = await deliverDraft(owner, delivery)
    if (!delivered.ok) throw new Error(delivered.error)
    expect(await rowsWithJobId(`draft-to-customer-${org.id}-${delivered.draftId}`)).toHaveLength(1)
  })

  it('brief submitted: rolled back, the task stays open and nothing is queued; committed, one documents_uploaded to the writer', async () => {
    const org = await createOrganisation({ name: 'Outbox Brief' })
    const a = await createBriefOrders(org.id)
    const t = { db: (await ownerOf(org.id)).db, clientId: org.id }
    const olive: BriefCustomer = { id: a.customer.userId, firstName: 'Olive', lastName: 'Owner', impersonatorUserId: null }
    const order = a.orders.order

    const submitted = () => platformDb.selectFrom('brief_responses').select('submitted_at').where('order_id', '=', order.id).where('module_id', '=', 'previous_document').execute()
    await rollsBackWithItsMails(briefMail, 'documentsUploaded', 1, () => submitDocuments(t, olive, order.public_id), submitted)

    expect(await submitDocuments(t, olive, order.public_id)).toMatchObject({ ok: true })
    expect(await rowsWithJobId(`documents-uploaded-${org.id}-${order.public_id}-${a.serviceId}-${a.writer.userId}`)).toHaveLength(1)
  })
})

describe('a database error while an e-mail is written inside the change', () => {
  it('fails the change: MariaDB may have rolled the transaction back, so nothing may commit without the e-mail', async () => {
    const org = await createOrganisation({ name: 'Outbox Lock' })
    const owner = await ownerOf(org.id)
    const product = await createProductWithWorkflow(org.id, { name: 'LinkedIn Profile' })
    const customer = await createCustomer(org.id, { firstName: 'Lee', lastName: 'Locked' })
    const created = await createOrderAction(owner, { customer_id: customer.publicId, package_id: product.productPublicId, markAsPaid: false, createInvoice: false })
    if (!created.ok) throw new Error(created.error)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})

    // Another session holds the settings table the event reads first, so that read times out inside the transaction.
    let locked!: () => void
    let unlock!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const unlocked = new Promise<void>((resolve) => (unlock = resolve))
    const holder = platformDb.connection().execute(async (conn) => {
      await sql`LOCK TABLES organisation_settings WRITE`.execute(conn)
      locked()
      await unlocked
      await sql`UNLOCK TABLES`.execute(conn)
    })
    await isLocked
    try {
      const change = platformDb.transaction().execute(async (trx) => {
        await sql`SET SESSION lock_wait_timeout = 1`.execute(trx)
        try {
          // The change's own write, before its e-mail.
          await trx
            .insertInto('outbox')
            .values({ client_id: org.id, queue: 'marker', payload: '{}', job_id: `lock-marker-${org.id}` })
            .execute()
          return await orderMail.orderCreated({ db: withTenantGuard(trx, org.id), clientId: org.id }, { public_id: created.order._id }, null)
        } finally {
          await sql`SET SESSION lock_wait_timeout = DEFAULT`.execute(trx)
        }
      })
      await expect(change).rejects.toMatchObject({ errno: 1205 })
    } finally {
      unlock()
      await holder
    }
    // Nothing of the change committed, and the error was passed on, not logged and swallowed.
    expect(await rowsWithJobId(`lock-marker-${org.id}`)).toEqual([])
    expect(logged.mock.calls.filter(([line]) => String(line).startsWith('[order mail]'))).toEqual([])
  })
})
