// /checkout on the platform host: a buyer signs up for a plan (portal spec section 2). Account details,
// promo code, card, order details, Pay; the new owner is signed in and sent on after 1000 ms.
import { data } from '@remix-run/node'
import { getCodes as getCountryCodes } from 'country-list'
import {
  CHECKOUT_FAILED,
  checkoutValidator,
  DEFAULT_COUNTRY,
  DEFAULT_TIME_ZONE,
  PACKAGE_ITEM_REQUIRED,
  PACKAGE_UNAVAILABLE,
  PROMO_CODE_REQUIRED,
} from '#app/models/checkout.schema'
import { checkout } from '#app/models/checkout.server'
import { type CheckoutPromoJson, promoForBuyer } from '#app/models/promotions.server'
import { findPurchasablePackage, toCheckoutPackageJson } from '#app/models/client-packages.server'
import { landingPath } from '#app/rules/landing'
import { startSession } from '#app/services/session.server'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { cardEntryMode } from './client-billing-request.server'
import { clientIp } from '#app/services/http.server'
import { publicOrigin } from '#app/services/public-url.server'
import { readForm } from '#app/services/form-request.server'

let countryOptions: { value: string; label: string }[] | undefined
function countries() {
  if (countryOptions) return countryOptions
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  return (countryOptions = getCountryCodes()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label)))
}

let timeZoneOptions: { value: string; label: string }[] | undefined
function timeZones() {
  if (timeZoneOptions) return timeZoneOptions
  const zones = new Set(Intl.supportedValuesOf('timeZone'))
  zones.add(DEFAULT_TIME_ZONE)
  return (timeZoneOptions = [...zones].sort().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })))
}

type Plan = ReturnType<typeof toCheckoutPackageJson>

export async function planCheckoutLoader(request: Request) {
  const url = new URL(request.url)
  const item = (url.searchParams.get('item') ?? '').trim()
  const promoCode = (url.searchParams.get('promo') ?? '').trim().slice(0, 64)
  const referral = (url.searchParams.get('referral') ?? '').trim().slice(0, 64)
  const row = item ? await findPurchasablePackage(item) : undefined
  const plan: Plan | null = row ? toCheckoutPackageJson(row) : null
  const found = promoCode ? await promoForBuyer(promoCode, clientIp(request)) : null
  return {
    plan,
    planError: plan ? null : item ? PACKAGE_UNAVAILABLE : PACKAGE_ITEM_REQUIRED,
    promo: found?.ok ? found.promo : null,
    promoError: found && !found.ok ? found.error : null,
    defaults: { item, promo: promoCode, referralCode: referral, country: DEFAULT_COUNTRY, timeZone: DEFAULT_TIME_ZONE },
    requestKey: newRequestKey(),
    countries: countries(),
    timeZones: timeZones(),
    card: cardEntryMode(),
    domainSuffix: new URL(publicOrigin()).hostname,
  }
}

export type PlanCheckoutAnswer = {
  fieldErrors: Record<string, string>
  repopulateFields?: Record<string, unknown>
  formError?: string
  promo?: CheckoutPromoJson | null
  success?: { redirectTo: string }
}

export async function planCheckoutAction(request: Request) {
  const form = await readForm(request)
  // Typed values come back after a failure; the password never does.
  const { password: _password, ...repopulateFields } = Object.fromEntries(form)
  const answer = (body: Omit<PlanCheckoutAnswer, 'repopulateFields'>, status: number, headers?: HeadersInit) =>
    data<PlanCheckoutAnswer>({ ...body, repopulateFields }, { status, headers })
  const ip = clientIp(request)

  if (form.get('intent') === 'apply-promo') {
    const code = String(form.get('promo') ?? '').trim()
    if (!code) return answer({ fieldErrors: { promo: PROMO_CODE_REQUIRED } }, 400)
    const found = await promoForBuyer(code.slice(0, 64), ip)
    return found.ok ? answer({ fieldErrors: {}, promo: found.promo }, 200) : answer({ fieldErrors: { promo: found.error }, promo: null }, found.status)
  }

  const result = await checkoutValidator.validate(form)
  if (result.error) return answer({ fieldErrors: result.error.fieldErrors }, 422)
  const payments = billingService()
  if (!payments) return answer({ fieldErrors: {}, formError: CHECKOUT_FAILED }, 502)
  const outcome = await checkout(result.data, formRequestKey(form), { ip }, payments)
  if (!outcome.ok) return answer(outcome.field ? { fieldErrors: { [outcome.field]: outcome.error } } : { fieldErrors: {}, formError: outcome.error }, outcome.status)
  const redirectTo = landingPath(outcome.user)
  const cookie = await startSession(request, outcome.session)
  // Without JavaScript the browser follows Refresh after the spec's 1000 ms; with it, the page does.
  return data<PlanCheckoutAnswer>({ fieldErrors: {}, success: { redirectTo } }, { headers: { 'Set-Cookie': cookie, Refresh: `1; url=${redirectTo}` } })
}
