// The portal checkout's page (issue 24): account, agreement, payment, then the confirmation.
// Works without JavaScript (a test card from a list); with it and a publishable key, Stripe Elements.
import { Link, useNavigation } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { CardEntry, useCardSubmit } from '#app/components/checkout/card-entry'
import { TextField } from '#app/components/forms'
import { CartTotals, Price, shopButton } from '#app/components/portal/shop'
import { portalCheckoutValidator } from '#app/models/portal-checkout.schema'
import type { portalCheckoutLoader, PortalCheckoutAnswer } from '#app/routes/portal-checkout.server'

export type PortalCheckoutData = Awaited<ReturnType<typeof portalCheckoutLoader>>

const sectionClass = 'rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200'

export function PortalCheckout({ loaderData, actionData }: { loaderData: PortalCheckoutData; actionData: PortalCheckoutAnswer | undefined }) {
  if (loaderData.done) return <Confirmation done={loaderData.done} />
  if (!loaderData.cart) {
    return (
      <>
        <h1 className="text-2xl font-semibold text-gray-900">Checkout</h1>
        <p className="mt-4 text-gray-700">
          {loaderData.problem}.{' '}
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Browse our services
          </Link>
        </p>
      </>
    )
  }
  return <CheckoutForm cart={loaderData.cart} actionData={actionData} />
}

type Cart = NonNullable<PortalCheckoutData['cart']>

function CheckoutForm({ cart, actionData }: { cart: Cart; actionData: PortalCheckoutAnswer | undefined }) {
  // With Elements, the card becomes a payment method on the organisation's account first; then the form goes as usual.
  const { formRef, cardRef: card, cardError, preparing, onSubmitClick: pay } = useCardSubmit('payment')
  const submitting = useNavigation().state === 'submitting' || preparing
  const formError = actionData?.formError ?? actionData?.fieldErrors.code ?? cart.couponProblem
  const back = `/checkout?cart=${cart.id}`

  let step = 0
  return (
    <>
      <h1 className="text-2xl font-semibold text-gray-900">Checkout</h1>
      {formError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <ValidatedForm formRef={formRef} method="post" validator={portalCheckoutValidator} noValidate aria-label="Checkout" className="mt-6 grid gap-6 lg:grid-cols-3">
        <input type="hidden" name="cartId" value={cart.id} />
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="step-account" className={sectionClass}>
            <h2 id="step-account" className="text-lg font-semibold text-gray-900">
              {++step}. Your account
            </h2>
            {cart.customer ? (
              <p className="mt-2 text-sm text-gray-700">
                Signed in as {cart.customer.firstName} {cart.customer.lastName} ({cart.customer.email}).
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-gray-700">
                  We will create your account so you can follow your order.{' '}
                  <Link to={`/login?redirectTo=${encodeURIComponent(back)}`} className="font-medium text-brand-700 hover:underline">
                    Already a customer? Sign in
                  </Link>
                </p>
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={100} />
                  <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={100} />
                  <TextField name="email" label="E-mail" type="email" autoComplete="email" maxLength={191} />
                  <TextField name="password" label="Password (8 characters or more)" type="password" autoComplete="new-password" maxLength={200} />
                </div>
              </>
            )}
          </section>

          {cart.contracts.length ? (
            <section aria-labelledby="step-contract" className={sectionClass}>
              <h2 id="step-contract" className="text-lg font-semibold text-gray-900">
                {++step}. Agreement
              </h2>
              {cart.contracts.map((c) => (
                <div key={c.title} className="mt-3">
                  <h3 className="font-medium text-gray-900">{c.title}</h3>
                  <div
                    className="prose prose-sm mt-2 max-h-72 overflow-y-auto rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200"
                    role="region"
                    aria-label={c.title}
                    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
                    tabIndex={0}
                    dangerouslySetInnerHTML={{ __html: c.html }}
                  />
                </div>
              ))}
              <div className="mt-4">
                <TextField name="contractName" label="Type your full name to accept the agreement" autoComplete="name" maxLength={201} />
              </div>
            </section>
          ) : null}

          <section aria-labelledby="step-payment" className={sectionClass}>
            <h2 id="step-payment" className="text-lg font-semibold text-gray-900">
              {++step}. Payment
            </h2>
            <div className="mt-3">
              <CardEntry ref={card} mode={cart.card} label="Card (test mode)" placeholder="Choose a test card" />
              {cardError ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {cardError}
                </p>
              ) : null}
            </div>
          </section>
        </div>

        <section aria-labelledby="order-summary" className={`${sectionClass} h-fit`}>
          <h2 id="order-summary" className="text-lg font-semibold text-gray-900">
            Your order
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {cart.lines.map((l) => (
              <li key={l.productId} className="flex justify-between gap-2">
                <span>{l.name}</span>
                <Price cents={l.priceCents} currency={cart.currency} />
              </li>
            ))}
          </ul>
          <CartTotals className="mt-3" discountCents={cart.discountCents} couponCode={cart.couponCode} totalCents={cart.totalCents} currency={cart.currency} />
          {cart.takingOrders ? (
            <button type="submit" onClick={pay} disabled={submitting || cart.card.kind === 'unavailable'} className={`${shopButton} mt-4 w-full`}>
              {submitting ? 'Paying…' : 'Pay now'}
            </button>
          ) : (
            <p role="status" className="mt-4 text-sm text-amber-900">
              We are not taking orders yet. Please check back soon.
            </p>
          )}
          <p className="mt-3 text-center text-sm">
            <Link to="/cart" className="font-medium text-brand-700 hover:underline">
              Back to cart
            </Link>
          </p>
        </section>
      </ValidatedForm>
    </>
  )
}

function Confirmation({ done }: { done: NonNullable<PortalCheckoutData['done']> }) {
  return (
    <section className={sectionClass} aria-labelledby="thanks">
      <h1 id="thanks" className="text-2xl font-semibold text-gray-900">
        Thank you! Your order is placed.
      </h1>
      <p className="mt-2 text-gray-700">We have sent a confirmation and your receipt to {done.email}.</p>
      <ul className="mt-4 divide-y divide-gray-200">
        {done.orders.map((o) => (
          <li key={o._id} className="flex justify-between gap-2 py-2 text-sm">
            <span>
              {o.name} <span className="text-gray-600">(order {o._id})</span>
              {o.signed ? (
                <>
                  {' '}
                  <Link to={`/agreements/${o._id}`} className="font-medium text-brand-700 hover:underline">
                    View the agreement you signed<span className="sr-only"> for {o.name}</span>
                  </Link>
                </>
              ) : null}
            </span>
            <Price cents={o.priceCents} currency={done.currency} />
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between border-t border-gray-200 pt-3 font-semibold">
        <span>Paid</span>
        <Price cents={done.totalCents} currency={done.currency} />
      </p>
      <p className="mt-6">
        <Link to="/account" className={shopButton}>
          Go to my account
        </Link>
      </p>
    </section>
  )
}
