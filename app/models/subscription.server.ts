// A client organisation's own subscription (ADR 0038): the plans it may buy, the trial upgrade and the
// reactivation, cancel, pause and unpause, more users with the proration charged now, paying the open
// invoice, and the user limit staff creation is held to. `subscriptionActions` is the one write path
// of the billing pages and their JSON routes: each checks the state, changes Stripe, applies the
// subscription's new state to the organisation at once (syncSubscription) and audits.
import { holdingNamedLock } from '#app/services/named-lock.server'
import { isLiveSubscription } from '#app/rules/billing-status'
import { centsToAmount } from '#app/rules/money'
import { packageCardText, pausesLeft, subscriptionActions as actionsFor, type SubscriptionActions, userLimit, addMonths, NO_SUBSCRIPTION_ACTIONS } from '#app/rules/subscription'
import type { Tenant } from './auth-guards.server'
import { sha256 } from '#app/services/crypto.server'
import { cardErrorMessage, type PaymentMethodSummary, paymentsService, type PaymentsService, type SubscriptionSummary } from '#app/services/stripe.server'
import { formatDate } from '#app/rules/format'
import { tenantTransaction } from '#db/transaction'
import { scoped, scopedInsert, scopedUpdate, type TenantScope, withTenantGuard } from '#db/tenant'
import type { ClientPackage, Promotion } from '#db/tables/platform'
import { loadAuthUser, toUserJson, type UserJson } from './account.server'
import { audited } from './audit.server'
import { isMissingResource, organisationCustomerId, planPriceId, promotionCodeId } from './billing-account.server'
import { syncSubscription } from './platform-billing.server'
import { redeemablePromotionFor, releaseRedemption, reserveRedemption } from './promotions.server'
import {
  ALREADY_PAUSED,
  BILLING_FAILED,
  CANNOT_NOW,
  canceledMessage,
  intervalMismatch,
  KEPT,
  NO_PAYMENT_METHOD,
  NO_SUBSCRIPTION,
  NOT_ON_TRIAL,
  NOTHING_TO_PAY,
  PACKAGE_UNAVAILABLE,
  PAID,
  pausedMessage,
  type PlanChoice,
  PROMO_UNAVAILABLE,
  REACTIVATED,
  SUBSCRIBED,
  SUBSCRIPTION_STILL_ACTIVE,
  UNPAUSED,
  type UsersIncrease,
  USERS_NOT_UPGRADABLE,
  usersAddedMessage,
  userLimitReached,
} from './subscription.schema'

export type Failure = { ok: false; status: 400 | 402 | 404 | 429 | 502; error: string; field?: string }
export type Outcome<T> = { ok: true; value: T } | Failure

const fail = (status: Failure['status'], error: string, field?: string): Failure => ({ ok: false, status, error, ...(field ? { field } : {}) })

/** Any error the Stripe SDK raises (API, connection, card): the caller answers the spec's text, not a 500. */
const isStripeError = (error: unknown) => typeof (error as { type?: unknown } | null)?.type === 'string' && (error as { type: string }).type.startsWith('Stripe')

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000)
const dayText = (unixSeconds: number) => formatDate(dateOf(unixSeconds))

// ---------------------------------------------------------------------------------------------
// Reading

const ORG_COLUMNS = ['id', 'public_id', 'name', 'package_status', 'stripe_customer_id', 'stripe_subscription_id', 'cancel_at_period_end', 'collection_paused'] as const

async function organisationBilling(t: TenantScope) {
  return t.db.selectFrom('organisations').select(ORG_COLUMNS).where('id', '=', t.clientId).executeTakeFirstOrThrow()
}

type OrganisationBilling = Awaited<ReturnType<typeof organisationBilling>>

