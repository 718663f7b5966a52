// /cart: the shopper's cart (issue 24). `?addItem={id}&redirectTo={url}` is the back office's
// "Add to Cart Link": it adds the product and goes on (only ever to the organisation's own hosts).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FieldError, inputClass, labelClass } from '#app/components/form-parts'
import { CartTotals, NotTakingOrders, Price, shopButton, shopSecondaryButton } from '#app/components/portal/shop'
import { addAndRedirectTarget, cartHeaders, shopperCart } from '#app/models/cart-requests.server'
import { applyCoupon, removeCoupon, removeFromCart } from '#app/models/carts.server'
import { requirePortalHost } from '#app/models/portal-auth.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { cartIdFromCookie } from '#app/services/cart-cookie.server'
import { readForm } from '#app/services/form-request.server'

const text = (value: FormDataEntryValue | null, max = 64) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const url = new URL(request.url)
  const addItem = url.searchParams.get('addItem')
  let addError: string | null = null
  if (addItem !== null) {
    const { change, to } = await addAndRedirectTarget(t, request, text(addItem), url.searchParams.get('redirectTo'))
    if (change.ok) throw redirect(to!, { headers: await cartHeaders(request, change) })
    addError = change.error
  }
  const [cart, payments] = await Promise.all([shopperCart(t, request), storefrontPayments(t)])
  return data(
    {
      addError,
      takingOrders: payments.takingOrders,
      cart: cart && {
        lines: cart.lines.map((l, i) => ({ productId: l.publicId, name: l.name, priceCents: l.priceCents, paidCents: cart.price.lineTotalsCents[i]! })),
        coupon: cart.coupon ? { code: cart.coupon.code, problem: cart.couponProblem, appliesTo: cart.coupon.productName } : null,
        subtotalCents: cart.price.subtotalCents,
        discountCents: cart.price.discountCents,
        totalCents: cart.price.totalCents,
        currency: cart.currency,
      },
    },
    { status: addError ? 404 : 200 },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = requirePortalHost(request)
  const form = await readForm(request)
  const intent = text(form.get('intent'))
  const cartId = await cartIdFromCookie(request)
  if (intent === 'add') {
    const { change, to } = await addAndRedirectTarget(t, request, text(form.get('productId')), null)
    if (!change.ok) return data({ field: 'productId', error: change.error, code: '' }, { status: change.status })
    return redirect(to!, { headers: await cartHeaders(request, change) })
  }
  if (intent === 'remove') {
    await removeFromCart(t, cartId, text(form.get('productId')))
    return redirect('/cart')
  }
  if (intent === 'coupon') {
    const code = text(form.get('code'))
    if (!code) return data({ field: 'code', error: 'Enter Coupon Code', code }, { status: 400 })
    const change = await applyCoupon(t, cartId, code)
    if (!change.ok) return data({ field: 'code', error: change.error, code }, { status: change.status })
    return redirect('/cart')
  }
  if (intent === 'removeCoupon') {
    await removeCoupon(t, cartId)
    return redirect('/cart')
  }
  return data({ field: 'intent', error: 'Unknown action', code: '' }, { status: 400 })
}

export default function CartRoute() {
  const { cart, takingOrders, addError } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const empty = !cart || cart.lines.length === 0
  return (
    <>
      <h1 className="text-2xl font-semibold text-gray-900">Your cart</h1>
      {addError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {addError}
        </p>
      ) : null}
      {posted && posted.field !== 'code' ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {posted.error}
        </p>
      ) : null}
      {empty ? (
        <p className="mt-6 text-gray-700">
          Your cart is empty.{' '}
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Browse our services
          </Link>
        </p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="cart-items" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 lg:col-span-2">
            <h2 id="cart-items" className="sr-only">
              Items
            </h2>
            <ul className="divide-y divide-gray-200">
              {cart.lines.map((l) => (
                <li key={l.productId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <Link to={`/shop/${l.productId}`} className="font-medium text-gray-900 hover:underline">
                      {l.name}
                    </Link>
                    <p className="text-sm text-gray-700">
                      <Price cents={l.priceCents} currency={cart.currency} />
                      {l.paidCents !== l.priceCents ? (
                        <>
                          {' '}
                          → <Price cents={l.paidCents} currency={cart.currency} /> with your coupon
                        </>
                      ) : null}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="productId" value={l.productId} />
                    <button type="submit" className={shopSecondaryButton} disabled={busy}>
                      Remove<span className="sr-only"> {l.name}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="cart-summary" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <h2 id="cart-summary" className="text-lg font-semibold text-gray-900">
              Summary
            </h2>
            <CartTotals
              className="mt-3"
              subtotalCents={cart.subtotalCents}
              discountCents={cart.discountCents}
              couponCode={cart.coupon?.code}
              totalCents={cart.totalCents}
              currency={cart.currency}
            />
            {cart.coupon ? (
              <div className="mt-4 text-sm">
                <p>
                  Coupon <strong>{cart.coupon.code}</strong>
                  {cart.coupon.appliesTo ? ` (for ${cart.coupon.appliesTo})` : ''}
                </p>
                {cart.coupon.problem ? (
                  <p role="alert" className="mt-1 text-red-700">
                    {cart.coupon.problem}
                  </p>
                ) : null}
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="removeCoupon" />
                  <button type="submit" className="min-h-11 font-medium text-brand-700 hover:underline">
                    Remove coupon
                  </button>
                </Form>
              </div>
            ) : (
              <Form method="post" className="mt-4" noValidate>
                <input type="hidden" name="intent" value="coupon" />
                <label htmlFor="coupon-code" className={labelClass}>
                  Coupon code
                </label>
                <div className="flex gap-2">
                  <input
                    id="coupon-code"
                    name="code"
                    className={inputClass}
                    defaultValue={posted?.code ?? ''}
                    autoComplete="off"
                    maxLength={64}
                    aria-invalid={posted?.field === 'code' || undefined}
                    aria-describedby={posted?.field === 'code' ? 'coupon-code-error' : undefined}
                  />
                  <button type="submit" className={shopSecondaryButton} disabled={busy}>
                    Apply
                  </button>
                </div>
                <FieldError id="coupon-code-error" error={posted?.field === 'code' ? posted.error : undefined} />
              </Form>
            )}
            {takingOrders ? (
              <Link to="/checkout" className={`${shopButton} mt-6 w-full`}>
                Checkout
              </Link>
            ) : (
              <NotTakingOrders />
            )}
          </section>
        </div>
      )}
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Cart' }]
