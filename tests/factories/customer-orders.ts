// A portal customer with orders in several states (issue 25): the customer's own, a test and a hidden one,
// another customer's, a writer with a customer-facing name, a signed agreement and a downloadable.
import { storage } from '#app/services/storage.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from './orders'

export const PORTAL_MODULES = [
  { id: 'previous_document', title: 'Upload Documents' },
  { id: 'additional_questionnaire', title: 'Follow Up Questions' },
  { id: 'revision_process', title: 'Revision Process' },
  { id: 'final_document', title: 'Final Document' },
]

const DAY = 86_400_000

export async function createCustomerOrders(clientId: number, opts: { productName?: string } = {}) {
  const product = await createProductWithWorkflow(clientId, { name: opts.productName ?? `Executive Resume ${newPublicId().slice(0, 4)}`, modules: PORTAL_MODULES })
  const customer = await createCustomer(clientId, { firstName: 'Olive', lastName: 'Owner' })
  const other = await createCustomer(clientId, { firstName: 'Nora', lastName: 'Neighbour' })
  const writer = await createContributor(clientId, { firstName: 'Wendy', lastName: 'Realname' })
  await platformDb.updateTable('memberships').set({ customer_facing_name: 'Alex the Writer' }).where('client_id', '=', clientId).where('user_id', '=', writer.userId).execute()

  const place = (customerUserId: number, daysAgo: number) => ({ customerUserId, productId: product.productId, createdAt: new Date(Date.now() - daysAgo * DAY) })
  const brief = await createOrder(clientId, place(customer.userId, 3), { dueDate: new Date(Date.now() + 10 * DAY) })
  const writing = await createOrder(clientId, place(customer.userId, 2), {
    completedTasks: ['previous_document', 'additional_questionnaire'],
    writerUserId: writer.userId,
    dueDate: new Date(Date.now() + DAY),
  })
  const done = await createOrder(clientId, place(customer.userId, 20), { marked_as_complete: true, writerUserId: writer.userId, dueDate: new Date(Date.now() - 5 * DAY) })
  const testOrder = await createOrder(clientId, place(customer.userId, 1), { test_order: true })
  const hidden = await createOrder(clientId, place(customer.userId, 1), { hide_order: true })
  const othersOrder = await createOrder(clientId, place(other.userId, 1))

  await platformDb
    .insertInto('contract_acceptances')
    .values({
      public_id: newPublicId(),
      client_id: clientId,
      order_id: writing.id,
      customer_id: customer.userId,
      contract_title: 'Service agreement',
      contract_html: '<p>We write, you read.</p>',
      contract_sha256: '0'.repeat(64),
      signed_name: 'Olive Owner',
      ip: '127.0.0.1',
      accepted_at: new Date(),
    })
    .execute()
  // The bytes too: the customer downloads them from the order page.
  const checklistKey = `${clientId}_checklist-${newPublicId()}.pdf`
  await storage().put(checklistKey, Buffer.from('%PDF-1.4 interview checklist'))
  const checklistId = newPublicId()
  const file = await platformDb
    .insertInto('downloadables')
    .values({
      public_id: checklistId,
      client_id: clientId,
      title: 'Interview checklist',
      file_key: checklistKey,
      file_name: 'checklist.pdf',
      file_size: 10,
      archived: false,
    })
    .executeTakeFirstOrThrow()
  await platformDb
    .insertInto('product_downloadables')
    .values({ client_id: clientId, product_id: product.productId, downloadable_id: Number(file.insertId), position: 0 })
    .execute()

  return { product, customer, other, writer, checklistId, orders: { brief, writing, done, testOrder, hidden, othersOrder } }
}
