// The e-mails back-office events send (ADR 0051): which template goes to whom, its fields, link and
// job id. Each event is called inside its change's transaction (ADR 0109), reads what it needs there,
// writes its outbox rows there and returns their ids, for the caller to kick once it has committed. A mail
// that cannot be queued (an address the queue refuses) is logged and the change stands; a database error
// fails the change, so no change commits without its mails.
import { defaultTemplate, type FieldKey, isOff } from '#app/rules/email-templates'
import { formatMoney } from '#app/rules/money'
import { customerFacingName } from '#app/rules/order-timeline'
import { SERVICE_TYPES } from '#app/rules/workflow-modules'
import { scoped, scopedAs, scopedJoin, type TenantScope } from '#db/tenant'
import type { OrderServiceSnapshot } from '#db/tables/orders'
import type { ChatRoom } from './chat.server'
import { getWebsiteSettings, type WebsiteSettings } from './organisation-settings.server'
import { findOrder, findOrders, ORDER_COLUMNS, ordersQuery, type OrderRow } from './orders.server'
import { membersQuery } from './people.server'
import { queueEmailIn } from './system-mail.server'
import { customerForContributor, workOrderPath } from '#app/rules/contributor'

/** A staff member's message in an order's team chat mails its away contributor at most once per window. */
export const TEAM_CHAT_MAIL_WINDOW_MS = 15 * 60_000
const MESSAGE_EXCERPT = 1000

/** Customers have no portal of their own yet: their button leads to the organisation's sign-in page. */
const CUSTOMER_PATH = '/login'
const projectPath = (orderPublicId: string) => `/project/view/${orderPublicId}`

type Recipient = { id: number; email: string; firstName: string; name: string }

/** Someone who may still be written to: an active, unarchived member with an active account. */
async function recipient(t: TenantScope, userId: number | null): Promise<Recipient | null> {
  if (userId === null) return null
  const row = await membersQuery(t)
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('m.user_id', '=', userId)
    .where('m.active', '=', true)
    .where('m.archived', '=', false)
    .where('u.active', '=', true)
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
  }
}

/** How customers know a contributor: the customer-facing name the organisation chose (staff.server.ts), else their name. */
async function facingName(t: TenantScope, userId: number | null): Promise<string> {
  const row =
    userId === null ? undefined : await membersQuery(t).select(['u.first_name', 'u.last_name', 'm.customer_facing_name']).where('m.user_id', '=', userId).executeTakeFirst()
  return row ? customerFacingName({ customerFacingName: row.customer_facing_name, firstName: row.first_name, lastName: row.last_name }) : 'Your contributor'
}

type Mail = {
  template: string
  to: Recipient
  fields: Partial<Record<FieldKey, string>>
  buttonPath: string
  jobId: string
}

/** The outbox rows an event wrote: the caller kicks them (kickOutbox) once its transaction has committed. */
export type MailIds = number[]

/**
 * Writes one mail's outbox row through `t` (the change's transaction) unless the organisation's settings
 * switch its template off. companyName is filled by the renderer from the organisation; every other declared
 * field must be here (a template never shows a raw `{{field}}` because an event forgot one).
 */
async function send(t: TenantScope, settings: WebsiteSettings, mail: Mail): Promise<MailIds> {
  const template = defaultTemplate(mail.template)
  if (!template) throw new Error(`Unknown e-mail template ${mail.template}`)
  if (isOff(template, settings)) return []
  const missing = template.fields.filter((key) => key !== 'companyName' && mail.fields[key] === undefined)
  if (missing.length) throw new Error(`E-mail ${mail.template} lacks ${missing.join(', ')}`)
  const id = await queueEmailIn(
    t,
    { clientId: t.clientId, to: mail.to.email, template: mail.template, fields: mail.fields as Record<string, string>, buttonPath: mail.buttonPath },
    { jobId: mail.jobId },
  )
  return [id]
}

/** An error of the database or its connection (mysql2 gives each an errno or a code), not of a mail. */
const fromDatabase = (error: unknown) => typeof error === 'object' && error !== null && ('errno' in error || 'code' in error)

