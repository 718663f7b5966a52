// The e-mails of a draft's life on the customer's side (issue 25, ADR 0062): the customer's answers reach
// the contributor (draft_finalized, draft_review_added), final documents and the auto-accept reminder reach
// the customer. Built on order-mail's parts (same recipients, fields and switches); each job id is derived
// from its event, so a mail is sent once however often its event is replayed. Each event writes its outbox rows
// through the handle it is given (its change's transaction where it has one) and returns their ids to kick.
import { formatDate } from '#app/rules/format'
import { scoped, type TenantScope } from '#db/tenant'
import { getWebsiteSettings } from './organisation-settings.server'
import { mailParts } from './order-mail.server'
import { ordersQuery, ORDER_COLUMNS, type OrderRow } from './orders.server'

const { send, safely, recipient, facingName, customerFields, contributorFields, teamPath } = mailParts

const draftPath = (orderPublicId: string, draftPublicId: string) => `/my-orders/${orderPublicId}/drafts/${draftPublicId}`
const orderPath = (orderPublicId: string) => `/my-orders/${orderPublicId}`

async function draftAndOrder(t: TenantScope, draftPublicId: string) {
  const draft = await scoped(t, 'drafts')
    .select(['id', 'public_id', 'order_id', 'service_id', 'writer_id', 'rating', 'review'])
    .where('public_id', '=', draftPublicId)
    .executeTakeFirst()
  if (!draft) return null
  const order = (await ordersQuery(t).select(ORDER_COLUMNS).where('o.id', '=', draft.order_id).executeTakeFirst()) as OrderRow | undefined
  if (!order || order.test_order) return null
  return { draft, order, serviceName: order.services.find((s) => s._id === draft.service_id)?.serviceName ?? '' }
}

async function orderById(t: TenantScope, orderId: number) {
  const order = (await ordersQuery(t).select(ORDER_COLUMNS).where('o.id', '=', orderId).executeTakeFirst()) as OrderRow | undefined
  return order && !order.test_order ? order : null
}

/** A mail about one draft to the contributor who wrote it (else the order's writer), once per draft. */
function toDraftWriter(
  t: TenantScope,
  draftPublicId: string,
  what: string,
  mailOf: (draft: { rating: number | null; review: string | null }) => { template: string; jobKey: string; fields: Record<string, string> } | null,
) {
  return safely(what, t, async () => {
    const found = await draftAndOrder(t, draftPublicId)
    const mail = found ? mailOf(found.draft) : null
    if (!found || !mail) return []
    const writer = await recipient(t, found.draft.writer_id ?? found.order.writer_id)
    if (!writer) return []
    const settings = await getWebsiteSettings(t)
    return send(t, settings, {
      template: mail.template,
      to: writer,
      fields: { ...contributorFields(found.order, writer, settings), serviceName: found.serviceName, ...mail.fields },
      buttonPath: teamPath(found.order, writer),
      jobId: `${mail.jobKey}-${t.clientId}-${found.draft.public_id}`,
    })
  })
}

export const draftMail = {
  /** The customer (or the auto-accept job) accepted a draft: its contributor prepares the final documents. */
  finalized(t: TenantScope, draftPublicId: string) {
    return toDraftWriter(t, draftPublicId, 'draft finalized', () => ({ template: 'draft_finalized', jobKey: 'draft-finalized', fields: {} }))
  },

  /** The customer asked for a revision of a draft (one answer per draft, so one mail): its contributor reads why. */
  revisionRequested(t: TenantScope, draftPublicId: string, notes: string) {
    return toDraftWriter(t, draftPublicId, 'revision requested', () => ({ template: 'revision_requested', jobKey: 'revision-requested', fields: { revisionNotes: notes } }))
  },

  /** The customer rated a draft (once per draft): its contributor reads the rating and review. */
  reviewAdded(t: TenantScope, draftPublicId: string) {
    return toDraftWriter(t, draftPublicId, 'draft review added', (draft) =>
      draft.rating === null ? null : { template: 'draft_review_added', jobKey: 'draft-review', fields: { rating: String(draft.rating), review: draft.review ?? '' } },
    )
  },

  /** Two days before the auto-accept: the customer is reminded once (the draft's id in the job id). */
  autoAcceptReminder(t: TenantScope, draftPublicId: string, acceptAt: Date) {
    return safely('draft auto-accept reminder', t, async () => {
      const found = await draftAndOrder(t, draftPublicId)
      if (!found) return []
      const customer = await recipient(t, found.order.customer_id)
      if (!customer) return []
      return send(t, await getWebsiteSettings(t), {
        template: 'draft_auto_accept_reminder',
        to: customer,
        fields: { ...customerFields(found.order, customer), serviceName: found.serviceName, autoAcceptDate: formatDate(acceptAt.toISOString()) },
        buttonPath: draftPath(found.order.public_id, found.draft.public_id),
        jobId: `draft-auto-accept-reminder-${t.clientId}-${found.draft.public_id}`,
      })
    })
  },

  /** Final documents of one service were uploaded (batchId: the upload), the first time or again. */
  finalDocuments(t: TenantScope, orderId: number, input: { again: boolean; serviceId: string; batchId: string; uploaderUserId: number | null }) {
    return safely('final documents uploaded', t, async () => {
      const order = await orderById(t, orderId)
      if (!order) return []
      const customer = await recipient(t, order.customer_id)
      if (!customer) return []
      return send(t, await getWebsiteSettings(t), {
        template: input.again ? 'final_documents_reuploaded' : 'final_documents_uploaded',
        to: customer,
        fields: { ...customerFields(order, customer), contributorName: await facingName(t, order.writer_id ?? input.uploaderUserId) },
        buttonPath: orderPath(order.public_id),
        jobId: input.again ? `final-documents-again-${t.clientId}-${input.batchId}` : `final-documents-${t.clientId}-${order.public_id}-${input.serviceId}`,
      })
    })
  },
}
