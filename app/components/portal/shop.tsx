// Small pieces the shop's pages share.
import { formatMoney } from '#app/rules/money'

export function Price({ cents, currency }: { cents: number; currency: string }) {
  return <>{formatMoney(cents / 100, currency)}</>
}

/** Shown instead of buying when the organisation cannot take payments yet (its owner sees why in the back office). */
export function NotTakingOrders() {
  return (
    <p role="status" className="mt-4 rounded-md bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      We are not taking orders yet. Please check back soon.
    </p>
  )
}

/** 44 px tall targets (WCAG 2.5.8 asks 24): the shop is used on phones. */
export const shopButton = 'inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60'
export const shopSecondaryButton = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium text-brand-700 ring-1 ring-gray-300 hover:bg-gray-50'

/** Subtotal (when asked), the coupon's discount and the total of a cart, as a description list. */
export function CartTotals(props: {
  subtotalCents?: number
  discountCents: number
  couponCode: string | null | undefined
  totalCents: number
  currency: string
  className?: string
}) {
  const { currency } = props
  return (
    <dl className={`space-y-1 text-sm ${props.className ?? ''}`}>
      {props.subtotalCents !== undefined ? (
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>
            <Price cents={props.subtotalCents} currency={currency} />
          </dd>
        </div>
      ) : null}
      {props.discountCents > 0 ? (
        <div className="flex justify-between">
          <dt>Discount ({props.couponCode})</dt>
          <dd>
            −<Price cents={props.discountCents} currency={currency} />
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd>
          <Price cents={props.totalCents} currency={currency} />
        </dd>
      </div>
    </dl>
  )
}
