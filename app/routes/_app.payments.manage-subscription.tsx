// /payments/manage-subscription: the organisation's plan (users, price, state) and what it allows now:
// cancel, pause at the end of the cycle for a month (2 per subscription year) and end it early,
// increase max users (proration preview charged now), keep a cancelled plan, pay a past-due invoice.
// Dialogs live in the URL (?dialog=cancel|pause|users), so every step works without JavaScript.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { FormAlert, inputClass, labelClass, linkClass, SuccessAlert } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { centsText } from '#app/components/subscription/money'
import { BILLING_FAILED, MANAGE_SUBSCRIPTION, PAY_OPEN_INVOICE, QUANTITY_MIN, usersIncreaseSchema } from '#app/models/subscription.schema'
import { type Outcome, previewUsersIncrease, subscriptionActions, subscriptionOverview, toSubscriptionDetailsJson } from '#app/models/subscription.server'
import { can } from '#app/rules/permissions'
import { routeGuard, routeRefuses } from '#app/rules/routes'
import { PAUSES_PER_SUBSCRIPTION_YEAR, planHeadline, reactivationTexts } from '#app/rules/subscription'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import type { PaymentsService } from '#app/services/stripe.server'
import { Alert } from '#app/ui/alert'
import { buttonClass, ButtonLink } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { PanelDialog } from '#app/ui/panel-dialog'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { formatDate } from '#app/rules/format'
import { forbidden } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

const PAGE = '/payments/manage-subscription'
const DIALOGS = ['cancel', 'pause', 'users'] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PAGE))
  if (routeRefuses(t.user, PAGE)) throw forbidden()
  const url = new URL(request.url)
  const payments = billingService()
  const overview = await subscriptionOverview(t, payments)
  const canManage = can(t.user, MANAGE_SUBSCRIPTION)
  const dialog = (DIALOGS as readonly string[]).includes(url.searchParams.get('dialog') ?? '') ? (url.searchParams.get('dialog') as (typeof DIALOGS)[number]) : null
  const userQuantity = url.searchParams.get('userQuantity')
  const preview =
    dialog === 'users' && canManage && overview.actions.addUsers && userQuantity !== null && payments
      ? await usersPreview(t, payments, userQuantity, overview.plan?.recurring_interval ?? 'month')
      : null
  const { toast, headers } = await takeToast(request)
  return data(
    {
      details: toSubscriptionDetailsJson(overview),
      unavailable: overview.unavailable,
      canManage,
      canPay: can(t.user, PAY_OPEN_INVOICE),
      dialog: canManage ? dialog : null,
      userQuantity: userQuantity ?? '1',
      preview,
      requestKey: newRequestKey(),
      toast,
    },
    { headers },
  )
}

/** The ?userQuantity= step of the users dialog: what adding that many costs, or why it cannot be added. */
async function usersPreview(t: Tenant, payments: PaymentsService, userQuantity: string, interval: 'month' | 'year') {
  const parsed = usersIncreaseSchema.safeParse({ userQuantity, recurringInterval: interval })
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? QUANTITY_MIN, value: null }
  const outcome = await previewUsersIncrease(t, payments, parsed.data)
  return outcome.ok ? { error: null, value: outcome.value } : { error: outcome.error, value: null }
}

/** A refusal, with a new key for the next try: a retry after a decline is a new attempt, not the same one replayed. */
type Answer = { error: string; intent: string; requestKey: string }

const refused = (error: string, intent: string, status: number) => data<Answer>({ error, intent, requestKey: newRequestKey() }, { status })

async function answer(request: Request, intent: string, outcome: Outcome<{ message: string }>) {
  if (!outcome.ok) return refused(outcome.error, intent, outcome.status)
  return redirectWithToast(request, PAGE, outcome.value.message)
}