/**
 * Runs one event's mails. A mail that cannot be queued is logged, never passed on to the action that caused
 * it. Inside a transaction a database error is passed on: MariaDB may have rolled the transaction back (a
 * deadlock), and going on would commit the rest of the change without it, or without its mails.
 */
async function safely(event: string, t: TenantScope, run: () => Promise<MailIds>): Promise<MailIds> {
  try {
    return await run()
  } catch (error) {
    if (t.db.isTransaction && fromDatabase(error)) throw error
    console.error(`[order mail] ${event} of organisation ${t.clientId} not queued`, error)
    return []
  }
}

/** Each item's mails, one after the other (a transaction's connection runs one statement at a time). */
async function each<T>(items: readonly T[], mails: (item: T) => Promise<MailIds>): Promise<MailIds> {
  const ids: MailIds = []
  for (const item of items) ids.push(...(await mails(item)))
  return ids
}

const customerFields = (order: OrderRow, customer: Recipient) => ({
  customerFirstName: customer.firstName,
  customerName: customer.name,
  productName: order.package_name,
  orderId: order.public_id,
})

type TeamOrder = Pick<OrderRow, 'public_id' | 'package_name' | 'customer_name' | 'customer_first_name' | 'customer_last_name' | 'writer_id' | 'reviewer_id'>

/** The order's writer or reviewer: they open it in their workspace and see the customer as contributors may. */
const worksOn = (order: TeamOrder, to: Recipient) => to.id === order.writer_id || to.id === order.reviewer_id

/** The customer's name in a mail to `to`: first name only to the order's contributors unless the organisation shows contact details (ADR 0068). */
function customerNameFor(order: TeamOrder, to: Recipient, settings: WebsiteSettings): string {
  if (!worksOn(order, to)) return order.customer_name
  const seen = customerForContributor({ firstName: order.customer_first_name, lastName: order.customer_last_name, email: null }, !!settings.show_customer_contact_to_writers)
  return `${seen.firstName} ${seen.lastName}`.trim()
}

/** Where a team mail's button leads: /work/orders/{id} for the order's contributors (/project/view needs READ_ORDERS), /project/view for staff. */
const teamPath = (order: TeamOrder, to: Recipient) => (worksOn(order, to) ? workOrderPath(order.public_id) : projectPath(order.public_id))

const contributorFields = (order: TeamOrder, contributor: Recipient, settings: WebsiteSettings) => ({
  contributorFirstName: contributor.firstName,
  contributorName: contributor.name,
  customerName: customerNameFor(order, contributor, settings),
  productName: order.package_name,
  orderId: order.public_id,
})

// ---------------------------------------------------------------------------------------------
// Invoices

async function invoiceMail(t: TenantScope, settings: WebsiteSettings, invoicePublicId: string, template: 'invoice_created' | 'invoice_payment_received'): Promise<MailIds> {
  // Hide invoices: customers are neither shown nor sent invoices.
  if (settings.hide_invoices) return []
  const invoice = await scoped(t, 'order_invoices')
    .select(['id', 'public_id', 'customer_id', 'currency', 'price_cents', 'status', 'is_test'])
    .where('public_id', '=', invoicePublicId)
    .executeTakeFirst()
  if (!invoice || invoice.is_test) return []
  const items = await scopedAs(t, 'order_invoice_items', 'ii')
    .leftJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'ii.order_id')))
    .select(['ii.package_name', 'o.public_id', 'o.test_order'])
    .where('ii.invoice_id', '=', invoice.id)
    .orderBy('ii.id')
    .execute()
  if (items.some((i) => !!i.test_order)) return []
  const customer = await recipient(t, invoice.customer_id)
  if (!customer) return []
  const orderIds = [...new Set(items.map((i) => i.public_id).filter((id): id is string => !!id))]
  return send(t, settings, {
    template,
    to: customer,
    fields: {
      customerFirstName: customer.firstName,
      customerName: customer.name,
      productName: [...new Set(items.map((i) => i.package_name))].join(', '),
      orderId: orderIds.join(', '),
      invoiceNumber: invoice.public_id,
      invoiceAmount: formatMoney(Number(invoice.price_cents) / 100, invoice.currency),
    },
    buttonPath: CUSTOMER_PATH,
    jobId: `${template === 'invoice_created' ? 'invoice-created' : 'invoice-paid'}-${t.clientId}-${invoice.public_id}`,
  })
}

