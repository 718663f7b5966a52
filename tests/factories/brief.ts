// Orders with a brief to fill (issue 25, ADR 0061): a published questionnaire with every item type, a workflow
// of Upload Documents, the questionnaire, Follow Up Questions and Schedule Appointment (then the team's steps),
// the customer Olive Owner, a neighbour, an owner and a writer with a scheduling link.
import type { FormItem } from '#db/tables/content'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { createUser } from './index'
import { createContributor, createCustomer, createOrder, createProductWithWorkflow } from './orders'

export const INTAKE_ITEMS: FormItem[] = [
  { id: 'about', type: 'section_heading', text: 'About you', required: false },
  { id: 'title', type: 'short_text', text: 'Current job title', required: true },
  { id: 'story', type: 'long_text', text: 'Your career story', required: false },
  { id: 'level', type: 'single_choice', text: 'Seniority', required: true, options: ['Junior', 'Senior'] },
  { id: 'skills', type: 'multiple_choice', text: 'Skills', required: false, options: ['SQL', 'Go', 'Leadership'] },
  { id: 'start', type: 'date', text: 'Available from', required: false },
  { id: 'cv', type: 'file_upload', text: 'Your current CV', required: false },
]

/** A published form of the organisation (its public id is the workflow module's id). */
export async function createPublishedForm(clientId: number, name = 'Intake form', items: FormItem[] = INTAKE_ITEMS) {
  const publicId = newPublicId()
  await platformDb
    .insertInto('forms')
    .values({
      public_id: publicId,
      client_id: clientId,
      name,
      draft_data: JSON.stringify({ items }),
      published_data: JSON.stringify({ items }),
      published_at: new Date(),
      archived: false,
    })
    .execute()
  return { publicId, name, items }
}

export async function createBriefOrders(clientId: number, opts: { productName?: string; writerSchedulingLink?: string | null } = {}) {
  const form = await createPublishedForm(clientId)
  const modules = [
    { id: 'previous_document', title: 'Upload Documents' },
    { id: form.publicId, title: form.name },
    { id: 'additional_questionnaire', title: 'Follow Up Questions' },
    { id: 'schedule_appointment', title: 'Schedule Appointment' },
    { id: 'revision_process', title: 'Revision Process' },
    { id: 'final_document', title: 'Final Document' },
  ]
  const product = await createProductWithWorkflow(clientId, { name: opts.productName ?? `Executive Resume ${newPublicId().slice(0, 4)}`, modules })
  const customer = await createCustomer(clientId, { firstName: 'Olive', lastName: 'Owner' })
  const other = await createCustomer(clientId, { firstName: 'Nora', lastName: 'Neighbour' })
  const owner = await createUser({ firstName: 'Sam', lastName: 'Staff', memberships: [{ clientId, role: 'client' }] })
  const writer = await createContributor(clientId, { firstName: 'Wendy', lastName: 'Writer', schedulingLink: opts.writerSchedulingLink ?? null, extraPermissions: ['READ_ORDERS'] })
  const place = (customerUserId: number) => ({ customerUserId, productId: product.productId })
  const order = await createOrder(clientId, place(customer.userId), { writerUserId: writer.userId })
  const unassigned = await createOrder(clientId, place(customer.userId))
  const othersOrder = await createOrder(clientId, place(other.userId))
  const testOrder = await createOrder(clientId, place(customer.userId), { test_order: true })
  return {
    form,
    product,
    customer,
    other,
    owner: { ...owner, userId: owner.accounts.get(clientId)!.id },
    writer,
    serviceId: order.services[0]!._id,
    orders: { order, unassigned, othersOrder, testOrder },
  }
}
