// Organisations' billing state from Stripe (ADR 0031): webhook events received once, the subscription's
// current state applied to the organisation, the daily pass, and the billing e-mails sent once.
import type Stripe from 'stripe'
import { isLiveSubscription, isLocked, noticesDue, packageStatusFor, paymentDueSinceFor, TRIAL_ENDING_NOTICE_DAYS, type BillingNotice } from '#app/rules/billing-status'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { paymentsService, type PaymentsService } from '#app/services/stripe.server'
import { scopedAs, scopedJoin } from '#db/tenant'
import { inTransaction } from '#db/transaction'
import { isMissingResource } from './billing-account.server'
import type { BillingNoticesTable } from '#db/tables/billing'
import { enqueue, queue, type Payload } from '#app/services/queue.server'
import { queueEmail } from './system-mail.server'

export type StripeEventRef = Payload<'stripe-event'>

/** The events that change an organisation's billing state or call for an e-mail. */
export const HANDLED_STRIPE_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
])

const DAY_MS = 86_400_000

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id)

/** What the job needs from an event: the ids to find the organisation by, nothing to trust beyond them. */
export function stripeEventRef(event: Stripe.Event): StripeEventRef {
  const ref: StripeEventRef = {
    clientId: null,
    eventId: event.id,
    type: event.type,
    subscriptionId: null,
    customerId: null,
    invoiceId: null,
    metadataClientId: null,
    trialEnd: null,
  }
  if (event.type.startsWith('customer.subscription.')) {
    const sub = event.data.object as Stripe.Subscription
    return { ...ref, subscriptionId: sub.id, customerId: idOf(sub.customer), metadataClientId: sub.metadata?.clientId || null, trialEnd: sub.trial_end ?? null }
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = event.data.object as Stripe.Invoice
    const details = invoice.parent?.subscription_details
    return {
      ...ref,
      invoiceId: invoice.id ?? null,
      subscriptionId: idOf(details?.subscription),
      customerId: idOf(invoice.customer),
      metadataClientId: details?.metadata?.clientId || null,
    }
  }
  return ref
}

/**
 * Records a verified event and queues its effect (job id: the event id). A repeated delivery of an
 * event already applied is only acknowledged; one not yet applied is queued again (BullMQ ignores
 * the add while the first job is still waiting or running).
 */
export async function receiveStripeEvent(event: Stripe.Event): Promise<'queued' | 'duplicate' | 'ignored'> {
  await platformDb.insertInto('stripe_events').ignore().values({ id: event.id, type: event.type }).execute()
  const row = await platformDb.selectFrom('stripe_events').select('processed_at').where('id', '=', event.id).executeTakeFirstOrThrow()
  if (row.processed_at) return 'duplicate'
  // A connected account's own events (payouts, ADR 0037) say nothing about our customers' subscriptions.
  if (!HANDLED_STRIPE_EVENTS.has(event.type) || event.account) {
    await markProcessed(event.id)
    return 'ignored'
  }
  // A job of this id that already finished without marking the event (it failed every attempt, or
  // the row was lost) would make BullMQ ignore the add: Stripe's redelivery gets a fresh job instead.
  const previous = await queue('stripe-event').getJob(event.id)
  if (previous && ((await previous.isFailed()) || (await previous.isCompleted()))) await previous.remove()
  await enqueue('stripe-event', stripeEventRef(event), { jobId: event.id })
  return 'queued'
}

async function markProcessed(eventId: string) {
  await platformDb.updateTable('stripe_events').set({ processed_at: new Date() }).where('id', '=', eventId).where('processed_at', 'is', null).execute()
}

const BILLING_COLUMNS = ['id', 'public_id', 'name', 'package_status', 'trial_ends_at', 'payment_due_since', 'stripe_customer_id', 'stripe_subscription_id'] as const

type Locator = { subscriptionId: string | null; customerId: string | null; metadataClientId: string | null }

/**
 * The organisation a subscription belongs to, row-locked: by the stored subscription id, else the
 * stored customer id, else the metadata's clientId, but only for an organisation not yet linked to
 * another customer (a customer linked to one organisation was found by its id above).
 */
async function lockOrganisation(trx: typeof platformDb, at: Locator) {
  const select = () => trx.selectFrom('organisations').select(BILLING_COLUMNS).forUpdate()
  if (at.subscriptionId) {
    const org = await select().where('stripe_subscription_id', '=', at.subscriptionId).executeTakeFirst()
    if (org) return org
  }
  if (at.customerId) {
    const org = await select().where('stripe_customer_id', '=', at.customerId).executeTakeFirst()
    if (org) return org
  }
  if (at.metadataClientId && at.customerId) {
    const org = await select().where('public_id', '=', at.metadataClientId).executeTakeFirst()
    if (org && (org.stripe_customer_id === null || org.stripe_customer_id === at.customerId)) return org
  }
  return null
}