// ---------------------------------------------------------------------------------------------
// Drafts

const draftKind = (service: OrderServiceSnapshot | undefined) => {
  const type = service?.serviceType
  return type && type !== 'custom' && (SERVICE_TYPES as readonly string[]).includes(type) ? type : 'custom'
}

async function findDraft(t: TenantScope, draftPublicId: string) {
  const draft = await scoped(t, 'drafts')
    .select(['id', 'public_id', 'order_id', 'service_id', 'writer_id', 'approval_status', 'rejection_reason', 'deleted_at', 'deleted_by'])
    .where('public_id', '=', draftPublicId)
    .executeTakeFirst()
  if (!draft) return null
  const row = (await ordersQuery(t).select(ORDER_COLUMNS).where('o.id', '=', draft.order_id).executeTakeFirst()) as OrderRow | undefined
  if (!row) return null
  const d = {
    ...draft,
    deleted: draft.deleted_at !== null || draft.deleted_by !== null,
  }
  return {
    draft: d,
    order: row,
    service: row.services.find((s) => s._id === draft.service_id),
  }
}

/** The customer can see this draft now: the first one of its service, or a revision after an earlier one. */
async function draftToCustomer(t: TenantScope, settings: WebsiteSettings, found: NonNullable<Awaited<ReturnType<typeof findDraft>>>): Promise<MailIds> {
  const { draft, order, service } = found
  if (order.test_order || draft.deleted) return []
  const customer = await recipient(t, order.customer_id)
  if (!customer) return []
  // An earlier draft of the same service that reached the customer makes this one a revision.
  const earlier = await scoped(t, 'drafts')
    .select('id')
    .where('order_id', '=', order.id)
    .where('service_id', '=', draft.service_id)
    .where('id', '<', draft.id)
    .where((eb) => eb.or([eb('approval_status', 'is', null), eb('approval_status', '=', 'approved')]))
    .limit(1)
    .executeTakeFirst()
  const writerName = await facingName(t, draft.writer_id ?? order.writer_id)
  return send(t, settings, {
    template: `${earlier ? 'draft_revised' : 'draft_uploaded'}_${draftKind(service)}`,
    to: customer,
    fields: {
      ...customerFields(order, customer),
      contributorName: writerName,
      serviceName: service?.serviceName ?? '',
    },
    buttonPath: CUSTOMER_PATH,
    jobId: `draft-to-customer-${t.clientId}-${draft.public_id}`,
  })
}

async function draftDecision(
  t: TenantScope,
  settings: WebsiteSettings,
  found: NonNullable<Awaited<ReturnType<typeof findDraft>>>,
  decision: 'approved' | 'rejected',
): Promise<MailIds> {
  const { draft, order, service } = found
  const writer = await recipient(t, draft.writer_id ?? order.writer_id)
  if (!writer) return []
  return send(t, settings, {
    template: decision === 'approved' ? 'draft_approved' : 'draft_rejected',
    to: writer,
    fields: {
      ...contributorFields(order, writer, settings),
      serviceName: service?.serviceName ?? '',
      ...(decision === 'rejected' ? { rejectionReason: draft.rejection_reason ?? '' } : {}),
    },
    buttonPath: teamPath(order, writer),
    jobId: `draft-${decision}-${t.clientId}-${draft.public_id}`,
  })
}

/** order_received to the order's customer (once per order: the job id). */
async function orderReceived(t: TenantScope, settings: WebsiteSettings, row: OrderRow): Promise<MailIds> {
  const customer = await recipient(t, row.customer_id)
  if (!customer) return []
  return send(t, settings, {
    template: 'order_received',
    to: customer,
    fields: customerFields(row, customer),
    buttonPath: CUSTOMER_PATH,
    jobId: `order-received-${t.clientId}-${row.public_id}`,
  })
}

