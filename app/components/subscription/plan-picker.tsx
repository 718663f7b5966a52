// The plan list of /payments/upgrade and /payments/reactivate: package cards, the promo box and the
// subscribe dialog. With JavaScript the dialog calls the JSON route (so a 401 shows 'Unauthorized');
// without it the same dialog is a section of the page with a plain form posting to the page.
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { type FormEvent, useState } from 'react'
import { FormAlert, inputClass, labelClass, linkClass, SuccessAlert } from '#app/components/form-parts'
import { PageHeader } from '#app/components/page'
import { UNAUTHORIZED } from '#app/models/subscription.schema'
import { centsText } from './money'
import { applyDiscount } from '#app/rules/discount'
import { reactivationTexts } from '#app/rules/subscription'
import { Alert } from '#app/ui/alert'
import { Button, buttonClass, ButtonLink } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { PanelDialog } from '#app/ui/panel-dialog'
import { useHydrated } from '#app/ui/use-hydrated'
import { formatDate } from '#app/rules/format'
import { FALLBACK_MESSAGE, messageFrom } from '#app/rules/messages'
import type { planPickerLoader } from '#app/routes/plan-picker.server'

type LoaderData = ReturnType<typeof useLoaderData<typeof planPickerLoader>>
type Plan = LoaderData['packages'][number]
type Promo = NonNullable<LoaderData['promo']>
type ActionAnswer = { fieldErrors?: Record<string, string>; error?: string | null } | undefined

const PER = { month: 'month', year: 'year' } as const

function promoText(promo: Promo): string {
  const off = promo.discount_type === 'percent' ? `${promo.value}% off` : `${centsText(Math.round(promo.value * 100))} off`
  const how = promo.duration === 'once' ? 'the first payment' : promo.duration === 'forever' ? 'every payment' : `${promo.duration_in_months} months`
  return `${promo.couponCode}: ${off} ${promo.duration === 'repeating' ? 'for' : 'on'} ${how}`
}

/** Due today in cents: the plan's price less the promo (percent, or a fixed amount in the platform currency). */
function dueTodayCents(plan: Plan, promo: Promo | null): number {
  const cents = Math.round(plan.price * 100)
  if (!promo) return cents
  return applyDiscount(cents, promo.discount_type === 'percent' ? { type: 'percent', value: promo.value } : { type: 'fixed', value: Math.round(promo.value * 100) })
}

function withParams(pathname: string, search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search)
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') params.delete(k)
    else params.set(k, v)
  }
  return `${pathname}${params.size ? `?${params}` : ''}`
}

const TITLES = { upgrade: 'Upgrade Your Plan', reactivate: 'Reactivate Subscription' } as const