async function addUsers(t: Tenant, request: Request, payments: PaymentsService, form: FormData) {
  const parsed = usersIncreaseSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? QUANTITY_MIN, 'users', 400)
  return answer(request, 'users', await subscriptionActions.addUsers(t, request, payments, formRequestKey(form), parsed.data))
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PAGE))
  if (routeRefuses(t.user, PAGE)) throw forbidden()
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  if (!['cancel', 'keep', 'pause', 'unpause', 'users', 'pay'].includes(intent)) return refused('Unknown action', intent, 400)
  // Paying the open invoice follows the invoices page's rule (ADR 0052); every other change is managing.
  if (!can(t.user, intent === 'pay' ? PAY_OPEN_INVOICE : MANAGE_SUBSCRIPTION)) throw forbidden()
  const payments = billingService()
  if (!payments) return refused(BILLING_FAILED, intent, 503)
  const key = formRequestKey(form)
  switch (intent) {
    case 'cancel':
      return answer(request, intent, await subscriptionActions.cancel(t, request, payments, key))
    case 'keep':
      return answer(request, intent, await subscriptionActions.keep(t, request, payments, key))
    case 'pause':
      return answer(request, intent, await subscriptionActions.pause(t, request, payments, key))
    case 'unpause':
      return answer(request, intent, await subscriptionActions.unpause(t, request, payments, key))
    case 'pay':
      return answer(request, intent, await subscriptionActions.payOpenInvoice(t, request, payments, key))
    default:
      return addUsers(t, request, payments, form)
  }
}

const STATUS: Record<string, { label: string; tone: 'green' | 'blue' | 'amber' | 'red' | 'gray' }> = {
  active: { label: 'Active', tone: 'green' },
  trial: { label: 'Trial', tone: 'blue' },
  past_due: { label: 'Past due', tone: 'red' },
  paused: { label: 'Paused', tone: 'amber' },
  canceled: { label: 'Canceled', tone: 'gray' },
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

export default function ManageSubscriptionRoute() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>() as Answer | undefined
  const d = failed?.requestKey ? { ...loaded, requestKey: failed.requestKey } : loaded
  const location = useLocation()
  const toast = d.toast ?? (location.state as { toast?: string } | null)?.toast ?? null
  const { details } = d
  const status = STATUS[details.client_package_status] ?? { label: details.client_package_status, tone: 'gray' as const }
  const sub = details.subscription
  const plan = details.clientPackage
  const headline = planHeadline(plan, details.client_package_status)
  const shown = {
    cancel: d.dialog === 'cancel' && details.actions.cancel,
    pause: d.dialog === 'pause' && details.actions.pause && !!sub,
    users: d.dialog === 'users' && details.actions.addUsers && !!plan,
  }
  const inDialog = shown.cancel || shown.pause || shown.users
  const dialogError = failed && inDialog ? failed.error : null
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Manage Subscription" />
      <SuccessAlert>{toast}</SuccessAlert>
      {failed && !inDialog ? <Alert tone="danger">{failed.error}</Alert> : null}
      {d.unavailable ? <Alert tone="warning">Billing details are unavailable right now. Please try again in a moment.</Alert> : null}
      <Card aria-label="Subscription">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-gray-900">{headline.title}</h2>
            {plan ? <p className="text-sm text-gray-600">{plan.cardText}</p> : null}
            {headline.note ? <p className="text-sm text-gray-600">{headline.note}</p> : null}
          </div>
          {headline.showStatus ? <Badge tone={status.tone}>{status.label}</Badge> : null}
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {plan ? <Fact label="Price" value={`${centsText(Math.round(plan.price * 100), plan.currency)} ${plan.oneTimePay ? 'once' : `/ ${plan.recurringInterval}`}`} /> : null}
          <Fact label="Users" value={plan ? `${details.totalClientUsers} of ${plan.maxUsers}` : String(details.totalClientUsers)} />
          {sub?.trialEnd ? <Fact label="Trial ends" value={formatDate(sub.trialEnd)} /> : null}
          {sub && !sub.trialEnd ? <Fact label={sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} value={formatDate(sub.currentPeriodEnd)} /> : null}
          {sub ? <Fact label="Pauses left this subscription year" value={`${sub.pausesLeft} of ${PAUSES_PER_SUBSCRIPTION_YEAR}`} /> : null}
          {details.paymentMethod ? <Fact label="Default card" value={`${capitalize(details.paymentMethod.brand)} ending in ${details.paymentMethod.last4}`} /> : null}
        </dl>
      </Card>
      <Notices d={d} />
      {d.canManage ? <ActionButtons d={d} /> : <p className="text-sm text-gray-600">Ask your admin for the Manage Subscription permission to change the plan.</p>}
      {shown.cancel ? (
        <PanelDialog title="Cancel Subscription" closeTo={PAGE}>
          <FormAlert>{dialogError}</FormAlert>
          <p className="mb-4 text-sm text-gray-700">
            {sub && !['past_due'].includes(details.client_package_status)
              ? `Your subscription stays active until ${formatDate(sub.trialEnd ?? sub.currentPeriodEnd)} and is not renewed after that.`
              : 'Your subscription ends now.'}
          </p>
          <IntentForm intent="cancel" requestKey={d.requestKey} label="Cancel Subscription" />
        </PanelDialog>
      ) : null}
      {shown.pause && sub ? (
        <PanelDialog title="Pause Subscription" closeTo={PAGE}>
          <FormAlert>{dialogError}</FormAlert>
          <p className="mb-4 text-sm text-gray-700">
            Your subscription pauses at the end of this billing cycle, from {formatDate(sub.nextPause.startsAt)} to {formatDate(sub.nextPause.resumesAt)}, and you are not charged
            for that month. You can end the pause early. Pauses left this subscription year: {sub.pausesLeft} of {PAUSES_PER_SUBSCRIPTION_YEAR}.
          </p>
          <IntentForm intent="pause" requestKey={d.requestKey} label="Pause Subscription" />
        </PanelDialog>
      ) : null}
      {shown.users ? <UsersDialog d={d} dialogError={dialogError} /> : null}
    </div>
  )
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-gray-100 py-1">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{value}</dd>
    </div>
  )
}