// ---------------------------------------------------------------------------------------------
// The events

type Staff = TenantScope & {
  user: { id: number; firstName: string; lastName: string }
}

export const orderMail = {
  /** Order created in the back office: order_received, and the invoice mails of the invoice made with it. */
  orderCreated(t: TenantScope, order: Pick<OrderRow, 'public_id'>, invoice: { public_id: string; status: string } | null) {
    return safely('order created', t, async () => {
      const settings = await getWebsiteSettings(t)
      const row = await findOrder(t, order.public_id)
      if (!row || row.test_order) return []
      const ids = await orderReceived(t, settings, row)
      if (!invoice) return ids
      ids.push(...(await invoiceMail(t, settings, invoice.public_id, 'invoice_created')))
      // Created as paid (paid outside the provider): the payment was received too.
      if (invoice.status === 'paid') ids.push(...(await invoiceMail(t, settings, invoice.public_id, 'invoice_payment_received')))
      return ids
    })
  },

  /** A customer paid for a cart in the portal: order_received for each order, and one invoice_payment_received for the invoice. */
  placedByCustomer(t: TenantScope, orders: Pick<OrderRow, 'public_id'>[], invoicePublicId: string) {
    return safely('orders placed by the customer', t, async () => {
      const settings = await getWebsiteSettings(t)
      const rows = await findOrders(
        t,
        orders.map((o) => o.public_id),
      )
      const ids = await each(rows, (row) => (row.test_order ? Promise.resolve([]) : orderReceived(t, settings, row)))
      ids.push(...(await invoiceMail(t, settings, invoicePublicId, 'invoice_payment_received')))
      return ids
    })
  },

  /** A contributor was put on these orders (only those whose contributor changed): each order's customer hears who. */
  contributorAssigned(t: TenantScope, writerUserId: number, orders: Pick<OrderRow, 'public_id'>[], at: Date) {
    return safely('contributor assigned', t, async () => {
      if (orders.length === 0) return []
      const settings = await getWebsiteSettings(t)
      const writerName = await facingName(t, writerUserId)
      const rows = await findOrders(
        t,
        orders.map((o) => o.public_id),
      )
      return each(rows, async (order) => {
        if (order.test_order || order.writer_id !== writerUserId) return []
        const customer = await recipient(t, order.customer_id)
        if (!customer) return []
        return send(t, settings, {
          template: 'contributor_assigned',
          to: customer,
          fields: {
            ...customerFields(order, customer),
            contributorName: writerName,
          },
          buttonPath: CUSTOMER_PATH,
          jobId: `contributor-assigned-${t.clientId}-${order.public_id}-${writerUserId}-${at.getTime()}`,
        })
      })
    })
  },

  /** An unpaid invoice was marked as paid. */
  invoicePaid(t: TenantScope, invoicePublicId: string) {
    return safely('invoice paid', t, async () => invoiceMail(t, await getWebsiteSettings(t), invoicePublicId, 'invoice_payment_received'))
  },

  /** An admin approved a draft: the contributor hears so, and the draft reaches the customer now. */
  draftApproved(t: TenantScope, draftPublicId: string) {
    return safely('draft approved', t, async () => {
      const found = await findDraft(t, draftPublicId)
      if (!found || found.draft.approval_status !== 'approved') return []
      const settings = await getWebsiteSettings(t)
      return [...(await draftDecision(t, settings, found, 'approved')), ...(await draftToCustomer(t, settings, found))]
    })
  },

  /** An admin sent a draft back with a reason: only the contributor hears of it. */
  draftRejected(t: TenantScope, draftPublicId: string) {
    return safely('draft rejected', t, async () => {
      const found = await findDraft(t, draftPublicId)
      if (!found || found.draft.approval_status !== 'rejected') return []
      return draftDecision(t, await getWebsiteSettings(t), found, 'rejected')
    })
  },

  /**
   * A draft that needs no approval (approval_status NULL) reached the customer as it was uploaded. No
   * upload exists in the back office; the contributor portal calls this once it does (ADR 0051).
   */
  draftDelivered(t: TenantScope, draftPublicId: string) {
    return safely('draft delivered', t, async () => {
      const found = await findDraft(t, draftPublicId)
      if (!found || found.draft.approval_status !== null) return []
      return draftToCustomer(t, await getWebsiteSettings(t), found)
    })
  },

  /** Due within 24 hours and not complete (the due-soon job, ADR 0068): order_due_soon to its writer, once per due date. */
  dueSoon(t: TenantScope, orderPublicId: string, due: string) {
    return safely('order due soon', t, async () => {
      const order = await findOrder(t, orderPublicId)
      if (!order || order.test_order || !order.due_date) return []
      const writer = await recipient(t, order.writer_id)
      if (!writer) return []
      const settings = await getWebsiteSettings(t)
      return send(t, settings, {
        template: 'order_due_soon',
        to: writer,
        fields: { ...contributorFields(order, writer, settings), dueDate: due },
        buttonPath: teamPath(order, writer),
        jobId: `order-due-soon-${t.clientId}-${order.public_id}-${new Date(order.due_date).getTime()}`,
      })
    })
  },

  /**
   * Staff wrote in an order's team chat and its contributor is away (chat.server.ts's notifyAway rule,
   * ADR 0042): admin_team_chat, at most once per conversation per window (the window is in the job id).
   */
  teamChatWhileAway(t: Staff, room: ChatRoom, away: readonly number[], message: string, now = Date.now()) {
    return safely('team chat message', t, async () => {
      if (room.chatType !== 'project') return []
      const writerId = room.order.writerId
      if (writerId === null || writerId === t.user.id || !away.includes(writerId)) return []
      const window = Math.floor(now / TEAM_CHAT_MAIL_WINDOW_MS)
      const jobId = `team-chat-${t.clientId}-${room.order.publicId}-${writerId}-${window}`
      const order = await findOrder(t, room.order.publicId)
      const writer = await recipient(t, writerId)
      if (!order || !writer) return []
      const text = message.length > MESSAGE_EXCERPT ? `${message.slice(0, MESSAGE_EXCERPT)}…` : message
      const settings = await getWebsiteSettings(t)
      return send(t, settings, {
        template: 'admin_team_chat',
        to: writer,
        fields: {
          ...contributorFields(order, writer, settings),
          senderName: `${t.user.firstName} ${t.user.lastName}`.trim(),
          message: text,
        },
        buttonPath: teamPath(order, writer),
        jobId,
      })
    })
  },
}

