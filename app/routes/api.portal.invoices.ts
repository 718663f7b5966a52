// GET /api/portal/invoices on an organisation's host (issue 25, ADR 0063): the customer's own invoices
// (never test ones); 404 when the organisation hides invoices.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listMyInvoices } from '#app/models/customer-invoices.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requireInvoices } from './invoices-page.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, customer } = await requireInvoices(request)
  return apiJson({ status: true, invoices: await listMyInvoices(t, customer.id) })
}

export const action = () => methodNotAllowed()