/**
 * A form of one button posting an intent with this render's key (a double click is one operation).
 * It posts to the page's own URL, so a refusal shows in the dialog it came from.
 */
function IntentForm({
  intent,
  requestKey,
  label,
  variant = 'primary',
  inline,
}: {
  intent: string
  requestKey: string
  label: string
  variant?: 'primary' | 'secondary'
  inline?: boolean
}) {
  return (
    <Form method="post" className={inline ? 'inline' : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <button type="submit" className={inline ? 'font-semibold underline' : buttonClass(variant)}>
        {label}
      </button>
    </Form>
  )
}

function Notices({ d }: { d: Data }) {
  const { details } = d
  const sub = details.subscription
  const manage = d.canManage
  return (
    <>
      {details.openInvoice ? (
        <Alert tone="danger">
          <span>You have a past due invoice of {centsText(details.openInvoice.amount_due, details.openInvoice.currency)}.</span>
          {d.canPay && details.actions.payNow ? <IntentForm intent="pay" requestKey={d.requestKey} label="Pay now" inline /> : null}
          <Link to="/payments/methods" className={linkClass}>
            Payment methods
          </Link>
        </Alert>
      ) : null}
      {sub?.cancelAtPeriodEnd ? (
        <Alert tone="warning">
          <span>Your subscription is canceled and ends on {formatDate(sub.trialEnd ?? sub.currentPeriodEnd)}.</span>
          {manage && details.actions.keep ? <IntentForm intent="keep" requestKey={d.requestKey} label="Keep Subscription" inline /> : null}
        </Alert>
      ) : null}
      {sub && sub.pause === 'scheduled' ? (
        <Alert tone="info">
          <span>
            Your subscription pauses from {formatDate(sub.pauseStartsAt)} to {formatDate(sub.pauseResumesAt)}.
          </span>
          {manage ? <IntentForm intent="unpause" requestKey={d.requestKey} label="Unpause" inline /> : null}
        </Alert>
      ) : null}
      {sub && sub.pause === 'running' ? (
        <Alert tone="warning">
          <span>Your subscription is paused until {formatDate(sub.pauseResumesAt)}.</span>
          {manage ? <IntentForm intent="unpause" requestKey={d.requestKey} label="End pause now" inline /> : null}
        </Alert>
      ) : null}
      {!sub && details.actions.reactivate ? <ReactivateNotice status={details.client_package_status} oneTimePlan={!!details.clientPackage?.oneTimePay} /> : null}
    </>
  )
}

function ReactivateNotice({ status, oneTimePlan }: { status: string; oneTimePlan: boolean }) {
  const texts = reactivationTexts(status, oneTimePlan)
  return (
    <Alert tone="info">
      <span>{texts.notice}</span>
      <Link to="/payments/reactivate" className="font-semibold underline">
        {texts.link}
      </Link>
    </Alert>
  )
}

/** Paused users see only Cancel (back-office section 4); the pause notice above ends it early. */
function ActionButtons({ d }: { d: Data }) {
  const a = d.details.actions
  const open = (dialog: string) => `${PAGE}?dialog=${dialog}`
  return (
    <div className="flex flex-wrap items-center gap-3" aria-label="Subscription actions" role="group">
      {a.upgrade ? <ButtonLink to="/payments/upgrade">Upgrade</ButtonLink> : null}
      {a.addUsers ? (
        <ButtonLink to={open('users')} preventScrollReset>
          Increase Max Users
        </ButtonLink>
      ) : null}
      {a.pause ? (
        <ButtonLink to={open('pause')} variant="secondary" preventScrollReset>
          Pause Subscription
        </ButtonLink>
      ) : null}
      {a.cancel ? (
        <ButtonLink to={open('cancel')} variant="secondary" preventScrollReset>
          Cancel Subscription
        </ButtonLink>
      ) : null}
      {a.pauseBlocked && !a.pause && a.cancel && d.details.subscription?.pause === 'none' ? <p className="text-sm text-gray-500">{a.pauseBlocked}</p> : null}
    </div>
  )
}

function UsersDialog({ d, dialogError }: { d: Data; dialogError: string | null }) {
  const plan = d.details.clientPackage!
  const p = d.preview?.value ?? null
  const money = (cents: number) => centsText(cents, plan.currency)
  return (
    <PanelDialog title="Increase Max Users" closeTo={PAGE}>
      <FormAlert>{dialogError}</FormAlert>
      <p className="mb-4 text-sm text-gray-700">
        Users are added in units of your plan: each adds {plan.usersPerUnit} {plan.usersPerUnit === 1 ? 'user' : 'users'} for{' '}
        {centsText(Math.round(plan.unitPrice * 100), plan.currency)} per {plan.recurringInterval}. You now have {plan.maxUsers} users.
      </p>
      {/* Step 1, a GET: the preview is read again on the server, never trusted from the form. */}
      <Form method="get" action={PAGE} noValidate className="flex flex-wrap items-end gap-3" aria-label="Preview">
        <input type="hidden" name="dialog" value="users" />
        <div className="w-40">
          <label htmlFor="user-quantity" className={labelClass}>
            Quantity
          </label>
          <input
            id="user-quantity"
            name="userQuantity"
            type="number"
            min={1}
            max={100}
            step={1}
            required
            defaultValue={d.userQuantity}
            className={inputClass}
            aria-invalid={d.preview?.error ? true : undefined}
            aria-describedby={d.preview?.error ? 'user-quantity-error' : undefined}
          />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          Preview
        </button>
      </Form>
      {d.preview?.error ? (
        <p id="user-quantity-error" role="alert" className="mt-2 text-sm text-red-600">
          {d.preview.error}
        </p>
      ) : null}
      {p ? (
        <div className="mt-4 space-y-4">
          <dl className="space-y-2 text-sm" aria-label="Proration preview">
            <Fact label="Max users after" value={String(p.maxUsers)} />
            <Fact label="Due now (prorated)" value={money(p.dueNowCents)} />
            <Fact label={`From the next cycle (${formatDate(new Date(p.nextInvoiceAt * 1000))})`} value={`${money(p.nextCycleCents)} / ${p.interval}`} />
          </dl>
          <p className="text-xs text-gray-500">
            {p.userQuantity} × {money(p.unitCents)} + your current {money(p.currentCents)}. The prorated amount is charged to your default card now.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="users" />
            <input type="hidden" name="requestKey" value={d.requestKey} />
            <input type="hidden" name="userQuantity" value={p.userQuantity} />
            <input type="hidden" name="recurringInterval" value={p.interval} />
            <input type="hidden" name="prorationDate" value={p.prorationDate} />
            <button type="submit" className={buttonClass('primary')}>
              Add Users
            </button>
          </Form>
        </div>
      ) : null}
    </PanelDialog>
  )
}

export const meta: MetaFunction = () => [{ title: 'Manage Subscription | Draftdesk' }]