// ---------------------------------------------------------------------------------------------
// The customer's brief (issue 25, ADR 0061): each submission mails once (one task, one job id).

const myOrderPath = (orderPublicId: string) => `/my-orders/${orderPublicId}`

/** The order's contributor, else the organisation's owners (nobody assigned yet still hears of it). */
async function contributorOrOwners(t: TenantScope, order: OrderRow): Promise<Recipient[]> {
  const writer = await recipient(t, order.writer_id)
  if (writer) return [writer]
  const owners = await membersQuery(t).select('m.user_id').where('m.role', '=', 'client').where('m.active', '=', true).where('m.archived', '=', false).limit(20).execute()
  const found: Recipient[] = []
  for (const o of owners) {
    const to = await recipient(t, o.user_id)
    if (to) found.push(to)
  }
  return found
}

async function briefOrder(t: TenantScope, orderPublicId: string) {
  const order = await findOrder(t, orderPublicId)
  return order && !order.test_order ? order : null
}

type TeamMail = { template: string; fields?: Partial<Record<FieldKey, string>>; jobId: (to: Recipient) => string }

/** A brief event's mail to the order's contributor (or the owners), one job id each. */
async function teamMails(t: TenantScope, settings: WebsiteSettings, order: OrderRow, mail: TeamMail): Promise<MailIds> {
  return each(await contributorOrOwners(t, order), (to) =>
    send(t, settings, {
      template: mail.template,
      to,
      fields: { ...contributorFields(order, to, settings), ...mail.fields },
      buttonPath: teamPath(order, to),
      jobId: mail.jobId(to),
    }),
  )
}

