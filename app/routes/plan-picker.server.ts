// The loader and action behind /payments/upgrade and /payments/reactivate (the second path segment
// picks the mode, back-office section 2): plans, the promo box (?promo=), the subscribe dialog
// (?plan=), and the subscribe and keep posts (ADR 0038).
import { data } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { promoForBuyer } from '#app/models/promotions.server'
import { CHOOSE_PLAN, MANAGE_SUBSCRIPTION, planChoiceValidator, PROMO_CODE_REQUIRED, PROMO_UNAVAILABLE, BILLING_FAILED } from '#app/models/subscription.schema'
import { plansForSale, subscriptionActions, subscriptionOverview, toSubscriptionPackageJson } from '#app/models/subscription.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { forbidden } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

export type PlanPickerMode = 'upgrade' | 'reactivate'

/** Where each mode's JSON call goes (with JavaScript the dialog posts there, to show 'Unauthorized' on a 401). */
export const SUBSCRIBE_API: Record<PlanPickerMode, string> = {
  upgrade: '/api/client/payments/trial-upgrade',
  reactivate: '/api/client/payments/reactivate-subscription',
}

async function promoFromQuery(clientId: number, raw: string | null) {
  if (raw === null) return { promo: null, promoError: null }
  const code = raw.trim()
  if (!code || code.length > 64) return { promo: null, promoError: code ? PROMO_UNAVAILABLE : PROMO_CODE_REQUIRED }
  // Misses cost a point, as on the JSON check: codes cannot be guessed through the page either.
  const found = await promoForBuyer(code, `client:${clientId}`)
  return found.ok ? { promo: found.promo, promoError: null } : { promo: null, promoError: found.error }
}

export async function planPickerLoader(request: Request, mode: PlanPickerMode) {
  const t = await requirePermission(request, routeGuard(`/payments/${mode}`))
  const url = new URL(request.url)
  const payments = billingService()
  const [plans, overview, promo, { toast, headers }] = await Promise.all([
    plansForSale(t),
    subscriptionOverview(t, payments),
    promoFromQuery(t.clientId, url.searchParams.get('promo')),
    takeToast(request),
  ])
  const packages = plans.map(toSubscriptionPackageJson)
  const chosenId = url.searchParams.get('plan')
  const card = overview.card ? { brand: overview.card.brand, last4: overview.card.last4, expMonth: overview.card.expMonth, expYear: overview.card.expYear } : null
  return data(
    {
      mode,
      packages,
      chosen: chosenId ? (packages.find((p) => p._id === chosenId) ?? null) : null,
      chosenMissing: chosenId !== null && !packages.some((p) => p._id === chosenId),
      promoCode: url.searchParams.get('promo')?.trim() ?? '',
      ...promo,
      card,
      packageStatus: overview.packageStatus,
      oneTimePlan: !!overview.plan?.one_time_pay,
      // Whether this mode applies now; otherwise the page says what to do instead.
      allowed: mode === 'upgrade' ? overview.actions.upgrade : overview.actions.reactivate,
      ending: overview.actions.keep ? formatEnd(overview.subscription?.currentPeriodEnd ?? null) : null,
      canKeep: overview.actions.keep && can(t.user, MANAGE_SUBSCRIPTION),
      unavailable: overview.unavailable,
      requestKey: newRequestKey(),
      subscribeApi: SUBSCRIBE_API[mode],
      toast,
    },
    { headers },
  )
}

const formatEnd = (unixSeconds: number | null) => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString())

export type PlanPickerAnswer = { error: string | null }

export async function planPickerAction(request: Request, mode: PlanPickerMode) {
  const t = await requirePermission(request, CHOOSE_PLAN)
  const form = await readForm(request)
  const payments = billingService()
  switch (form.get('intent')) {
    case 'subscribe': {
      if (!can(t.user, routeGuard(`/payments/${mode}`))) throw forbidden()
      const result = await planChoiceValidator.validate(form)
      if (result.error) return validationError(result.error, result.submittedData)
      if (!payments) return validationError({ fieldErrors: { _form: BILLING_FAILED } }, result.submittedData)
      const outcome = await subscriptionActions.subscribe(t, request, payments, formRequestKey(form), mode, result.data)
      if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field ?? '_form']: outcome.error } }, result.submittedData)
      return redirectWithToast(request, '/payments/manage-subscription', outcome.value.message)
    }
    case 'keep': {
      if (!can(t.user, MANAGE_SUBSCRIPTION)) throw forbidden()
      if (!payments) return data<PlanPickerAnswer>({ error: BILLING_FAILED }, { status: 503 })
      const outcome = await subscriptionActions.keep(t, request, payments, formRequestKey(form))
      if (!outcome.ok) return data<PlanPickerAnswer>({ error: outcome.error }, { status: outcome.status })
      return redirectWithToast(request, '/payments/manage-subscription', outcome.value.message)
    }
    default:
      return data<PlanPickerAnswer>({ error: 'Unknown action' }, { status: 400 })
  }
}
