// The customer's side of a draft (issue 25, ADR 0062): the drafts a customer may see (approved or needing no
// approval, not withdrawn, on their own non-test, non-hidden order), their files (Word only unless
// hide_ms_word_document), and the answers: accept, request a revision (reason and files), rate, tip.
// One answer per draft (a unique row; the auto-accept job and the customer racing leave one winner).
import { type Selectable, sql } from 'kysely'
import { formatMoney } from '#app/rules/money'
import { newPublicId } from '#app/services/crypto.server'
import type { SniffedUpload } from '#app/services/storage.server'
import { CARD_REQUIRED, RATING_INVALID, REVIEW_TOO_LONG, REVISION_NOTES_REQUIRED, REVISION_NOTES_TOO_LONG, TIP_INVALID } from './customer-drafts.schema'
import { scoped, scopedAs, scopedInsert, scopedJoin, scopedUpdate, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import { kickOutbox } from '#app/services/outbox.server'
import type { DraftResponsesTable } from '#db/tables/draft-responses'
import type { DraftData, DraftFile, DraftsTable } from '#db/tables/orders'
import { draftMail } from './draft-mail.server'
import type { MailIds } from './order-mail.server'
import { deleteFile, saveUpload, type StoredFile } from './files.server'
import { deliver, notifyPortal, type Outbox } from './notifications.server'
import { getWebsiteSettings, type WebsiteSettings } from './organisation-settings.server'
import { recordOrderTip } from './order-tips.server'
import { completeTask, recordActivity, type OrderRow, ordersQuery, ORDER_COLUMNS } from './orders.server'
import type { PortalCustomer } from './portal-auth.server'
import { storefrontPayments } from './storefront-payments.server'
import { chargeOnConnectedAccount } from './connected-charges.server'

export const REVISION_TASK = 'revision_process'
export const DEFAULT_AUTO_ACCEPT_DAYS = 7
export const AUTO_ACCEPT_REMINDER_DAYS = 2
const DAY_MS = 24 * 60 * 60 * 1000

export const DRAFT_NOT_FOUND = 'Draft not found'
export const ORDER_NOT_FOUND = 'Order not found'
export const ALREADY_ANSWERED = 'You have already answered this draft'
export const NEWER_DRAFT = 'A newer draft of this workflow is waiting for you: answer that one'
export const ALREADY_RATED = 'You have already rated this draft'
export const RATING_DISABLED = 'Rating drafts is turned off for this portal'
export const TIPS_DISABLED = 'Tips are turned off for this portal'
export const TIP_IMPERSONATION = 'You are signed in as someone else: only the customer can tip, in their own session.'
export const TIP_UNAVAILABLE = 'Tips cannot be paid right now. Please try again later.'
export const TIP_PAYMENT_FAILED = 'We could not reach the payment provider. Nothing was charged; please try again in a moment.'
export const ANSWER_IMPERSONATION = 'You are signed in as someone else: only the customer can accept, revise or rate a draft, in their own session.'
export const MAX_REVISION_FILES = 5
export const MAX_TIP_CENTS = 100_000

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/

type DraftRow = Selectable<DraftsTable>
type ResponseRow = Selectable<DraftResponsesTable>
export type Failure = { ok: false; status: number; error: string }

export type DraftSlot = 'pdf' | 'word' | 'other' | 'additional'
export type CustomerDraftFile = { slot: DraftSlot; index: number; name: string; size: number; mimetype: string; href: string; previewHref: string | null }

export type CustomerDraft = {
  _id: string
  serviceId: string
  serviceName: string
  /** Draft 1, 2, ... of its workflow, as the customer sees them. */
  number: number
  approved: true
  files: CustomerDraftFile[]
  notes: string
  createdAt: string
  answer: { kind: 'accepted' | 'revision'; notes: string; files: { name: string; size: number }[]; automatic: boolean; createdAt: string } | null
  rating: number | null
  review: string | null
  /** The newest draft of its workflow and not answered yet: Accept and Request a revision are offered. */
  canAnswer: boolean
  /** When an unanswered draft will be accepted for the customer. */
  autoAcceptAt: string | null
}

/** What the switches and the order allow on the customer's drafts. */
export type DraftSwitches = { rating: boolean; tip: boolean; word: boolean; clickToUpload: boolean }

export const draftSwitches = (s: WebsiteSettings): DraftSwitches => ({
  rating: !s.disable_customer_rating,
  tip: !s.hide_tip,
  word: !s.hide_ms_word_document,
  clickToUpload: !s.hide_click_to_upload,
})

/** A draft the customer may see: delivered (no approval needed) or approved, never withdrawn. */
function visible(t: TenantScope) {
  return scoped(t, 'drafts')
    .where('deleted_at', 'is', null)
    .where('deleted_by', 'is', null)
    .where((eb) => eb.or([eb('approval_status', 'is', null), eb('approval_status', '=', 'approved')]))
}

/** The customer's own order a draft may be shown on: not a test order, not hidden. */
async function ownOrderRow(t: TenantScope, customerId: number, where: { publicId?: string; id?: number }): Promise<OrderRow | null> {
  let q = ordersQuery(t).select(ORDER_COLUMNS).where('o.customer_id', '=', customerId).where('o.test_order', '=', false).where('o.hide_order', '=', false)
  if (where.publicId !== undefined) q = q.where('o.public_id', '=', where.publicId)
  if (where.id !== undefined) q = q.where('o.id', '=', where.id)
  return ((await q.executeTakeFirst()) as OrderRow | undefined) ?? null
}

export async function autoAcceptDays(t: TenantScope): Promise<number> {
  const row = await scoped(t, 'organisation_settings').select('draft_auto_accept_days').executeTakeFirst()
  return row ? Number(row.draft_auto_accept_days) : DEFAULT_AUTO_ACCEPT_DAYS
}

export const AUTO_ACCEPT_DAYS_INVALID = 'Enter a whole number of days from 1 to 60'

/** The website settings page's field (1..60 days). */
export async function saveAutoAcceptDays(t: TenantScope, days: number): Promise<Failure | { ok: true; days: number }> {
  if (!Number.isInteger(days) || days < 1 || days > 60) return { ok: false, status: 400, error: AUTO_ACCEPT_DAYS_INVALID }
  await t.db
    .insertInto('organisation_settings')
    .values({ client_id: t.clientId, settings: JSON.stringify(await getWebsiteSettings(t)), draft_auto_accept_days: days })
    .onDuplicateKeyUpdate({ draft_auto_accept_days: days })
    .execute()
  return { ok: true, days }
}

function filesOf(data: DraftData, base: string, word: boolean): CustomerDraftFile[] {
  const files: CustomerDraftFile[] = []
  const add = (slot: DraftSlot, index: number, f: DraftFile | null | undefined) => {
    if (!f) return
    const href = `${base}/files/${slot}/${index}`
    const previewHref = slot === 'pdf' ? `${base}/pdf` : slot === 'word' ? `${base}#preview` : null
    files.push({ slot, index, name: f.file.originalname, size: Number(f.file.size), mimetype: f.file.mimetype, href, previewHref })
  }
  add('pdf', 0, data.dataPdf)
  if (word) add('word', 0, data.dataWord)
  add('other', 0, data.dataOther)
  ;(data.additionalFiles ?? []).forEach((f, i) => add('additional', i, f))
  return files
}

function toCustomerDraft(
  order: Pick<OrderRow, 'public_id' | 'services'>,
  d: DraftRow,
  number: number,
  newest: boolean,
  response: ResponseRow | undefined,
  switches: DraftSwitches,
  days: number,
): CustomerDraft {
  const base = `/my-orders/${order.public_id}/drafts/${d.public_id}`
  const delivered = d.delivered_at ? new Date(d.delivered_at) : null
  return {
    _id: d.public_id,
    serviceId: d.service_id,
    serviceName: order.services.find((s) => s._id === d.service_id)?.serviceName ?? '',
    number,
    approved: true,
    files: filesOf(d.data, base, switches.word),
    notes: d.data.notes ?? '',
    createdAt: new Date(d.created_at).toISOString(),
    answer: response
      ? {
          kind: response.kind,
          notes: response.notes ?? '',
          files: (response.files ?? []).map((f) => ({ name: f.file.originalname, size: Number(f.file.size) })),
          automatic: !!response.automatic,
          createdAt: new Date(response.created_at).toISOString(),
        }
      : null,
    rating: switches.rating ? d.rating : null,
    review: switches.rating ? d.review : null,
    canAnswer: !response && newest,
    autoAcceptAt: !response && newest && delivered ? new Date(delivered.getTime() + days * DAY_MS).toISOString() : null,
  }
}

/** The drafts of one of the customer's orders they may see, oldest first (the order's row must be the customer's already). */
export async function draftsForCustomer(t: TenantScope, order: Pick<OrderRow, 'id' | 'public_id' | 'services'>, settings?: WebsiteSettings): Promise<CustomerDraft[]> {
  const [rows, s, days] = await Promise.all([
    visible(t).selectAll().where('order_id', '=', order.id).orderBy('created_at').orderBy('id').limit(500).execute(),
    settings ? Promise.resolve(settings) : getWebsiteSettings(t),
    autoAcceptDays(t),
  ])
  if (rows.length === 0) return []
  const responses = await scoped(t, 'draft_responses')
    .selectAll()
    .where(
      'draft_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute()
  const switches = draftSwitches(s)
  const counts = new Map<string, number>()
  const newest = new Map<string, number>()
  for (const r of rows) newest.set(r.service_id, r.id)
  return rows.map((r) => {
    const n = (counts.get(r.service_id) ?? 0) + 1
    counts.set(r.service_id, n)
    return toCustomerDraft(
      order,
      r,
      n,
      newest.get(r.service_id) === r.id,
      responses.find((x) => x.draft_id === r.id),
      switches,
      days,
    )
  })
}

/** The customer's drafts of an order by its public id (null: not the customer's order). */
export async function myDraftsOf(t: TenantScope, customerId: number, orderPublicId: string) {
  if (!PUBLIC_ID.test(orderPublicId)) return null
  const order = await ownOrderRow(t, customerId, { publicId: orderPublicId })
  return order ? { order, drafts: await draftsForCustomer(t, order) } : null
}

type Found = { order: OrderRow; draft: DraftRow }

/** A draft the customer may see, with its order; null for anything else (another customer's, unapproved, withdrawn). */
async function findVisible(t: TenantScope, customerId: number, draftPublicId: string, orderPublicId?: string): Promise<Found | null> {
  if (!PUBLIC_ID.test(draftPublicId) || (orderPublicId !== undefined && !PUBLIC_ID.test(orderPublicId))) return null
  const draft = await visible(t).selectAll().where('public_id', '=', draftPublicId).executeTakeFirst()
  if (!draft) return null
  const order = await ownOrderRow(t, customerId, { id: draft.order_id })
  if (!order || (orderPublicId !== undefined && order.public_id !== orderPublicId)) return null
  return { order, draft }
}

/** One draft for its page. */
export async function myDraft(t: TenantScope, customerId: number, orderPublicId: string, draftPublicId: string) {
  const found = await findVisible(t, customerId, draftPublicId, orderPublicId)
  if (!found) return null
  const settings = await getWebsiteSettings(t)
  const drafts = await draftsForCustomer(t, found.order, settings)
  const draft = drafts.find((d) => d._id === draftPublicId)
  if (!draft) return null
  return { order: found.order, draft, switches: draftSwitches(settings), wordFile: settings.hide_ms_word_document ? null : (found.draft.data.dataWord ?? null) }
}

/** A file of a draft the customer may fetch: null when the draft, the slot or the switches say no. */
export async function myDraftFile(
  t: TenantScope,
  customerId: number,
  orderPublicId: string,
  draftPublicId: string,
  slot: string,
  index: number,
): Promise<DraftFile['file'] | null> {
  const found = await findVisible(t, customerId, draftPublicId, orderPublicId)
  if (!found || !Number.isInteger(index) || index < 0) return null
  const data = found.draft.data
  if (slot === 'word' && (await getWebsiteSettings(t)).hide_ms_word_document) return null
  const file = slot === 'pdf' ? data.dataPdf : slot === 'word' ? data.dataWord : slot === 'other' ? data.dataOther : slot === 'additional' ? data.additionalFiles?.[index] : null
  if (!file || (slot !== 'additional' && index !== 0)) return null
  return file.file
}

// ------------------------------------------------------------------------------------------------
// Answers

type Answerer = { kind: 'customer'; customer: Pick<PortalCustomer, 'id' | 'firstName' | 'lastName'> } | { kind: 'auto' }

const customerName = (c: Pick<PortalCustomer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim() || 'The customer'

async function isNewest(t: TenantScope, draft: DraftRow): Promise<boolean> {
  const newer = await visible(t)
    .select('id')
    .where('order_id', '=', draft.order_id)
    .where('service_id', '=', draft.service_id)
    .where('id', '>', draft.id)
    .limit(1)
    .executeTakeFirst()
  return !newer
}

export type AnswerResult = { ok: true; kind: 'accepted' | 'revision'; orderId: string; draftId: string } | Failure

/**
 * Records the one answer of a draft inside a transaction that locks the draft row; a second answer
 * (or the job racing the customer) finds the row, or hits the unique key, and gets 409.
 */
async function answer(
  t: TenantScope,
  found: Found,
  who: Answerer,
  kind: 'accepted' | 'revision',
  extra: { notes?: string; files?: DraftFile[] },
): Promise<{ ok: true; outbox: Outbox; mails: MailIds } | Failure> {
  try {
    return await tenantTransaction(t, async (tx) => {
      await scoped(tx, 'drafts').select('id').where('id', '=', found.draft.id).forUpdate().executeTakeFirst()
      const earlier = await scoped(tx, 'draft_responses').select('id').where('draft_id', '=', found.draft.id).executeTakeFirst()
      if (earlier) return { ok: false as const, status: 409, error: ALREADY_ANSWERED }
      await scopedInsert(tx, 'draft_responses', {
        public_id: newPublicId(),
        order_id: found.order.id,
        draft_id: found.draft.id,
        customer_id: who.kind === 'customer' ? who.customer.id : null,
        kind,
        notes: extra.notes ?? null,
        files: extra.files?.length ? JSON.stringify(extra.files) : null,
        automatic: who.kind === 'auto',
      }).execute()
      const service = found.order.services.find((s) => s._id === found.draft.service_id)
      const serviceName = service?.serviceName ?? 'a service'
      const actor = who.kind === 'customer' ? customerName(who.customer) : null
      let content: string
      if (kind === 'accepted') {
        if (service?.serviceModules.some((m) => m.id === REVISION_TASK)) await completeTask(tx, found.order, { serviceId: found.draft.service_id, taskId: REVISION_TASK })
        content = actor ? `${actor} accepted the draft of ${serviceName}` : `The draft of ${serviceName} was accepted automatically: the customer did not answer in time`
      } else {
        await scopedUpdate(tx, 'orders')
          .set({ customer_last_revision_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
          .where('id', '=', found.order.id)
          .execute()
        const files = extra.files?.length ? ` (${extra.files.length} file${extra.files.length === 1 ? '' : 's'})` : ''
        content = `${actor} requested a revision of ${serviceName}${files}: ${clip(extra.notes ?? '', 500)}`
      }
      await recordActivity(tx, found.order.id, who.kind === 'customer' ? who.customer.id : null, content)
      const outbox =
        who.kind === 'customer'
          ? await notifyPortal.customerActed(tx, { orderId: found.order.id, customerUserId: who.customer.id, content })
          : await notifyPortal.customerInformed(tx, {
              orderId: found.order.id,
              actorUserId: null,
              content: `Your draft of ${serviceName} was accepted automatically`,
              link: `/my-orders/${found.order.public_id}`,
            })
      // The contributor's e-mail commits with the answer (ADR 0109).
      const mails = kind === 'accepted' ? await draftMail.finalized(tx, found.draft.public_id) : await draftMail.revisionRequested(tx, found.draft.public_id, extra.notes ?? '')
      return { ok: true as const, outbox, mails }
    })
  } catch (error) {
    // The unique key: the other side of a race answered first.
    if (isDuplicate(error)) return { ok: false, status: 409, error: ALREADY_ANSWERED }
    throw error
  }
}

/** An answer's pushes and e-mails, both written in its transaction: sent once it has committed. */
async function afterCommit(written: { outbox: Outbox; mails: MailIds }): Promise<void> {
  await kickOutbox(written.mails)
  await deliver(written.outbox)
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)
const isDuplicate = (error: unknown) => (error as { code?: string; errno?: number })?.code === 'ER_DUP_ENTRY' || (error as { errno?: number })?.errno === 1062

/** Why the customer cannot answer this draft now (null: they can). */
async function answerRefusal(t: TenantScope, found: Found | null): Promise<Failure | null> {
  if (!found) return { ok: false, status: 404, error: DRAFT_NOT_FOUND }
  const earlier = await scoped(t, 'draft_responses').select('id').where('draft_id', '=', found.draft.id).executeTakeFirst()
  if (earlier) return { ok: false, status: 409, error: ALREADY_ANSWERED }
  if (!(await isNewest(t, found.draft))) return { ok: false, status: 409, error: NEWER_DRAFT }
  return null
}

/** The customer accepts a draft: the workflow's revision step completes, the contributor hears (draft_finalized). */
export async function acceptDraft(t: TenantScope, customer: PortalCustomer, draftPublicId: string): Promise<AnswerResult> {
  // The customer's answer is theirs to give: a log-in-as session may look, not approve or review in their name.
  if (customer.impersonatorUserId) return { ok: false, status: 403, error: ANSWER_IMPERSONATION }
  const found = await findVisible(t, customer.id, draftPublicId)
  const refused = await answerRefusal(t, found)
  if (refused || !found) return refused ?? { ok: false, status: 404, error: DRAFT_NOT_FOUND }
  const done = await answer(t, found, { kind: 'customer', customer }, 'accepted', {})
  if (!done.ok) return done
  await afterCommit(done)
  return { ok: true, kind: 'accepted', orderId: found.order.public_id, draftId: draftPublicId }
}

export type RevisionInput = { notes: string; uploads: readonly SniffedUpload[] }

export function revisionInputRefusal(input: { notes: string; uploads: readonly unknown[] }): Failure | null {
  const notes = input.notes.trim()
  if (!notes) return { ok: false, status: 400, error: REVISION_NOTES_REQUIRED }
  if (notes.length > 5000) return { ok: false, status: 400, error: REVISION_NOTES_TOO_LONG }
  if (input.uploads.length > MAX_REVISION_FILES) return { ok: false, status: 400, error: `Attach at most ${MAX_REVISION_FILES} files` }
  return null
}

/** The customer asks for a revision, with the reason and files: stored with the draft, shown on the project page. */
export async function requestRevision(t: TenantScope, customer: PortalCustomer, draftPublicId: string, input: RevisionInput): Promise<AnswerResult> {
  // The customer's answer is theirs to give: a log-in-as session may look, not approve or review in their name.
  if (customer.impersonatorUserId) return { ok: false, status: 403, error: ANSWER_IMPERSONATION }
  const found = await findVisible(t, customer.id, draftPublicId)
  const refused = await answerRefusal(t, found)
  if (refused || !found) return refused ?? { ok: false, status: 404, error: DRAFT_NOT_FOUND }
  const bad = revisionInputRefusal(input)
  if (bad) return bad
  const stored: StoredFile[] = []
  for (const upload of input.uploads) {
    const saved = await saveUpload({ ...t, user: { id: customer.id } }, upload, 'order_file')
    if ('error' in saved) {
      for (const f of stored) await deleteFile(t, f.key)
      return { ok: false, status: saved.status ?? 400, error: saved.error }
    }
    stored.push(saved)
  }
  const files = stored.map((f): DraftFile => ({ file: { key: f.key, originalname: f.originalname, size: f.size, mimetype: f.mimetype } }))
  const done = await answer(t, found, { kind: 'customer', customer }, 'revision', { notes: input.notes.trim(), files })
  if (!done.ok) {
    for (const f of stored) await deleteFile(t, f.key)
    return done
  }
  await afterCommit(done)
  return { ok: true, kind: 'revision', orderId: found.order.public_id, draftId: draftPublicId }
}

export type RatingResult = { ok: true; rating: number; review: string } | Failure

export function ratingRefusal(rating: unknown, review: unknown): Failure | null {
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return { ok: false, status: 400, error: RATING_INVALID }
  if (typeof review !== 'string' || review.length > 2000) return { ok: false, status: 400, error: REVIEW_TOO_LONG }
  return null
}

/** The customer rates a delivered draft 1 to 5 with a review, once (unless the organisation turned ratings off). */
export async function rateDraft(t: TenantScope, customer: PortalCustomer, draftPublicId: string, rating: number, review: string): Promise<RatingResult> {
  // The customer's answer is theirs to give: a log-in-as session may look, not approve or review in their name.
  if (customer.impersonatorUserId) return { ok: false, status: 403, error: ANSWER_IMPERSONATION }
  const found = await findVisible(t, customer.id, draftPublicId)
  if (!found) return { ok: false, status: 404, error: DRAFT_NOT_FOUND }
  if ((await getWebsiteSettings(t)).disable_customer_rating) return { ok: false, status: 403, error: RATING_DISABLED }
  const bad = ratingRefusal(rating, review)
  if (bad) return bad
  const text = review.trim()
  let outbox: Outbox = []
  let mails: MailIds = []
  const rated = await tenantTransaction(t, async (tx) => {
    const result = await scopedUpdate(tx, 'drafts')
      .set({ rating, review: text || null, reviewed_by_user: true, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
      .where('id', '=', found.draft.id)
      .where('reviewed_by_user', '=', false)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return false
    const serviceName = found.order.services.find((s) => s._id === found.draft.service_id)?.serviceName ?? 'a service'
    const content = `${customerName(customer)} rated the draft of ${serviceName} ${rating} out of 5${text ? `: ${clip(text, 300)}` : ''}`
    await recordActivity(tx, found.order.id, customer.id, content)
    outbox = await notifyPortal.customerActed(tx, { orderId: found.order.id, customerUserId: customer.id, content })
    mails = await draftMail.reviewAdded(tx, draftPublicId)
    return true
  })
  if (!rated) return { ok: false, status: 409, error: ALREADY_RATED }
  await afterCommit({ outbox, mails })
  return { ok: true, rating, review: text }
}

// ------------------------------------------------------------------------------------------------
// Tips

export type TipInput = { amountCents: number; paymentMethodId: string; key: string }
export type TipResult = { ok: true; tipId: string; amountCents: number; currency: string } | (Failure & { field?: string })

/**
 * Tips the order's writer: a direct charge on the organisation's connected account (like checkout),
 * recorded with recordOrderTip once per payment. The idempotency key derives from the order, the
 * customer, the amount, the card and the form's key, so a double submit charges once.
 */
export async function tipWriter(t: TenantScope, customer: PortalCustomer, orderPublicId: string, input: TipInput): Promise<TipResult> {
  if (customer.impersonatorUserId) return { ok: false, status: 403, error: TIP_IMPERSONATION }
  if (!PUBLIC_ID.test(orderPublicId)) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  const order = await ownOrderRow(t, customer.id, { publicId: orderPublicId })
  if (!order) return { ok: false, status: 404, error: ORDER_NOT_FOUND }
  if ((await getWebsiteSettings(t)).hide_tip) return { ok: false, status: 403, error: TIPS_DISABLED }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 100 || input.amountCents > MAX_TIP_CENTS)
    return { ok: false, status: 400, error: TIP_INVALID, field: 'amount' }
  if (!input.paymentMethodId || !/^[A-Za-z0-9_]{1,255}$/.test(input.paymentMethodId)) return { ok: false, status: 400, error: CARD_REQUIRED, field: 'payment' }
  const payments = await storefrontPayments(t)
  if (!payments.takingOrders) return { ok: false, status: 409, error: TIP_UNAVAILABLE }
  const charged = await chargeOnConnectedAccount(t, {
    accountId: payments.accountId,
    paymentMethodId: input.paymentMethodId,
    amountCents: input.amountCents,
    currency: order.currency,
    description: `Tip for order ${order.public_id}`,
    metadata: { tipFor: order.public_id, organisation: String(t.clientId) },
    keyPrefix: 'portal-tip',
    keyParts: ['tip', t.clientId, order.public_id, customer.id, input.amountCents, order.currency, input.paymentMethodId, input.key.slice(0, 64)],
    // A second tip of the same amount is a new tip: only the same form's double submit is the same payment.
    findEarlier: false,
    messages: { unavailable: TIP_PAYMENT_FAILED, notTaking: TIP_UNAVAILABLE },
    what: `tip for order ${order.public_id}`,
  })
  if (!charged.ok) return charged
  const paymentIntentId = charged.paymentIntentId
  // One tip per payment: a retry of the same charge finds the tip already recorded.
  const existing = paymentIntentId
    ? await scoped(t, 'order_tips').select(['public_id', 'amount_cents', 'currency']).where('provider_payment_id', '=', paymentIntentId).executeTakeFirst()
    : undefined
  if (existing) return { ok: true, tipId: existing.public_id, amountCents: Number(existing.amount_cents), currency: existing.currency }
  let outbox: Outbox = []
  let tipId = ''
  try {
    await tenantTransaction(t, async (tx) => {
      const tip = await recordOrderTip(tx, { orderId: order.id, amountCents: input.amountCents, currency: order.currency })
      if (!tip) throw new Error('order vanished while tipping')
      tipId = tip.publicId
      await scopedUpdate(tx, 'order_tips').set({ provider_payment_id: paymentIntentId }).where('id', '=', tip.id).execute()
      const content = `${customerName(customer)} tipped the writer ${formatMoney(input.amountCents / 100, order.currency)}`
      await recordActivity(tx, order.id, customer.id, content)
      outbox = await notifyPortal.customerActed(tx, { orderId: order.id, customerUserId: customer.id, content })
    })
  } catch (error) {
    if (isDuplicate(error) && paymentIntentId) {
      const again = await scoped(t, 'order_tips').select(['public_id']).where('provider_payment_id', '=', paymentIntentId).executeTakeFirst()
      if (again) return { ok: true, tipId: again.public_id, amountCents: input.amountCents, currency: order.currency }
    }
    throw error
  }
  await deliver(outbox)
  return { ok: true, tipId, amountCents: input.amountCents, currency: order.currency }
}

// ------------------------------------------------------------------------------------------------
// Final documents

export type FinalDocument = { _id: string; name: string; size: number; serviceName: string; createdAt: string }

export async function finalDocumentsOf(t: TenantScope, order: Pick<OrderRow, 'id' | 'services'>): Promise<FinalDocument[]> {
  const rows = await scopedAs(t, 'order_files', 'of')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
    .select(['of.public_id', 'of.service_id', 'of.created_at', 'f.original_name', 'f.size'])
    .where('of.order_id', '=', order.id)
    .where('of.kind', '=', 'final_document')
    .orderBy('of.created_at', 'desc')
    .orderBy('of.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({
    _id: r.public_id,
    name: r.original_name,
    size: Number(r.size),
    serviceName: order.services.find((s) => s._id === r.service_id)?.serviceName ?? '',
    createdAt: new Date(r.created_at).toISOString(),
  }))
}

/** A final document of one of the customer's own orders; null otherwise. */
export async function myFinalDocument(t: TenantScope, customerId: number, orderPublicId: string, filePublicId: string): Promise<{ key: string; name: string } | null> {
  if (!PUBLIC_ID.test(orderPublicId) || !PUBLIC_ID.test(filePublicId)) return null
  const order = await ownOrderRow(t, customerId, { publicId: orderPublicId })
  if (!order) return null
  const row = await scopedAs(t, 'order_files', 'of')
    .innerJoin('files as f', (j) => scopedJoin(t, 'f', j.onRef('f.id', '=', 'of.file_id')))
    .select(['f.storage_key', 'f.original_name'])
    .where('of.order_id', '=', order.id)
    .where('of.kind', '=', 'final_document')
    .where('of.public_id', '=', filePublicId)
    .executeTakeFirst()
  return row ? { key: row.storage_key, name: row.original_name } : null
}

// ------------------------------------------------------------------------------------------------
// Auto-accept

export type AutoAcceptResult = { accepted: number; reminded: number }

/**
 * One organisation's pass: the newest unanswered delivered draft of each workflow, delivered at least
 * N days ago, is accepted for the customer; one delivered N-2 days ago gets its reminder (once: the
 * reminded_at column, and the mail's job id). Test and hidden orders are left alone.
 */
export async function autoAcceptPass(t: TenantScope, now: Date): Promise<AutoAcceptResult> {
  const days = await autoAcceptDays(t)
  const result: AutoAcceptResult = { accepted: 0, reminded: 0 }
  const remindFrom = new Date(now.getTime() - Math.max(0, days - AUTO_ACCEPT_REMINDER_DAYS) * DAY_MS)
  // Unanswered only (the join), so answered drafts never crowd the batch out.
  const rows = (await scopedAs(t, 'drafts', 'd')
    .leftJoin('draft_responses as r', (j) => scopedJoin(t, 'r', j.onRef('r.draft_id', '=', 'd.id')))
    .selectAll('d')
    .where('r.id', 'is', null)
    .where('d.deleted_at', 'is', null)
    .where('d.deleted_by', 'is', null)
    .where((eb) => eb.or([eb('d.approval_status', 'is', null), eb('d.approval_status', '=', 'approved')]))
    .where('d.delivered_at', 'is not', null)
    .where('d.delivered_at', '<=', remindFrom)
    .orderBy('d.id')
    .limit(1000)
    .execute()) as DraftRow[]
  for (const draft of rows) {
    const order = (await ordersQuery(t).select(ORDER_COLUMNS).where('o.id', '=', draft.order_id).executeTakeFirst()) as OrderRow | undefined
    if (!order || order.test_order || order.hide_order || order.marked_as_complete) continue
    if (!(await isNewest(t, draft))) continue
    const acceptAt = new Date(new Date(draft.delivered_at!).getTime() + days * DAY_MS)
    if (acceptAt <= now) {
      const done = await answer(t, { order, draft }, { kind: 'auto' }, 'accepted', {})
      if (!done.ok) continue
      await afterCommit(done)
      result.accepted++
    } else if (!draft.auto_accept_reminded_at) {
      // The marker and the reminder commit together (ADR 0109): a pass killed between them reminds still, once.
      const mails = await tenantTransaction(t, async (tx) => {
        const marked = await scopedUpdate(tx, 'drafts')
          .set({ auto_accept_reminded_at: now })
          .where('id', '=', draft.id)
          .where('auto_accept_reminded_at', 'is', null)
          .executeTakeFirst()
        return Number(marked.numUpdatedRows) === 0 ? null : draftMail.autoAcceptReminder(tx, draft.public_id, acceptAt)
      })
      if (mails === null) continue
      await kickOutbox(mails)
      result.reminded++
    }
  }
  return result
}

/** The order a draft answer belongs to, for redirects (by the answered draft). */
export async function orderOfDraft(t: TenantScope, customerId: number, draftPublicId: string): Promise<string | null> {
  const found = await findVisible(t, customerId, draftPublicId)
  return found ? found.order.public_id : null
}