export function PlanPicker() {
  const d = useLoaderData<typeof planPickerLoader>()
  const location = useLocation()
  const answer = useActionData() as ActionAnswer
  const closeTo = withParams(location.pathname, location.search, { plan: null })
  return (
    <div className="space-y-6">
      <PageHeader title={TITLES[d.mode]} crumbs={[{ to: '/payments/manage-subscription', label: 'Billing' }]} />
      <SuccessAlert>{d.toast}</SuccessAlert>
      {answer?.error ? <Alert tone="danger">{answer.error}</Alert> : null}
      {d.unavailable ? <Alert tone="warning">Billing details are unavailable right now. Please try again in a moment.</Alert> : null}
      <ModeNotice />
      {/* Plans are offered only where they can be chosen now (issue 27): a subscribed, one-time or top-plan owner
          gets the notice and its link, not cards without buttons (ADR 0075). */}
      {d.allowed ? (
        <>
          <PromoBox />
          <ul aria-label="Packages" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {d.packages.map((plan) => (
              <li key={plan._id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
          {d.packages.length === 0 ? <p className="text-sm text-gray-500">No packages are on sale right now.</p> : null}
        </>
      ) : null}
      {d.chosen && d.allowed ? (
        <PanelDialog title={`Subscribe to ${d.chosen.packageName}`} closeTo={closeTo}>
          <SubscribeForm plan={d.chosen} />
        </PanelDialog>
      ) : null}
      {d.chosenMissing ? <Alert tone="danger">This package is not available</Alert> : null}
    </div>
  )
}

function ModeNotice() {
  const d = useLoaderData<typeof planPickerLoader>()
  if (d.allowed) {
    return (
      <p className="text-sm text-gray-600">
        {d.mode === 'upgrade' ? 'Choose a package to end your trial and subscribe now.' : reactivationTexts(d.packageStatus, d.oneTimePlan).intro}
      </p>
    )
  }
  if (d.ending) {
    return (
      <Alert tone="info">
        <span>Your subscription is canceled and ends on {formatDate(d.ending)}.</span>
        {d.canKeep ? (
          <Form method="post" className="inline">
            <input type="hidden" name="intent" value="keep" />
            <input type="hidden" name="requestKey" value={d.requestKey} />
            <button type="submit" className="font-semibold underline">
              Keep Subscription
            </button>
          </Form>
        ) : null}
      </Alert>
    )
  }
  return (
    <Alert tone="info">
      <span>
        {d.mode === 'upgrade'
          ? d.packageStatus === 'canceled'
            ? 'Your subscription has ended: reactivate it to continue.'
            : 'Your account is not on a trial: there is nothing to upgrade.'
          : 'Your subscription is still active: manage it on the Manage Subscription page.'}
      </span>
      <Link to={d.packageStatus === 'canceled' && d.mode === 'upgrade' ? '/payments/reactivate' : '/payments/manage-subscription'} className="font-semibold underline">
        {d.packageStatus === 'canceled' && d.mode === 'upgrade' ? 'Reactivate' : 'Manage Subscription'}
      </Link>
    </Alert>
  )
}

function PromoBox() {
  const d = useLoaderData<typeof planPickerLoader>()
  const location = useLocation()
  const [code, setCode] = useState(d.promoCode)
  const hydrated = useHydrated()
  const plan = new URLSearchParams(location.search).get('plan')
  return (
    <Card className="max-w-xl">
      {/* A GET form: the code travels in the URL, so the subscribe dialog (?plan=) carries it too. */}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Apply a promo">
        {plan ? <input type="hidden" name="plan" value={plan} /> : null}
        <div className="min-w-48 flex-1">
          <label htmlFor="promo-code" className={labelClass}>
            Promo Code
          </label>
          <input
            id="promo-code"
            name="promo"
            className={inputClass}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={64}
            autoComplete="off"
            required
            aria-invalid={d.promoError ? true : undefined}
            aria-describedby={d.promoError ? 'promo-error' : undefined}
          />
        </div>
        <button type="submit" className={buttonClass('secondary')} disabled={hydrated && code.trim() === ''}>
          Apply
        </button>
      </Form>
      {d.promoError ? (
        <p id="promo-error" role="alert" className="mt-2 text-sm text-red-600">
          {d.promoError}
        </p>
      ) : null}
      {d.promo ? (
        <p role="status" className="mt-2 text-sm text-green-700">
          Promo applied: {promoText(d.promo)}
        </p>
      ) : null}
    </Card>
  )
}

function PlanCard({ plan }: { plan: Plan }) {
  const d = useLoaderData<typeof planPickerLoader>()
  const location = useLocation()
  const due = dueTodayCents(plan, d.promo)
  return (
    <Card aria-label={plan.packageName} className="flex h-full flex-col gap-3">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">{plan.packageName}</h2>
        <p className="text-sm text-gray-600">{plan.cardText}</p>
      </div>
      <p className="text-2xl font-semibold text-gray-900">
        {centsText(Math.round(plan.price * 100), plan.currency)}
        <span className="text-sm font-normal text-gray-500"> / {PER[plan.recurringInterval]}</span>
      </p>
      {d.promo && due !== Math.round(plan.price * 100) ? (
        <p className="text-sm text-green-700">
          {centsText(due, plan.currency)} today with {d.promo.couponCode}
        </p>
      ) : null}
      {plan.description ? <p className="text-sm text-gray-600">{plan.description}</p> : null}
      <div className="mt-auto">
        {d.allowed ? (
          <ButtonLink to={withParams(location.pathname, location.search, { plan: plan._id })} preventScrollReset aria-label={`Subscribe to ${plan.packageName}`}>
            Subscribe
          </ButtonLink>
        ) : null}
      </div>
    </Card>
  )
}

function SubscribeForm({ plan }: { plan: Plan }) {
  const d = useLoaderData<typeof planPickerLoader>()
  const answer = useActionData() as ActionAnswer
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The dialog's key: a double click or a retry of one attempt is one operation at the server and at
  // Stripe; after a refusal the next click is a new attempt (a declined answer is not replayed).
  const [requestKey, setRequestKey] = useState(d.requestKey)
  const due = dueTodayCents(plan, d.promo)
  const serverError = answer?.fieldErrors ? (answer.fieldErrors._form ?? answer.fieldErrors.subPackage ?? answer.fieldErrors.promo ?? null) : null

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const res = await fetch(d.subscribeApi, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': requestKey },
        body: JSON.stringify({ subPackage: plan._id, ...(d.promo ? { promo: d.promo.couponCode } : {}) }),
      })
      if (res.status === 401) return setError(UNAUTHORIZED)
      const body = await res.json().catch(() => null)
      if (!res.ok) {
        setRequestKey(crypto.randomUUID().replaceAll('-', ''))
        return setError(messageFrom(body))
      }
      navigate('/payments/manage-subscription', { state: { toast: body?.message ?? null } })
    } catch {
      setError(FALLBACK_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" onSubmit={hydrated ? subscribe : undefined} className="space-y-4" aria-label="Subscribe">
      <FormAlert>{error ?? serverError}</FormAlert>
      <input type="hidden" name="intent" value="subscribe" />
      <input type="hidden" name="subPackage" value={plan._id} />
      <input type="hidden" name="promo" value={d.promo?.couponCode ?? ''} />
      <input type="hidden" name="requestKey" value={d.requestKey} />
      <dl className="space-y-2 text-sm">
        <Row label="Package" value={plan.packageName} />
        <Row label="Users Limit" value={plan.cardText} />
        <Row label="Price" value={`${centsText(Math.round(plan.price * 100), plan.currency)} / ${PER[plan.recurringInterval]}`} />
        {d.promo ? <Row label="Promo" value={promoText(d.promo)} /> : null}
        <Row label="Due Today" value={centsText(due, plan.currency)} strong />
      </dl>
      {d.mode === 'upgrade' ? <p className="text-sm text-gray-600">Your trial ends now and the package is charged today.</p> : null}
      {d.card ? (
        <p className="text-sm text-gray-700">
          Paid with your default card: <span className="font-medium capitalize">{d.card.brand}</span> ending in {d.card.last4} (expires {String(d.card.expMonth).padStart(2, '0')}/
          {d.card.expYear}).
        </p>
      ) : (
        <Alert tone="warning">
          <span>There is no default card on file.</span>
          <Link to="/payments/methods" className={linkClass}>
            Add a payment method
          </Link>
        </Alert>
      )}
      <div className="flex gap-3">
        {hydrated ? (
          <Button type="submit" disabled={busy || !d.card}>
            {busy ? 'Subscribing…' : 'Subscribe'}
          </Button>
        ) : (
          <button type="submit" className={buttonClass('primary')} disabled={!d.card}>
            Subscribe
          </button>
        )}
      </div>
    </form>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3 border-b border-gray-100 py-1">
      <dt className="text-gray-500">{label}</dt>
      <dd className={strong ? 'font-semibold text-gray-900' : 'text-gray-900'}>{value}</dd>
    </div>
  )
}
