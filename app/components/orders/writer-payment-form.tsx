// The settings dialog's record of paying the contributor (ADR 0068): staff mark the amount as paid, or take
// the record back; no money moves. A plain form, so it works without JavaScript.
import { Form } from '@remix-run/react'
import { FormAlert } from '#app/components/form-parts'
import { Badge } from '#app/components/page'
import type { WriterPayment } from '#app/models/work-earnings.server'
import { formatDate } from '#app/rules/format'
import { buttonClass } from '#app/ui/button'

export function WriterPaymentForm({ payment, error }: { payment: WriterPayment; error?: string | null }) {
  return (
    <Form method="post" preventScrollReset className="space-y-3 border-t border-gray-100 pt-4" aria-labelledby="writer-payment-heading">
      <input type="hidden" name="intent" value="writer-paid" />
      <input type="hidden" name="paid" value={payment.paidAt ? 'false' : 'true'} />
      <h3 id="writer-payment-heading" className="text-sm font-semibold text-gray-900">
        Contributor payment
      </h3>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        {payment.paidAt ? (
          <>
            <Badge tone="green">Paid</Badge>
            <span>
              Recorded {formatDate(payment.paidAt)}
              {payment.paidBy ? ` by ${payment.paidBy}` : ''}
            </span>
            <button type="submit" className={buttonClass('secondary')}>
              Remove payment record
            </button>
          </>
        ) : (
          <>
            <Badge tone="amber">Not paid</Badge>
            {payment.hasWriter && payment.hasAmount ? (
              <button type="submit" className={buttonClass('secondary')}>
                Record as paid
              </button>
            ) : (
              <span>{payment.hasWriter ? 'Save the amount first to record a payment.' : 'Assign a contributor first.'}</span>
            )}
          </>
        )}
      </div>
    </Form>
  )
}