/**
 * Applies the subscription's current state, read from Stripe (not the event's snapshot), to its
 * organisation: the result is the same whatever order and however often events arrive. The
 * organisation row stays locked while Stripe is asked, so two events of one organisation apply in turn.
 */
/** What a sync left on the organisation: its status and trial end, and whether the subscription is its own. */
export type AppliedBilling = { clientId: number; current: boolean; status: string | null; trialEndsAt: Date | null }

export async function syncSubscription(at: Locator & { subscriptionId: string }, payments?: PaymentsService): Promise<AppliedBilling | null> {
  return inTransaction(platformDb, async (trx) => {
    const org = await lockOrganisation(trx, at)
    if (!org) {
      console.warn(`[billing] no organisation for Stripe subscription ${at.subscriptionId} (customer ${at.customerId ?? '?'})`)
      return null
    }
    const stripe = payments ?? paymentsService()
    let sub
    try {
      sub = await stripe.getSubscription(at.subscriptionId)
    } catch (error) {
      // An event about a subscription Stripe does not have (never kept, or another account's): nothing to apply.
      if (!isMissingResource(error)) throw error
      console.warn(`[billing] Stripe has no subscription ${at.subscriptionId}; event ignored`)
      return null
    }
    if (org.stripe_customer_id && org.stripe_customer_id !== sub.customerId) {
      console.warn(`[billing] subscription ${sub.id} belongs to customer ${sub.customerId}, not organisation ${org.id}'s`)
      return null
    }
    // An ended subscription other than the organisation's own (an old one) changes nothing; a live
    // one replaces it (a new subscription after a cancellation).
    if (org.stripe_subscription_id && org.stripe_subscription_id !== sub.id && !isLiveSubscription(sub.status)) {
      return { clientId: org.id, current: false, status: org.package_status, trialEndsAt: org.trial_ends_at }
    }
    const needsInvoice = sub.latestInvoiceId && (sub.isPaused || sub.status === 'past_due' || sub.status === 'unpaid')
    const invoice = needsInvoice ? await stripe.getInvoice(sub.latestInvoiceId!) : null
    const status = packageStatusFor({ status: sub.status, collectionPaused: sub.isPaused, latestInvoiceStatus: invoice?.status ?? null })
    const firstUnpaidAt = invoice?.status === 'open' ? new Date(invoice.created * 1000) : new Date()
    const trialEndsAt = sub.trialEnd ? new Date(sub.trialEnd * 1000) : org.trial_ends_at
    await trx
      .updateTable('organisations')
      .set({
        ...(status ? { package_status: status } : {}),
        payment_due_since: paymentDueSinceFor(status, org.payment_due_since, firstUnpaidAt),
        trial_ends_at: trialEndsAt,
        stripe_customer_id: sub.customerId,
        stripe_subscription_id: sub.id,
        subscription_status: sub.status,
        current_period_end: new Date(sub.currentPeriodEnd * 1000),
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        collection_paused: sub.isPaused,
        pause_resumes_at: sub.pausedUntil ? new Date(sub.pausedUntil * 1000) : null,
        billing_synced_at: new Date(),
      })
      .where('id', '=', org.id)
      .execute()
    return { clientId: org.id, current: true, status: status ?? org.package_status, trialEndsAt }
  })
}

/** The job behind each webhook event: apply the subscription's state, send the event's e-mail, mark it done. */
export async function processStripeEvent(ref: StripeEventRef, payments?: PaymentsService): Promise<'applied' | 'already-applied'> {
  const row = await platformDb.selectFrom('stripe_events').select('processed_at').where('id', '=', ref.eventId).executeTakeFirst()
  if (row?.processed_at) return 'already-applied'
  const applied = ref.subscriptionId ? await syncSubscription({ ...ref, subscriptionId: ref.subscriptionId }, payments) : null
  // The e-mail follows the state just read from Stripe, not the event: a late or repeated event about
  // a trial that has ended or an invoice since paid sends nothing.
  if (applied?.current) {
    const trialStillEnding = applied.status === 'trial' && ref.trialEnd !== null && applied.trialEndsAt?.getTime() === ref.trialEnd * 1000
    if (ref.type === 'customer.subscription.trial_will_end' && trialStillEnding) {
      await sendBillingNotice(applied.clientId, { kind: 'trial_ending', ref: String(ref.trialEnd), daysLeft: TRIAL_ENDING_NOTICE_DAYS })
    }
    if (ref.type === 'invoice.payment_failed' && ref.invoiceId && applied.status === 'past_due') {
      await sendBillingNotice(applied.clientId, { kind: 'payment_failed', ref: ref.invoiceId })
    }
  }
  await markProcessed(ref.eventId)
  return 'applied'
}

type Notice = BillingNotice | { kind: 'payment_failed'; ref: string }

