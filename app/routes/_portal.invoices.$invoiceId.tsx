// /invoices/{id} on an organisation's host (issue 25, ADR 0063): one of the customer's invoices, printable;
// an open one is paid here (a test card without JavaScript, Stripe Elements with it). 404 for anyone
// else's invoice, a test one, or when the organisation hides invoices.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { InvoiceDocument, type PayAnswer } from '#app/components/portal/customer-invoices'
import { payInvoiceSchema } from '#app/models/customer-invoices.schema'
import { getMyInvoice, payMyInvoice } from '#app/models/customer-invoices.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { cardEntryMode } from './client-billing-request.server'
import { requireInvoices } from './invoices-page.server'

export const INVOICE_PAID_TOAST = 'Thank you! Your payment was received.'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t, customer } = await requireInvoices(request)
  const invoice = await getMyInvoice(t, customer, params.invoiceId ?? '')
  if (!invoice) throw data('Invoice not found', { status: 404 })
  const payments = invoice.status === 'unpaid' ? await storefrontPayments(t) : null
  const card = cardEntryMode()
  const { toast, headers } = await takeToast(request)
  return data(
    {
      invoice,
      toast,
      pay:
        invoice.status === 'unpaid'
          ? {
              allowed: customer.impersonatorUserId === null,
              takingPayments: !!payments?.takingOrders,
              card: card.kind === 'elements' && payments?.takingOrders ? { ...card, stripeAccount: payments.accountId } : card,
            }
          : null,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { t, customer } = await requireInvoices(request)
  const id = params.invoiceId ?? ''
  const parsed = payInvoiceSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data<PayAnswer>({ error: parsed.error.issues[0]?.message ?? 'Please choose a card to pay with.', field: 'payment' }, { status: 400 })
  const result = await payMyInvoice(t, customer, id, parsed.data.payment)
  if (!result.ok) return data<PayAnswer>({ error: result.error, field: result.field ?? null }, { status: result.status })
  return redirectWithToast(request, `/invoices/${encodeURIComponent(id)}`, INVOICE_PAID_TOAST)
}

export default function InvoiceRoute() {
  const { invoice, pay, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as PayAnswer | undefined
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p className="print:hidden">
        <Link to="/invoices" className="text-sm font-medium text-brand-700 hover:underline">
          ← Invoices
        </Link>
      </p>
      <InvoiceDocument invoice={invoice} pay={pay} toast={toast} answer={answer ?? null} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.invoice ? `${data.invoice.status === 'unpaid' ? 'Invoice' : 'Receipt'} ${data.invoice.number}` : 'Invoice not found' },
]
