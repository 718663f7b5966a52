// GET /api/client/orders/invoices?start=&size=: {status, invoices, unPaidInvoices, count}, newest first.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { invoiceListQuerySchema } from '#app/models/order-invoices.schema'
import { invoiceActions } from '#app/models/order-invoices.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_ORDERS_INVOICES'] })
  const query = parseQuery(request, invoiceListQuerySchema)
  if (!query.ok) return query.response
  const { invoices, count, unPaidInvoices } = await invoiceActions.list(t, query.data)
  return apiJson({ status: true, invoices, unPaidInvoices, count })
}

export const action = () => methodNotAllowed()
