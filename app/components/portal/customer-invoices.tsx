// The customer's invoices on the portal (issue 25, ADR 0063): the status in words, and one invoice or receipt
// as a printable document, with the payment form under an open one. Works without JavaScript.
import { ValidatedForm } from 'remix-validated-form'
import { CardEntry, type CardEntryMode, useCardSubmit } from '#app/components/checkout/card-entry'
import { payInvoiceValidator } from '#app/models/customer-invoices.schema'
import type { MyInvoice } from '#app/models/customer-invoices.server'
import { formatDate } from '#app/rules/format'
import { formatMoney } from '#app/rules/money'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'

export type PayAnswer = { error: string; field: string | null }
export type PayView = { allowed: boolean; takingPayments: boolean; card: CardEntryMode } | null

const STATUS_TEXT = { unpaid: 'Open', paid: 'Paid', refunded: 'Refunded' } as const
const STATUS_CLASS = { unpaid: 'bg-amber-100 text-amber-900', paid: 'bg-green-100 text-green-900', refunded: 'bg-gray-200 text-gray-900' } as const

export function InvoiceStatus({ status }: { status: keyof typeof STATUS_TEXT }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>{STATUS_TEXT[status]}</span>
}

const money = (cents: number, currency: string) => formatMoney(cents / 100, currency)

export function InvoiceDocument({ invoice, pay, toast, answer }: { invoice: MyInvoice; pay: PayView; toast: string | null; answer: PayAnswer | null }) {
  const hydrated = useHydrated()
  const title = invoice.status === 'unpaid' ? 'Invoice' : 'Receipt'
  return (
    <div className="space-y-4">
      {toast ? (
        <Alert tone="success" className="print:hidden">
          {toast}
        </Alert>
      ) : null}
      <Card aria-labelledby="invoice-heading" className="print:shadow-none print:ring-0">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 id="invoice-heading" className="text-2xl font-semibold break-all text-gray-900">
              {title} {invoice.number}
            </h1>
            <p className="mt-1 text-sm text-gray-700">Issued {formatDate(invoice.createdAt)}</p>
            {invoice.paidAt ? <p className="text-sm text-gray-700">Paid {formatDate(invoice.paidAt)}</p> : null}
          </div>
          <InvoiceStatus status={invoice.status} />
        </div>
        <div className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <h2 className="font-semibold text-gray-900">From</h2>
            <p>{invoice.seller.name}</p>
            {invoice.seller.address ? <p>{invoice.seller.address}</p> : null}
            {invoice.seller.email ? <p>{invoice.seller.email}</p> : null}
            {invoice.seller.phone ? <p>{invoice.seller.phone}</p> : null}
          </div>
          <div>
            <h2 className="font-semibold text-gray-900">Billed to</h2>
            <p>{invoice.customer.name}</p>
            <p>{invoice.customer.email}</p>
          </div>
        </div>
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Items</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-2 font-semibold">
                  Item
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Qty
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item, i) => (
                <tr key={i} className="border-b border-gray-200">
                  <td className="py-2">{item.description}</td>
                  <td className="py-2 text-right">{item.quantity}</td>
                  <td className="py-2 text-right">{money(item.priceCents, invoice.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="py-2 text-right font-semibold">
                  Total
                </th>
                <td className="py-2 text-right font-semibold" data-testid="invoice-total">
                  {money(invoice.totalCents, invoice.currency)}
                </td>
              </tr>
              {invoice.refundCents !== null ? (
                <tr>
                  <th scope="row" colSpan={2} className="py-2 text-right font-semibold">
                    Refunded
                  </th>
                  <td className="py-2 text-right">{money(invoice.refundCents, invoice.currency)}</td>
                </tr>
              ) : null}
            </tfoot>
          </table>
        </div>
        {hydrated ? (
          <p className="mt-4 print:hidden">
            <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
              Print
            </button>
          </p>
        ) : null}
      </Card>
      {pay ? <PayInvoice pay={pay} answer={answer} total={money(invoice.totalCents, invoice.currency)} /> : null}
    </div>
  )
}

function PayInvoice({ pay, answer, total }: { pay: NonNullable<PayView>; answer: PayAnswer | null; total: string }) {
  const { formRef, cardRef, cardError, preparing, onSubmitClick } = useCardSubmit('payment')
  if (!pay.allowed) {
    return (
      <Card className="print:hidden">
        <p className="text-sm text-gray-700" role="note">
          You are signed in as this customer: only the customer can pay this invoice.
        </p>
      </Card>
    )
  }
  if (!pay.takingPayments) {
    return (
      <Card className="print:hidden">
        <p className="text-sm text-gray-700">Online payment is not available right now. Please contact us to pay this invoice.</p>
      </Card>
    )
  }
  const error = cardError ?? answer?.error ?? null
  return (
    <Card aria-labelledby="pay-heading" className="print:hidden">
      <h2 id="pay-heading" className="text-lg font-semibold text-gray-900">
        Pay this invoice
      </h2>
      <ValidatedForm formRef={formRef} method="post" validator={payInvoiceValidator} noValidate className="mt-3 space-y-3" aria-label="Pay this invoice">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <CardEntry ref={cardRef} mode={pay.card} label="Card (test mode)" placeholder="Choose a test card" />
        <button type="submit" className={buttonClass('primary')} onClick={onSubmitClick} disabled={preparing}>
          Pay {total}
        </button>
      </ValidatedForm>
    </Card>
  )
}
