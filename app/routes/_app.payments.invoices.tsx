// /payments/invoices: Invoices and Receipts from Stripe for the organisation (amounts in cents shown as
// money), with links to Stripe's invoice, PDF and receipt, and Pay Now on an open invoice (ADR 0036).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormAlert, linkClass, SuccessAlert } from '#app/components/form-parts'
import { SmallTable } from '#app/components/content/list-parts'
import { Badge, PageHeader } from '#app/components/page'
import { INVOICE_PAID, PAY_FAILED, PAYMENT_INVOICES_FAILED, payInvoiceSchema } from '#app/models/payment-invoices.schema'
import { paymentInvoiceActions } from '#app/models/payment-invoices.server'
import { PAY_OPEN_INVOICE } from '#app/models/subscription.schema'
import { centsToAmount, formatMoney } from '#app/rules/money'
import { isPayable, RECEIPT_NUMBER, type PaymentInvoiceRow } from '#app/rules/payment-invoices'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { formatDate } from '#app/rules/format'
import { readForm } from '#app/services/form-request.server'
import { rowActionClass } from '#app/ui/row-actions'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/payments/invoices'))
  const payments = billingService()
  let invoices: PaymentInvoiceRow[] = []
  let loadError: string | null = payments ? null : PAYMENT_INVOICES_FAILED
  if (payments) {
    try {
      invoices = await paymentInvoiceActions.list(t, payments)
    } catch (error) {
      console.error('[billing] listing invoices failed', error instanceof Error ? error.message : error)
      loadError = PAYMENT_INVOICES_FAILED
    }
  }
  const { toast, headers } = await takeToast(request)
  return data({ invoices, loadError, toast, canPay: can(t.user, PAY_OPEN_INVOICE), requestKey: newRequestKey() }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== 'pay') return data({ error: 'Unknown action', requestKey: newRequestKey() }, { status: 400 })
  const t = await requirePermission(request, PAY_OPEN_INVOICE)
  const parsed = payInvoiceSchema.safeParse({ invoice_id: form.get('invoice_id') })
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? PAY_FAILED, requestKey: newRequestKey() }, { status: 400 })
  const payments = billingService()
  const outcome = payments ? await paymentInvoiceActions.pay(t, request, parsed.data.invoice_id, payments, formRequestKey(form)) : null
  // A new key: paying again after a refusal (a card topped up, say) is a new attempt, not a replay.
  if (!outcome?.ok) return data({ error: outcome?.error ?? PAY_FAILED, requestKey: newRequestKey() }, { status: outcome?.status ?? 503 })
  return redirectWithToast(request, '/payments/invoices', INVOICE_PAID)
}

const STATUS: Record<string, { label: string; tone: 'green' | 'amber' | 'gray' | 'red' }> = {
  paid: { label: 'Paid', tone: 'green' },
  open: { label: 'Open', tone: 'amber' },
  void: { label: 'Void', tone: 'gray' },
  uncollectible: { label: 'Uncollectible', tone: 'red' },
  refunded: { label: 'Refunded', tone: 'gray' },
}

function External({ href, children, label }: { href: string | null; children: string; label: string }) {
  if (!href) return null
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={label}>
      {children}
    </a>
  )
}

export default function PaymentInvoicesRoute() {
  const { invoices, loadError, toast, canPay, requestKey } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const key = answer?.requestKey ?? requestKey
  const paying = useNavigation().formData?.get('intent') === 'pay'
  return (
    <div className="space-y-6">
      <PageHeader title="Invoices and Receipts" />
      <SuccessAlert>{toast}</SuccessAlert>
      <FormAlert>{loadError ?? answer?.error}</FormAlert>
      {canPay && invoices.some(isPayable) ? (
        <p className="text-sm text-gray-600">
          Pay Now charges your default card. To pay with another card, add it or make it the default on{' '}
          <Link to="/payments/methods" className={linkClass}>
            Payment Methods
          </Link>
          .
        </p>
      ) : null}
      <SmallTable<PaymentInvoiceRow>
        label="Invoices and Receipts"
        rows={invoices}
        columns={[
          {
            header: 'Number',
            cell: (r) => (r.invoice_number === RECEIPT_NUMBER ? <span className="text-gray-600">Receipt</span> : <span className="font-medium">{r.invoice_number}</span>),
          },
          { header: 'Date', cell: (r) => formatDate(r.created * 1000) },
          { header: 'Amount Due', cell: (r) => formatMoney(centsToAmount(r.amount_due), r.currency) },
          { header: 'Amount Paid', cell: (r) => formatMoney(centsToAmount(r.amount_paid), r.currency) },
          { header: 'Status', cell: (r) => <Badge tone={STATUS[r.status]?.tone ?? 'gray'}>{STATUS[r.status]?.label ?? r.status}</Badge> },
          {
            header: 'Links',
            cell: (r) => (
              <span className="flex flex-wrap gap-3">
                <External href={r.invoice_url} label={`View invoice ${r.invoice_number}`}>
                  Invoice
                </External>
                <External href={r.invoice_pdf} label={`Download invoice ${r.invoice_number} PDF`}>
                  PDF
                </External>
                <External href={r.receipt_url} label={`Receipt of ${r.invoice_number === RECEIPT_NUMBER ? 'payment' : `invoice ${r.invoice_number}`}`}>
                  Receipt
                </External>
              </span>
            ),
          },
          {
            header: 'Actions',
            cell: (r) =>
              canPay && isPayable(r) ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="invoice_id" value={r._id} />
                  <input type="hidden" name="requestKey" value={key} />
                  <button type="submit" className={rowActionClass()} disabled={paying} aria-label={`Pay Now invoice ${r.invoice_number}`}>
                    Pay Now
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Invoices and Receipts | Draftdesk' }]
