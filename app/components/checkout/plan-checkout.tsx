// The plan checkout's page (portal spec section 2): the platform host's /checkout (app/routes/checkout.tsx).
import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { CardEntry, useCardSubmit } from '#app/components/checkout/card-entry'
import { SubdomainField, type SubdomainState } from '#app/components/checkout/subdomain-field'
import { RequestKeyField } from '#app/components/platform/billing-form'
import { FormAlert, inputClass, linkClass, primaryButtonClass, SelectField, SuccessAlert, TextField, useHydrated } from '#app/components/forms'
import { CHECKOUT_REDIRECT_DELAY_MS, CHECKOUT_SUCCESS, checkoutValidator } from '#app/models/checkout.schema'
import type { CheckoutPromoJson } from '#app/models/promotions.server'
import type { planCheckoutLoader, PlanCheckoutAnswer } from '#app/routes/plan-checkout.server'
import { describePromo, dueTodayCents } from '#app/rules/checkout-summary'
import { centsToAmount, DEFAULT_CURRENCY, formatMoney } from '#app/rules/money'
import { Table, TBody, Th, THead } from '#app/ui/table'

export type PlanCheckoutData = Awaited<ReturnType<typeof planCheckoutLoader>>

export function PlanCheckout({ loaderData, actionData }: { loaderData: PlanCheckoutData; actionData: PlanCheckoutAnswer | undefined }) {
  const hydrated = useHydrated()
  const { plan, defaults } = loaderData
  const { formRef, cardRef: card, cardError, preparing: paying, onSubmitClick: pay } = useCardSubmit('payment')
  const [businessName, setBusinessName] = useState(String(actionData?.repopulateFields?.businessName ?? ''))
  const [subdomain, setSubdomain] = useState<SubdomainState>({ value: '', status: 'idle' })
  const [promoCode, setPromoCode] = useState(String(actionData?.repopulateFields?.promo ?? defaults.promo))
  const [promo, setPromo] = useState<CheckoutPromoJson | null>(actionData?.promo !== undefined ? actionData.promo : loaderData.promo)
  const [promoError, setPromoError] = useState<string | null>(loaderData.promoError)

  // A no-JavaScript Apply answers with the promo; a failed Pay keeps the one shown.
  useEffect(() => {
    if (actionData?.promo !== undefined) setPromo(actionData.promo)
    if (actionData?.fieldErrors.promo) setPromoError(null)
  }, [actionData])

  useEffect(() => {
    const target = actionData?.success?.redirectTo
    if (!target) return
    const timer = setTimeout(() => window.location.assign(target), CHECKOUT_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [actionData])

  if (actionData?.success) {
    return (
      <CheckoutFrame>
        <SuccessAlert>{CHECKOUT_SUCCESS}</SuccessAlert>
        <p className="text-sm text-gray-600">
          Not redirected?{' '}
          <a href={actionData.success.redirectTo} className={linkClass}>
            Continue
          </a>
        </p>
      </CheckoutFrame>
    )
  }

  async function applyPromo() {
    setPromoError(null)
    const res = await fetch(`/api/checkout/getPromoInfo?code=${encodeURIComponent(promoCode.trim())}`, { headers: { Accept: 'application/json' } })
    const body = (await res.json().catch(() => ({}))) as { status?: boolean; promo?: CheckoutPromoJson; error?: string }
    if (body.status && body.promo) setPromo(body.promo)
    else {
      setPromo(null)
      setPromoError(body.error ?? 'Please Try Again Later!')
    }
  }

  const money = (amount: number) => formatMoney(amount, DEFAULT_CURRENCY)
  // A one-time plan is charged today whatever its trial flag says (nothing would charge later, ADR 0046).
  const trial = plan ? plan.trialPackage && !plan.oneTimePay : false
  const dueToday = plan
    ? dueTodayCents({ priceCents: Math.round(plan.price * 100), trialPackage: trial, trialDays: plan.trialDays, recurringInterval: plan.recurringInterval }, promo)
    : 0
  const payBlocked = !plan || loaderData.card.kind === 'unavailable' || (hydrated && subdomain.status !== 'valid')

  return (
    <CheckoutFrame>
      <FormAlert>{loaderData.planError ?? actionData?.formError}</FormAlert>
      <ValidatedForm
        formRef={formRef}
        method="post"
        validator={checkoutValidator}
        defaultValues={{ country: defaults.country, timeZone: defaults.timeZone } as never}
        noValidate
        aria-label="Checkout"
        className="grid gap-8 lg:grid-cols-5"
      >
        <RequestKeyField value={loaderData.requestKey} />
        <input type="hidden" name="item" value={defaults.item} />
        <input type="hidden" name="referralCode" value={String(actionData?.repopulateFields?.referralCode ?? defaults.referralCode)} />

        <section aria-labelledby="account-details" className="space-y-4 lg:col-span-3">
          <h2 id="account-details" className="text-lg font-semibold text-gray-900">
            Account Details
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="firstName" label="First Name" autoComplete="given-name" maxLength={100} />
            <TextField name="lastName" label="Last Name" autoComplete="family-name" maxLength={100} />
            <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={191} />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" maxLength={200} />
          </div>
          <TextField name="businessName" label="Business Name" autoComplete="organization" maxLength={120} onChange={(e) => setBusinessName(e.currentTarget.value)} />
          <SubdomainField businessName={businessName} suffix={loaderData.domainSuffix} onState={setSubdomain} />
          <TextField name="address" label="Address" autoComplete="street-address" maxLength={255} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="city" label="City" autoComplete="address-level2" maxLength={120} />
            <TextField name="postalCode" label="Postal Code" inputMode="numeric" autoComplete="postal-code" maxLength={10} />
          </div>
          <TextField name="website" label="Website" type="url" placeholder="https://" autoComplete="url" maxLength={255} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField name="country" label="Country" options={loaderData.countries} autoComplete="country" />
            <SelectField name="timeZone" label="Time Zone" options={loaderData.timeZones} />
          </div>
        </section>

        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="promo-code" className="space-y-2">
            <h2 id="promo-code" className="text-lg font-semibold text-gray-900">
              Promo Code
            </h2>
            <div className="flex gap-2">
              <label htmlFor="promo-input" className="sr-only">
                Promo Code
              </label>
              <input
                id="promo-input"
                name="promo"
                defaultValue={promoCode}
                onChange={(e) => setPromoCode(e.currentTarget.value)}
                maxLength={64}
                autoComplete="off"
                className={inputClass}
                aria-invalid={promoError || actionData?.fieldErrors.promo ? true : undefined}
              />
              <button
                type={hydrated ? 'button' : 'submit'}
                name="intent"
                value="apply-promo"
                formNoValidate
                onClick={hydrated ? applyPromo : undefined}
                disabled={hydrated && promoCode.trim() === ''}
                className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50 disabled:opacity-50"
              >
                Apply
              </button>
            </div>
            {promo ? <p className="text-sm text-green-700">{`${promo.couponCode}: ${describePromo(promo, money)}`}</p> : null}
            <FormAlert>{promoError ?? actionData?.fieldErrors.promo}</FormAlert>
          </section>

          <section aria-labelledby="payment-details" className="space-y-2">
            <h2 id="payment-details" className="text-lg font-semibold text-gray-900">
              Payment Details
            </h2>
            <CardEntry ref={card} mode={loaderData.card} />
            <FormAlert>{cardError}</FormAlert>
          </section>

          <section aria-labelledby="order-details" className="space-y-2">
            <h2 id="order-details" className="text-lg font-semibold text-gray-900">
              Order Details
            </h2>
            <Table frame="none" className="w-full text-left text-sm">
              <THead className="text-gray-500">
                <Th className="py-1 font-medium">Product</Th>
                <Th className="py-1 font-medium">Users Limit</Th>
                <Th className="py-1 text-right font-medium">Due Today</Th>
              </THead>
              <TBody className="text-gray-900">
                <tr>
                  <td className="py-1">{plan?.packageName ?? '-'}</td>
                  <td className="py-1">{plan?.maxUsers ?? '-'}</td>
                  <td className="py-1 text-right font-semibold" data-testid="due-today">
                    {plan ? money(centsToAmount(dueToday)) : '-'}
                  </td>
                </tr>
              </TBody>
            </Table>
            {plan ? (
              <p className="text-xs text-gray-500">
                {plan.oneTimePay ? (
                  `${money(plan.price)} once, nothing renews.`
                ) : (
                  <>
                    {trial && plan.trialDays ? `${plan.trialDays}-day free trial, then ` : ''}
                    {`${money(plan.price)} per ${plan.recurringInterval}.`}
                  </>
                )}
              </p>
            ) : null}
          </section>

          <button type="submit" name="intent" value="pay" onClick={pay} disabled={payBlocked || paying} className={primaryButtonClass}>
            Pay
          </button>
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to="/login" className={linkClass}>
              Login
            </Link>
          </p>
        </div>
      </ValidatedForm>
    </CheckoutFrame>
  )
}

function CheckoutFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <p className="mb-2 text-3xl font-bold tracking-tight text-brand-600">Draftdesk</p>
      <h1 className="mb-6 text-xl font-semibold text-gray-900">Checkout</h1>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">{children}</div>
    </main>
  )
}