/** The owner and staff who hold a place (back-office: totalClientUsers): customers and archived people do not. */
export async function countClientUsers(t: TenantScope): Promise<number> {
  const row = await scoped(t, 'memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', 'in', ['client', 'user'])
    .where('archived', '=', false)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Plans an organisation may buy from the billing pages: active, visible and recurring, cheapest first. */
export async function plansForSale(t: TenantScope): Promise<ClientPackage[]> {
  return t.db
    .selectFrom('client_packages')
    .selectAll()
    .where('active', '=', true)
    .where('is_visible', '=', true)
    .where('one_time_pay', '=', false)
    .orderBy('price_cents')
    .orderBy('id')
    .execute()
}

async function planForSale(t: TenantScope, publicId: string): Promise<ClientPackage | undefined> {
  return (await plansForSale(t)).find((p) => p.public_id === publicId)
}

/** The back-office Subscription package (section 3) plus the card's text line. */
export function toSubscriptionPackageJson(row: ClientPackage) {
  return {
    _id: row.public_id,
    packageName: row.package_name,
    price: centsToAmount(Number(row.price_cents)),
    maxUsers: Number(row.max_users),
    description: row.description ?? '',
    recurringInterval: row.recurring_interval,
    currency: row.currency,
    oneTimePay: !!row.one_time_pay,
    trialPackage: !!row.trial_package,
    usersUpgradePackage: !!row.users_upgrade_package,
    cardText: packageCardText(Number(row.max_users)),
  }
}
export type SubscriptionPackageJson = ReturnType<typeof toSubscriptionPackageJson>

async function planRow(t: TenantScope) {
  return scoped(t, 'organisation_plans').selectAll().executeTakeFirst()
}

type PlanRecord = NonNullable<Awaited<ReturnType<typeof planRow>>>

/** A one-time plan the checkout recorded (ADR 0046): a plan with no subscription behind it. */
const isOneTimeRecord = (recorded: PlanRecord | undefined): recorded is PlanRecord & { client_package_id: number } =>
  !!recorded && recorded.stripe_subscription_id === null && recorded.client_package_id !== null

/** The plan a subscription is on: the one recorded for it, else the plan selling its price. */
async function planOfSubscription(
  t: TenantScope,
  sub: Pick<SubscriptionSummary, 'id' | 'priceId'>,
  recorded?: { stripe_subscription_id: string | null; client_package_id: number | null },
) {
  if (recorded?.stripe_subscription_id === sub.id && recorded.client_package_id) {
    const plan = await t.db.selectFrom('client_packages').selectAll().where('id', '=', recorded.client_package_id).executeTakeFirst()
    if (plan) return plan
  }
  return t.db.selectFrom('client_packages').selectAll().where('stripe_price_id', '=', sub.priceId).executeTakeFirst()
}

/** Records the subscription's plan, quantity and user limit (the lock holder passes its transaction). */
async function recordPlan(tx: TenantScope, sub: Pick<SubscriptionSummary, 'id' | 'quantity'>, plan: ClientPackage | undefined, opKey?: string) {
  await scopedInsert(tx, 'organisation_plans', {}).ignore().execute()
  await scopedUpdate(tx, 'organisation_plans')
    .set({
      stripe_subscription_id: sub.id,
      client_package_id: plan?.id ?? null,
      quantity: sub.quantity,
      max_users: plan ? userLimit(Number(plan.max_users), sub.quantity) : null,
      ...(opKey ? { last_op_key: opKey } : {}),
      updated_at: new Date(),
    })
    .execute()
}

async function liveSubscription(org: OrganisationBilling, payments: PaymentsService) {
  if (!org.stripe_subscription_id) return null
  try {
    const sub = await payments.getSubscriptionWithStart(org.stripe_subscription_id)
    return isLiveSubscription(sub.status) ? sub : null
  } catch (error) {
    // The emulator forgets everything when it restarts: a subscription Stripe does not know is none.
    if (isMissingResource(error)) return null
    throw error
  }
}

type PauseState = 'none' | 'scheduled' | 'running'

/** A pause is running once the skipped cycle's invoice was voided; before that it is only scheduled. */
async function pauseStateOf(sub: SubscriptionSummary, payments: PaymentsService): Promise<PauseState> {
  if (!sub.isPaused) return 'none'
  if (sub.status === 'paused') return 'running'
  const latest = sub.latestInvoiceId ? await payments.getInvoice(sub.latestInvoiceId) : null
  return latest?.status === 'void' && latest.periodStart >= sub.currentPeriodStart ? 'running' : 'scheduled'
}

async function openInvoiceOf(sub: SubscriptionSummary, payments: PaymentsService) {
  if (!['past_due', 'unpaid', 'incomplete'].includes(sub.status)) return null
  const invoices = await payments.listInvoices({ customerId: sub.customerId, subscriptionId: sub.id })
  return invoices.find((i) => i.status === 'open') ?? null
}

async function pauseRecords(t: TenantScope, subscriptionId: string) {
  return scoped(t, 'subscription_pauses').selectAll().where('stripe_subscription_id', '=', subscriptionId).orderBy('starts_at').execute()
}

export type SubscriptionOverview = {
  packageStatus: string
  totalClientUsers: number
  plan: ClientPackage | null
  subscription: {
    id: string
    status: string
    quantity: number
    startDate: number
    currentPeriodStart: number
    currentPeriodEnd: number
    cancelAtPeriodEnd: boolean
    trialEnd: number | null
    pause: PauseState
    pauseStartsAt: number | null
    pauseResumesAt: number | null
    /** When the next pause would run, were one asked for now. */
    nextPause: { startsAt: number; resumesAt: number }
  } | null
  maxUsers: number | null
  /** What the subscription costs per cycle now, in cents (before discounts). */
  priceCents: number | null
  pausesLeft: number
  openInvoice: { id: string; amountDueCents: number; currency: string; created: number } | null
  card: PaymentMethodSummary | null
  actions: SubscriptionActions
  /** Stripe could not be asked: the page shows what the organisation row says and offers nothing. */
  unavailable: boolean
}

async function defaultCard(org: OrganisationBilling, payments: PaymentsService): Promise<PaymentMethodSummary | null> {
  if (!org.stripe_customer_id) return null
  try {
    return (await payments.listPaymentMethods(org.stripe_customer_id)).find((m) => m.isDefault) ?? null
  } catch (error) {
    if (isMissingResource(error)) return null
    throw error
  }
}

/** The organisation's card on file (the default payment method), for the subscribe dialog. */
export async function organisationCard(t: TenantScope, payments: PaymentsService | null): Promise<PaymentMethodSummary | null> {
  if (!payments) return null
  try {
    return await defaultCard(await organisationBilling(t), payments)
  } catch (error) {
    console.error('[subscription] reading the default card failed', error instanceof Error ? error.message : error)
    return null
  }
}

/** Everything the manage-subscription page and its details call show, read from Stripe. */
export async function subscriptionOverview(t: TenantScope, payments: PaymentsService | null): Promise<SubscriptionOverview> {
  const [org, totalClientUsers, recorded] = await Promise.all([organisationBilling(t), countClientUsers(t), planRow(t)])
  const base: SubscriptionOverview = {
    packageStatus: org.package_status,
    totalClientUsers,
    plan: null,
    subscription: null,
    maxUsers: recorded?.stripe_subscription_id && recorded.stripe_subscription_id === org.stripe_subscription_id ? recorded.max_users : null,
    priceCents: null,
    pausesLeft: 0,
    openInvoice: null,
    card: null,
    actions: actionsFor({
      live: false,
      packageStatus: org.package_status,
      trialing: false,
      cancelAtPeriodEnd: false,
      pause: 'none',
      openInvoice: false,
      usersUpgradable: false,
      monthly: false,
      pausesLeft: 0,
    }),
    unavailable: false,
  }
  if (!payments) return { ...base, unavailable: true, actions: NO_SUBSCRIPTION_ACTIONS } // with Stripe unreachable no change could succeed
  try {
    const [sub, card] = await Promise.all([liveSubscription(org, payments), defaultCard(org, payments)])
    if (!sub && !org.stripe_subscription_id && isOneTimeRecord(recorded)) {
      // Paid once for good: the plan and its user limit, nothing renews.
      const plan = await t.db.selectFrom('client_packages').selectAll().where('id', '=', recorded.client_package_id).executeTakeFirst()
      return { ...base, card, plan: plan ?? null, maxUsers: recorded.max_users, priceCents: plan ? Number(plan.price_cents) : null }
    }
    if (!sub) return { ...base, card }
    const [plan, pause, openInvoice, pauses] = await Promise.all([
      planOfSubscription(t, sub, recorded),
      pauseStateOf(sub, payments),
      openInvoiceOf(sub, payments),
      pauseRecords(t, sub.id),
    ])
    const nextPause = { startsAt: sub.currentPeriodEnd, resumesAt: addMonths(sub.currentPeriodEnd, 1) }
    const left = pausesLeft(
      pauses.map((p) => ({ startsAt: Math.floor(p.starts_at.getTime() / 1000), withdrawn: !!p.withdrawn })),
      sub.startDate,
      nextPause.startsAt,
    )
    const maxUsers = plan ? userLimit(Number(plan.max_users), sub.quantity) : null
    // Keep the limit staff creation reads in step with what Stripe says now.
    if (!recorded || recorded.stripe_subscription_id !== sub.id || recorded.quantity !== sub.quantity || recorded.max_users !== maxUsers) await recordPlan(t, sub, plan)
    const lastPause = pauses.filter((p) => !p.withdrawn).at(-1)
    return {
      ...base,
      plan: plan ?? null,
      subscription: {
        id: sub.id,
        status: sub.status,
        quantity: sub.quantity,
        startDate: sub.startDate,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        trialEnd: sub.status === 'trialing' ? sub.trialEnd : null,
        pause,
        pauseStartsAt: pause === 'none' ? null : lastPause ? Math.floor(lastPause.starts_at.getTime() / 1000) : sub.currentPeriodEnd,
        pauseResumesAt: pause === 'none' ? null : sub.pausedUntil,
        nextPause,
      },
      maxUsers,
      priceCents: plan ? Number(plan.price_cents) * sub.quantity : null,
      pausesLeft: left,
      openInvoice: openInvoice ? { id: openInvoice.id, amountDueCents: openInvoice.amountDueCents, currency: openInvoice.currency, created: openInvoice.created } : null,
      card,
      actions: actionsFor({
        live: true,
        packageStatus: org.package_status,
        trialing: sub.status === 'trialing',
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        pause,
        openInvoice: openInvoice !== null,
        usersUpgradable: !!plan?.users_upgrade_package,
        monthly: (plan?.recurring_interval ?? 'month') === 'month',
        pausesLeft: left,
      }),
    }
  } catch (error) {
    if (!isStripeError(error)) throw error
    console.error('[subscription] reading the subscription failed', error instanceof Error ? error.message : error)
    return { ...base, unavailable: true, actions: NO_SUBSCRIPTION_ACTIONS } // with Stripe unreachable no change could succeed
  }
}

/** The back-office Subscription details (section 3) and what the page needs besides. */
export function toSubscriptionDetailsJson(o: SubscriptionOverview) {
  const sub = o.subscription
  const iso = (s: number | null) => (s === null ? null : dateOf(s).toISOString())
  return {
    totalClientUsers: o.totalClientUsers,
    clientPackage: o.plan
      ? {
          ...toSubscriptionPackageJson(o.plan),
          // The subscription's own figures: the plan's users and price times its quantity.
          maxUsers: o.maxUsers ?? Number(o.plan.max_users),
          price: centsToAmount(o.priceCents ?? Number(o.plan.price_cents)),
          unitPrice: centsToAmount(Number(o.plan.price_cents)),
          usersPerUnit: Number(o.plan.max_users),
          quantity: sub?.quantity ?? 1,
        }
      : null,
    client_package_status: o.packageStatus,
    subscription: sub
      ? {
          status: sub.status,
          currentPeriodEnd: iso(sub.currentPeriodEnd),
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          trialEnd: iso(sub.trialEnd),
          pause: sub.pause,
          pauseStartsAt: iso(sub.pauseStartsAt),
          pauseResumesAt: iso(sub.pauseResumesAt),
          nextPause: { startsAt: iso(sub.nextPause.startsAt), resumesAt: iso(sub.nextPause.resumesAt) },
          pausesLeft: o.pausesLeft,
        }
      : null,
    openInvoice: o.openInvoice ? { id: o.openInvoice.id, amount_due: o.openInvoice.amountDueCents, currency: o.openInvoice.currency, created: o.openInvoice.created } : null,
    paymentMethod: o.card ? { _id: o.card.id, brand: o.card.brand, last4: o.card.last4, exp_month: o.card.expMonth, exp_year: o.card.expYear, is_default: true } : null,
    actions: o.actions,
  }
}

/**
 * The user limit staff creation is held to: the plan's users times the subscription's quantity, as
 * recorded for the organisation's current subscription (read from Stripe when not yet recorded).
 * Null when there is none to go by (no subscription, or Stripe cannot say): creation is not blocked.
 */
export async function userLimitOf(t: TenantScope, payments: PaymentsService | null): Promise<number | null> {
  const [org, recorded] = await Promise.all([organisationBilling(t), planRow(t)])
  if (!org.stripe_subscription_id) return isOneTimeRecord(recorded) ? recorded.max_users : null
  if (recorded?.stripe_subscription_id === org.stripe_subscription_id) return recorded.max_users
  if (!payments) return null
  try {
    const sub = await payments.getSubscription(org.stripe_subscription_id)
    const plan = await planOfSubscription(t, sub, recorded)
    await recordPlan(t, sub, plan)
    return plan ? userLimit(Number(plan.max_users), sub.quantity) : null
  } catch (error) {
    console.error('[subscription] reading the user limit failed', error instanceof Error ? error.message : error)
    return null
  }
}

function configuredPayments(): PaymentsService | null {
  try {
    return paymentsService()
  } catch {
    return null
  }
}

/**
 * Runs `work` (a seat check and the write that takes the seat) while holding the organisation's seat lock,
 * a MariaDB named lock, so parallel creates and unarchives cannot all read the same free seat (issue 28:
 * seven active users on a two-user plan). The work gets `held`, the same tenant on the lock's own connection,
 * and must run every query through it (holdingNamedLock, ADR 0100).
 */
export function holdingSeats<S extends TenantScope, T>(t: S, work: (held: S) => Promise<T>): Promise<T> {
  return holdingNamedLock(`:seats:${t.clientId}`, (connection) => work({ ...t, db: withTenantGuard(connection, t.clientId) }))
}

/** The refusal when the organisation has no place for another user, else null. */
export async function userSeatRefusal(t: TenantScope, payments: PaymentsService | null = configuredPayments()): Promise<string | null> {
  const limit = await userLimitOf(t, payments)
  if (limit === null) return null
  return (await countClientUsers(t)) >= limit ? userLimitReached(limit) : null
}

/** The current user as the API answers it (GET /api/auth/user), read again after a change. */
export async function currentUserJson(t: Tenant): Promise<UserJson> {
  return toUserJson((await loadAuthUser(t.user.id, t.clientId)) ?? t.user)
}

// ---------------------------------------------------------------------------------------------
// Changing

type Context = { t: Tenant; request: Request; payments: PaymentsService; requestKey: string }

/** One operation's key: the form render (or Idempotency-Key) plus what it asks for. */
const opKeyOf = (ctx: Context, ...parts: unknown[]) => sha256(JSON.stringify([ctx.t.clientId, ctx.requestKey, ...parts]))

/**
 * Runs one billing change of the organisation at a time (the organisation_plans row is its lock),
 * so a double submit waits and then finds its first run done. `tx` writes that row and the
 * one-time effects in the same transaction; Stripe and syncSubscription work outside it.
 */
async function exclusive<T>(ctx: Context, work: (tx: TenantScope, lastOpKey: string | null) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  const { t } = ctx
  // The lock row is made once, not on every call: an INSERT that meets the row while a change holds it
  // waits with a shared lock on the organisation's row (its foreign key check), which that change's own
  // syncSubscription needs to lock: a deadlock through our code that InnoDB cannot see (a double
  // submit stalled for the lock wait timeout, then failed). SELECT ... FOR UPDATE below waits without it.
  const lockRow = await scoped(t, 'organisation_plans').select('client_id').executeTakeFirst()
  if (!lockRow) await scopedInsert(t, 'organisation_plans', {}).ignore().execute()
  try {
    return await tenantTransaction(
      t,
      async (tx) => {
        const row = await scoped(tx, 'organisation_plans').select('last_op_key').forUpdate().executeTakeFirstOrThrow()
        return work(tx, row.last_op_key)
      },
      { attempts: 1 },
    )
  } catch (error) {
    if (!isStripeError(error)) throw error
    console.error('[subscription] Stripe refused a change', error instanceof Error ? error.message : error)
    return fail(502, BILLING_FAILED)
  }
}

async function apply(ctx: Context, org: OrganisationBilling, sub: Pick<SubscriptionSummary, 'id' | 'customerId'>) {
  await syncSubscription({ subscriptionId: sub.id, customerId: sub.customerId, metadataClientId: org.public_id }, ctx.payments)
}

export type Changed = { message: string }

/**
 * A new subscription on a plan: the trial upgrade (the running trial ends now, the plan is paid
 * today) or a reactivation after the last subscription ended. Paid with the default card; a
 * declined card changes nothing and answers the provider's message.
 */
async function subscribe(ctx: Context, mode: 'upgrade' | 'reactivate', choice: PlanChoice): Promise<Outcome<Changed & { plan: ClientPackage }>> {
  const { t, payments } = ctx
  const plan = await planForSale(t, choice.subPackage)
  if (!plan) return fail(404, PACKAGE_UNAVAILABLE, 'subPackage')
  let promotion: Promotion | undefined
  if (choice.promo) {
    // The billing promo box's budget (per organisation): the subscribe call is no free oracle beside it.
    const found = await redeemablePromotionFor(choice.promo, `client:${t.clientId}`)
    if (!found.ok) return fail(found.status === 429 ? 429 : 400, found.status === 429 ? found.error : PROMO_UNAVAILABLE, 'promo')
    promotion = found.promotion
  }
  return exclusive(ctx, async (tx, lastOpKey) => {
    const org = await organisationBilling(t)
    const current = await liveSubscription(org, payments)
    const wrongState = mode === 'upgrade' ? (current ? current.status !== 'trialing' : org.package_status !== 'trial') : current !== null
    const refusal = fail(400, mode === 'upgrade' ? NOT_ON_TRIAL : SUBSCRIPTION_STILL_ACTIVE)
    // Without a customer this cannot be a repeat of a change already made: refuse before making one.
    if (wrongState && !org.stripe_customer_id) return refusal
    const customerId = await organisationCustomerId(org, { email: t.user.email, name: `${t.user.firstName} ${t.user.lastName}`.trim() }, payments)
    const cardId = (await payments.getCustomer(customerId)).defaultPaymentMethodId
    // The card is part of the operation: after a decline, a new default card is a new attempt.
    const opKey = opKeyOf(ctx, 'subscribe', mode, plan.public_id, promotion?.public_id ?? null, cardId)
    if (lastOpKey === opKey) return { ok: true, value: { message: mode === 'upgrade' ? SUBSCRIBED : REACTIVATED, plan } }
    if (wrongState) return refusal
    if (!cardId) return fail(400, NO_PAYMENT_METHOD)
    const priceId = await planPriceId(plan, payments)
    const promotionCode = promotion ? await promotionCodeId(promotion, payments) : undefined
    // The redemption is taken before the charge (one conditional UPDATE) and given back if it fails (issue 28).
    // Held under this operation's key: a retry after the charge (its record rolled back) keeps the one it took (ADR 0100).
    const redemptionRef = `billing:${opKey}`
    if (promotion && !(await reserveRedemption(promotion, redemptionRef))) return fail(400, PROMO_UNAVAILABLE, 'promo')
    let created: SubscriptionSummary
    try {
      created = await payments.createSubscription(
        { customerId, priceId, quantity: 1, promotionCodeId: promotionCode, metadata: { clientId: org.public_id, packageId: plan.public_id } },
        `subscribe-${opKey}`,
      )
    } catch (error) {
      if (promotion) await releaseRedemption(promotion, redemptionRef)
      const message = cardErrorMessage(error)
      if (message) return fail(402, message)
      throw error
    }
    // The trial subscription ends now that a paid one replaces it (nothing is charged for it).
    if (current && current.id !== created.id) {
      try {
        await payments.cancelNow(current.id)
      } catch (error) {
        if (!isMissingResource(error)) throw error
      }
    }
    await apply(ctx, org, created)
    await recordPlan(tx, created, plan, opKey)
    return { ok: true, value: { message: mode === 'upgrade' ? SUBSCRIBED : REACTIVATED, plan } }
  })
}

/** Undoes a cancellation set for the period end (reactivateCurrentSubscription). */
async function keep(ctx: Context): Promise<Outcome<Changed>> {
  return exclusive(ctx, async () => {
    const org = await organisationBilling(ctx.t)
    const current = await liveSubscription(org, ctx.payments)
    if (!current) return fail(400, NO_SUBSCRIPTION)
    if (current.cancelAtPeriodEnd) await apply(ctx, org, await ctx.payments.reactivate(current.id))
    return { ok: true, value: { message: KEPT } }
  })
}

/**
 * Cancels at the end of the paid period (a trial at its end); an unpaid subscription ends now,
 * since nothing was paid for the rest of its period. Asking again changes nothing.
 */
async function cancel(ctx: Context): Promise<Outcome<Changed>> {
  return exclusive(ctx, async () => {
    const org = await organisationBilling(ctx.t)
    const current = await liveSubscription(org, ctx.payments)
    if (!current) return fail(400, NO_SUBSCRIPTION)
    if (current.cancelAtPeriodEnd) return { ok: true, value: { message: canceledMessage(dayText(current.currentPeriodEnd)) } }
    const unpaid = ['past_due', 'unpaid', 'incomplete'].includes(current.status)
    const changed = unpaid ? await ctx.payments.cancelNow(current.id) : await ctx.payments.cancelAtPeriodEnd(current.id)
    await apply(ctx, org, changed)
    return { ok: true, value: { message: canceledMessage(unpaid ? null : dayText(changed.currentPeriodEnd)) } }
  })
}

/** What the subscription's state allows now, with the pieces each change needs. */
async function stateFor(ctx: { t: TenantScope; payments: PaymentsService }) {
  const org = await organisationBilling(ctx.t)
  const current = await liveSubscription(org, ctx.payments)
  if (!current) return null
  const [recorded, pause, openInvoice, pauses] = await Promise.all([
    planRow(ctx.t),
    pauseStateOf(current, ctx.payments),
    openInvoiceOf(current, ctx.payments),
    pauseRecords(ctx.t, current.id),
  ])
  const plan = await planOfSubscription(ctx.t, current, recorded)
  const left = pausesLeft(
    pauses.map((p) => ({ startsAt: Math.floor(p.starts_at.getTime() / 1000), withdrawn: !!p.withdrawn })),
    current.startDate,
    current.currentPeriodEnd,
  )
  const actions = actionsFor({
    live: true,
    packageStatus: org.package_status,
    trialing: current.status === 'trialing',
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    pause,
    openInvoice: openInvoice !== null,
    usersUpgradable: !!plan?.users_upgrade_package,
    monthly: (plan?.recurring_interval ?? 'month') === 'month',
    pausesLeft: left,
  })
  return { org, current, plan, pause, openInvoice, pauses, actions }
}

/** Pauses for one month from the end of the paid cycle (the skipped month's invoice is voided). */
async function pause(ctx: Context): Promise<Outcome<Changed>> {
  return exclusive(ctx, async (tx, lastOpKey) => {
    const state = await stateFor(ctx)
    if (!state) return fail(400, NO_SUBSCRIPTION)
    const opKey = opKeyOf(ctx, 'pause', state.current.id)
    const { current, actions } = state
    if (lastOpKey === opKey && current.pausedUntil) return { ok: true, value: { message: pausedMessage(dayText(current.currentPeriodEnd), dayText(current.pausedUntil)) } }
    if (state.pause !== 'none') return fail(400, ALREADY_PAUSED)
    if (!actions.pause) return fail(400, actions.pauseBlocked ?? CANNOT_NOW)
    const paused = await ctx.payments.pauseForOneMonthAtPeriodEnd(current.id, `pause-${opKey}`)
    await apply(ctx, state.org, paused)
    const resumesAt = paused.pausedUntil ?? addMonths(paused.currentPeriodEnd, 1)
    await scopedInsert(tx, 'subscription_pauses', {
      stripe_subscription_id: current.id,
      op_key: opKey,
      starts_at: dateOf(paused.currentPeriodEnd),
      resumes_at: dateOf(resumesAt),
    })
      .ignore()
      .execute()
    await scopedUpdate(tx, 'organisation_plans').set({ last_op_key: opKey, updated_at: new Date() }).execute()
    return { ok: true, value: { message: pausedMessage(dayText(paused.currentPeriodEnd), dayText(resumesAt)) } }
  })
}

/**
 * Ends the pause: a running one early (it still counts toward the year's two), a scheduled one
 * before it begins (withdrawn: it does not count). Not paused: nothing to do.
 */
async function unpause(ctx: Context): Promise<Outcome<Changed>> {
  return exclusive(ctx, async (tx) => {
    const state = await stateFor(ctx)
    if (!state) return fail(400, NO_SUBSCRIPTION)
    if (state.pause === 'none') return { ok: true, value: { message: UNPAUSED } }
    const resumed = await ctx.payments.resumeNow(state.current.id)
    await apply(ctx, state.org, resumed)
    const last = state.pauses.filter((p) => !p.withdrawn && p.ended_at === null).at(-1)
    if (last) {
      await scopedUpdate(tx, 'subscription_pauses')
        .set(state.pause === 'running' ? { ended_at: new Date() } : { withdrawn: true })
        .where('id', '=', last.id)
        .execute()
    }
    return { ok: true, value: { message: UNPAUSED } }
  })
}

export type UsersPreview = {
  userQuantity: number
  quantity: number
  maxUsers: number
  unitCents: number
  currentCents: number
  /** Charged now for the rest of this period. */
  dueNowCents: number
  /** The back-office rule: added quantity times unit price plus the current subscription price. */
  nextCycleCents: number
  nextInvoiceAt: number
  prorationDate: number
  currency: string
  interval: 'month' | 'year'
}

/** The plan users are added on (upgrade-plan-details): the subscription's own plan, if its users-upgrade option is on. */
export async function upgradePlanOf(t: TenantScope, payments: PaymentsService): Promise<Outcome<{ plan: ClientPackage; quantity: number }>> {
  const org = await organisationBilling(t)
  const current = await liveSubscription(org, payments)
  if (!current) return fail(400, NO_SUBSCRIPTION)
  const plan = await planOfSubscription(t, current, await planRow(t))
  if (!plan?.users_upgrade_package) return fail(400, USERS_NOT_UPGRADABLE)
  return { ok: true, value: { plan, quantity: current.quantity } }
}

async function usersPreviewFor(
  ctx: { t: TenantScope; payments: PaymentsService },
  input: UsersIncrease,
): Promise<Outcome<UsersPreview & { subscriptionId: string; org: OrganisationBilling; plan: ClientPackage }>> {
  const state = await stateFor(ctx)
  if (!state) return fail(400, NO_SUBSCRIPTION)
  const { current, plan, actions } = state
  if (!plan?.users_upgrade_package) return fail(400, USERS_NOT_UPGRADABLE)
  if (!actions.addUsers) return fail(400, CANNOT_NOW)
  if (input.recurringInterval !== plan.recurring_interval) return fail(400, intervalMismatch(plan.recurring_interval), 'recurringInterval')
  const quantity = current.quantity + input.userQuantity
  const preview = await ctx.payments.previewQuantityChange(current.id, quantity)
  const unitCents = Number(plan.price_cents)
  const currentCents = unitCents * current.quantity
  return {
    ok: true,
    value: {
      subscriptionId: current.id,
      org: state.org,
      plan,
      userQuantity: input.userQuantity,
      quantity,
      maxUsers: userLimit(Number(plan.max_users), quantity),
      unitCents,
      currentCents,
      dueNowCents: preview.dueNowCents,
      nextCycleCents: input.userQuantity * unitCents + currentCents,
      nextInvoiceAt: preview.nextInvoiceAt,
      prorationDate: preview.prorationDate,
      currency: plan.currency,
      interval: plan.recurring_interval,
    },
  }
}

/** The proration preview: what adding users costs now and from the next cycle. */
export async function previewUsersIncrease(t: TenantScope, payments: PaymentsService, input: UsersIncrease): Promise<Outcome<UsersPreview>> {
  try {
    const outcome = await usersPreviewFor({ t, payments }, input)
    if (!outcome.ok) return outcome
    const { subscriptionId: _s, org: _o, plan: _p, ...preview } = outcome.value
    return { ok: true, value: preview }
  } catch (error) {
    if (!isStripeError(error)) throw error
    console.error('[subscription] proration preview failed', error instanceof Error ? error.message : error)
    return fail(502, BILLING_FAILED)
  }
}

/**
 * Adds users: the subscription's quantity grows, the proration is charged now (equal to the preview
 * shown when its moment is given back within the hour), and the next cycle bills the new quantity.
 */
async function addUsers(ctx: Context, input: UsersIncrease): Promise<Outcome<Changed & { maxUsers: number; chargedCents: number }>> {
  return exclusive(ctx, async (tx, lastOpKey) => {
    const opKey = opKeyOf(ctx, 'users', input.userQuantity, input.recurringInterval)
    if (lastOpKey === opKey) {
      const recorded = await scoped(tx, 'organisation_plans').select('max_users').executeTakeFirst()
      return { ok: true, value: { message: usersAddedMessage(recorded?.max_users ?? 0), maxUsers: recorded?.max_users ?? 0, chargedCents: 0 } }
    }
    const preview = await usersPreviewFor(ctx, input)
    if (!preview.ok) return preview
    const p = preview.value
    // A moment the caller saw in a preview within the last hour keeps the charge equal to it; any other is Stripe's now.
    const prorationDate = input.prorationDate && input.prorationDate <= p.prorationDate && input.prorationDate >= p.prorationDate - 3600 ? input.prorationDate : p.prorationDate
    let changed: SubscriptionSummary
    try {
      changed = await ctx.payments.changeQuantity(p.subscriptionId, p.quantity, prorationDate, `users-${opKey}`)
    } catch (error) {
      const message = cardErrorMessage(error)
      if (message) return fail(402, message)
      throw error
    }
    await apply(ctx, p.org, changed)
    await recordPlan(tx, changed, p.plan, opKey)
    const maxUsers = userLimit(Number(p.plan.max_users), changed.quantity)
    return { ok: true, value: { message: usersAddedMessage(maxUsers), maxUsers, chargedCents: p.dueNowCents } }
  })
}

/** Pays the open (past due) invoice with the default card; the organisation unlocks once it is paid. */
async function payOpenInvoice(ctx: Context): Promise<Outcome<Changed>> {
  return exclusive(ctx, async (tx, lastOpKey) => {
    const state = await stateFor(ctx)
    if (!state?.openInvoice) return fail(400, NOTHING_TO_PAY)
    const cardId = (await ctx.payments.getCustomer(state.current.customerId)).defaultPaymentMethodId
    const opKey = opKeyOf(ctx, 'pay', state.openInvoice.id, cardId)
    if (lastOpKey === opKey) return { ok: true, value: { message: PAID } }
    if (!cardId) return fail(400, NO_PAYMENT_METHOD)
    try {
      await ctx.payments.payInvoice(state.openInvoice.id, `pay-${opKey}`)
    } catch (error) {
      const message = cardErrorMessage(error)
      if (message) return fail(402, message)
      throw error
    }
    await apply(ctx, state.org, state.current)
    await scopedUpdate(tx, 'organisation_plans').set({ last_op_key: opKey, updated_at: new Date() }).execute()
    return { ok: true, value: { message: PAID } }
  })
}

/** The billing pages and their JSON routes call these, so each rule (and its audit row) lives once. */
export const subscriptionActions = {
  async subscribe(t: Tenant, request: Request, payments: PaymentsService, requestKey: string, mode: 'upgrade' | 'reactivate', choice: PlanChoice) {
    const ctx = { t, request, payments, requestKey }
    return audited(
      t,
      request,
      {
        module: 'subscription',
        action: mode === 'upgrade' ? 'trial_upgrade' : 'reactivate',
        message: (o) => (o.ok ? `Subscribed to ${o.value.plan.package_name}${choice.promo ? ` with ${choice.promo}` : ''}` : o.error),
      },
      await subscribe(ctx, mode, choice),
    )
  },
  async keep(t: Tenant, request: Request, payments: PaymentsService, requestKey: string) {
    const ctx = { t, request, payments, requestKey }
    return audited(
      t,
      request,
      { module: 'subscription', action: 'reactivate_current', message: (o) => (o.ok ? 'Kept the subscription (cancellation withdrawn)' : o.error) },
      await keep(ctx),
    )
  },
  async cancel(t: Tenant, request: Request, payments: PaymentsService, requestKey: string) {
    const ctx = { t, request, payments, requestKey }
    return audited(t, request, { module: 'subscription', action: 'cancel', message: (o) => (o.ok ? o.value.message : o.error) }, await cancel(ctx))
  },
  async pause(t: Tenant, request: Request, payments: PaymentsService, requestKey: string) {
    const ctx = { t, request, payments, requestKey }
    return audited(t, request, { module: 'subscription', action: 'pause', message: (o) => (o.ok ? o.value.message : o.error) }, await pause(ctx))
  },
  async unpause(t: Tenant, request: Request, payments: PaymentsService, requestKey: string) {
    const ctx = { t, request, payments, requestKey }
    return audited(t, request, { module: 'subscription', action: 'unpause', message: (o) => (o.ok ? o.value.message : o.error) }, await unpause(ctx))
  },
  async addUsers(t: Tenant, request: Request, payments: PaymentsService, requestKey: string, input: UsersIncrease) {
    const ctx = { t, request, payments, requestKey }
    return audited(
      t,
      request,
      {
        module: 'subscription',
        action: 'add_users',
        message: (o) => (o.ok ? `${o.value.message} (${input.userQuantity} added, ${centsToAmount(o.value.chargedCents)} charged now)` : o.error),
      },
      await addUsers(ctx, input),
    )
  },
  async payOpenInvoice(t: Tenant, request: Request, payments: PaymentsService, requestKey: string) {
    const ctx = { t, request, payments, requestKey }
    return audited(t, request, { module: 'subscription', action: 'pay_invoice', message: (o) => (o.ok ? 'Paid the open invoice' : o.error) }, await payOpenInvoice(ctx))
  },
}