/** The system e-mail template of each notice, its fields and where its button leads. */
function noticeMail(
  kind: BillingNoticesTable['kind'],
  organisationName: string,
  state: { trialEndsAt: Date | null },
): { template: string; fields: Record<string, string>; path: string } {
  if (kind === 'trial_ending') {
    const trialEnd = state.trialEndsAt ? `on ${state.trialEndsAt.toUTCString()}` : 'soon'
    return { template: 'billing_trial_ending', fields: { companyName: organisationName, trialEnd }, path: '/payments/upgrade' }
  }
  const template = kind === 'payment_failed' ? 'billing_payment_failed' : 'billing_account_locked'
  return { template, fields: { companyName: organisationName }, path: '/payments/invoices' }
}

/**
 * Sends one billing e-mail to the organisation's owners, once per kind and occasion: the notice row
 * is the durable sent-marker (taken before the mail is queued; the queued job has its own marker too).
 */
export async function sendBillingNotice(clientId: number, notice: Notice): Promise<boolean> {
  const inserted = await platformDb.insertInto('billing_notices').ignore().values({ client_id: clientId, kind: notice.kind, ref: notice.ref }).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  try {
    const org = await platformDb.selectFrom('organisations').select(['name', 'trial_ends_at']).where('id', '=', clientId).executeTakeFirstOrThrow()
    const t = tenantForJob(clientId)
    const owners = await scopedAs(t, 'memberships', 'm')
      .innerJoin('users as u', (join) => scopedJoin(t, 'u', join.onRef('u.id', '=', 'm.user_id')))
      .select(['u.id', 'u.email', 'u.first_name'])
      .where('m.role', '=', 'client')
      .where('m.active', '=', true)
      .where('m.archived', '=', false)
      .where('u.active', '=', true)
      .execute()
    const mail = noticeMail(notice.kind, org.name, { trialEndsAt: org.trial_ends_at })
    for (const owner of owners) {
      await queueEmail(
        { clientId, to: owner.email, template: mail.template, fields: { ...mail.fields, firstName: owner.first_name }, buttonPath: mail.path },
        { jobId: `billing-${notice.kind}-${clientId}-${notice.ref}-${owner.id}` },
      )
    }
    return true
  } catch (error) {
    // Nothing was queued for certain: give the next run the chance to send it.
    await platformDb.deleteFrom('billing_notices').where('client_id', '=', clientId).where('kind', '=', notice.kind).where('ref', '=', notice.ref).execute()
    throw error
  }
}

export type BillingPassResult = { reconciled: number; failed: number; notices: number }

/**
 * The daily pass: re-reads every linked subscription from Stripe (a lost webhook cannot leave a
 * status wrong for more than a day), then sends the e-mails the dates call for (trial ending within
 * 3 days, locked after 8 days past due). Safe to run any number of times.
 */
export async function runBillingStatus(now = new Date(), payments?: PaymentsService): Promise<BillingPassResult> {
  const result: BillingPassResult = { reconciled: 0, failed: 0, notices: 0 }
  const linked = await platformDb
    .selectFrom('organisations')
    .select(['id', 'stripe_subscription_id', 'stripe_customer_id'])
    .where('stripe_subscription_id', 'is not', null)
    .where('active', '=', true)
    .orderBy('id')
    .execute()
  for (const org of linked) {
    try {
      await syncSubscription({ subscriptionId: org.stripe_subscription_id!, customerId: org.stripe_customer_id, metadataClientId: null }, payments)
      result.reconciled++
    } catch (error) {
      // One organisation Stripe cannot answer for does not stop the others; tomorrow tries again.
      result.failed++
      console.error(`[billing] reconciling organisation ${org.id} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const candidates = await platformDb
    .selectFrom('organisations')
    .select(['id', 'package_status', 'trial_ends_at', 'payment_due_since'])
    .where('active', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('package_status', '=', 'trial'), eb('trial_ends_at', '>=', now), eb('trial_ends_at', '<', new Date(now.getTime() + (TRIAL_ENDING_NOTICE_DAYS + 1) * DAY_MS))]),
        eb.and([eb('package_status', '=', 'past_due'), eb('payment_due_since', 'is not', null)]),
      ]),
    )
    .execute()
  for (const org of candidates) {
    const state = { packageStatus: org.package_status, trialEndsAt: org.trial_ends_at, paymentDueSince: org.payment_due_since }
    for (const notice of noticesDue(state, now)) if (await sendBillingNotice(org.id, notice)) result.notices++
  }
  return result
}

/** Whether an organisation is locked now (past due for 8 days or more); the sidebar and guards use the same dates. */
export async function organisationLocked(clientId: number, now = new Date()): Promise<boolean> {
  const org = await platformDb.selectFrom('organisations').select(['package_status', 'payment_due_since']).where('id', '=', clientId).executeTakeFirstOrThrow()
  return isLocked(org.package_status, org.payment_due_since, now)
}
