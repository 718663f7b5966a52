// POST /api/portal/invoices/{id}/pay {payment} on an organisation's host (issue 25, ADR 0063): pays one of the
// customer's open invoices (a direct charge on the organisation's account; the amount is the invoice's).
// A log-in-as session is refused (403); a paid invoice answers paid again without a second charge.
import type { ActionFunctionArgs } from '@remix-run/node'
import { payInvoiceSchema } from '#app/models/customer-invoices.schema'
import { payMyInvoice } from '#app/models/customer-invoices.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireInvoices } from './invoices-page.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t, customer } = await requireInvoices(request)
  const body = await parseBody(request, payInvoiceSchema)
  if (!body.ok) return body.response
  const result = await payMyInvoice(t, customer, params.id ?? '', body.data.payment)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, invoiceId: result.invoiceId, alreadyPaid: result.alreadyPaid })
}
