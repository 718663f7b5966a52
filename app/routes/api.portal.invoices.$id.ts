// GET /api/portal/invoices/{id} on an organisation's host (issue 25, ADR 0063): one of the customer's
// invoices, 404 for any other (or when the organisation hides invoices).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getMyInvoice, INVOICE_NOT_FOUND } from '#app/models/customer-invoices.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireInvoices } from './invoices-page.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t, customer } = await requireInvoices(request)
  const invoice = await getMyInvoice(t, customer, params.id ?? '')
  if (!invoice) return apiError(404, INVOICE_NOT_FOUND)
  return apiJson({ status: true, invoice })
}

export const action = () => methodNotAllowed()