/** A brief event whose only mail goes to the team. */
function toTeam(t: TenantScope, event: string, orderPublicId: string, mail: (order: OrderRow) => TeamMail) {
  return safely(event, t, async () => {
    const order = await briefOrder(t, orderPublicId)
    return order ? teamMails(t, await getWebsiteSettings(t), order, mail(order)) : []
  })
}

export const briefMail = {
  /** A questionnaire was submitted: form_response_received to the customer, form_response_submitted to the contributor. */
  formResponse(t: TenantScope, orderPublicId: string, serviceId: string, moduleId: string, formName: string) {
    return safely('form response', t, async () => {
      const order = await briefOrder(t, orderPublicId)
      if (!order) return []
      const settings = await getWebsiteSettings(t)
      const task = `${t.clientId}-${order.public_id}-${serviceId}-${moduleId}`
      const customer = await recipient(t, order.customer_id)
      const ids = customer
        ? await send(t, settings, {
            template: 'form_response_received',
            to: customer,
            fields: { ...customerFields(order, customer), formName },
            buttonPath: myOrderPath(order.public_id),
            jobId: `form-response-received-${task}`,
          })
        : []
      const team = await teamMails(t, settings, order, { template: 'form_response_submitted', fields: { formName }, jobId: (to) => `form-response-submitted-${task}-${to.id}` })
      return [...ids, ...team]
    })
  },

  /** Follow-up questions answered: the contributor hears through form_response_submitted (the questions are their form). */
  followUpAnswered(t: TenantScope, orderPublicId: string, serviceId: string, title: string) {
    return toTeam(t, 'follow-up answered', orderPublicId, (order) => ({
      template: 'form_response_submitted',
      fields: { formName: title },
      jobId: (to) => `follow-up-answered-${t.clientId}-${order.public_id}-${serviceId}-${to.id}`,
    }))
  },

  /** The customer submitted their previous documents: documents_uploaded to the contributor (or the owners). */
  documentsUploaded(t: TenantScope, orderPublicId: string, serviceId: string) {
    return toTeam(t, 'documents uploaded', orderPublicId, (order) => ({
      template: 'documents_uploaded',
      jobId: (to) => `documents-uploaded-${t.clientId}-${order.public_id}-${serviceId}-${to.id}`,
    }))
  },

  /** The customer picked a time: appointment_scheduled to the contributor (or the owners). */
  appointmentScheduled(t: TenantScope, orderPublicId: string, serviceId: string, appointmentDate: string) {
    return toTeam(t, 'appointment scheduled', orderPublicId, (order) => ({
      template: 'appointment_scheduled',
      fields: { appointmentDate },
      jobId: (to) => `appointment-scheduled-${t.clientId}-${order.public_id}-${serviceId}-${to.id}`,
    }))
  },

  /** The team sent follow-up questions: follow_up_questions to the customer, once per workflow of the order. */
  followUpQuestions(t: TenantScope, orderPublicId: string, serviceId: string, senderUserId: number) {
    return safely('follow-up questions', t, async () => {
      const order = await briefOrder(t, orderPublicId)
      if (!order || order.hide_order) return []
      const customer = await recipient(t, order.customer_id)
      if (!customer) return []
      return send(t, await getWebsiteSettings(t), {
        template: 'follow_up_questions',
        to: customer,
        fields: { ...customerFields(order, customer), contributorName: await facingName(t, order.writer_id ?? senderUserId) },
        buttonPath: myOrderPath(order.public_id),
        jobId: `follow-up-questions-${t.clientId}-${order.public_id}-${serviceId}`,
      })
    })
  },
}

/** The parts other event mails build on (draft-mail.server.ts, ADR 0062): the same rules for recipients, fields and switches. */
export const mailParts = { send, safely, recipient, facingName, customerFields, contributorFields, projectPath, teamPath, customerNameFor }
