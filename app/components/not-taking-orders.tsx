// The back office's notice that the customer portal cannot take orders, and why (the organisation's
// payout account cannot take charges yet); the link to payouts only for those who may open them.
import { Link } from '@remix-run/react'
import { Alert } from '#app/ui/alert'

export const NOT_TAKING_ORDERS_TITLE = 'Your customer portal is not taking orders yet.'

export function NotTakingOrdersNotice({ reason, payoutsLink }: { reason: string; payoutsLink: boolean }) {
  return (
    <Alert tone="warning">
      <span>
        <strong className="font-semibold">{NOT_TAKING_ORDERS_TITLE}</strong> {reason}
      </span>
      {payoutsLink ? (
        <Link to="/payments/payouts" className="font-medium underline">
          Set up payouts
        </Link>
      ) : null}
    </Alert>
  )
}
