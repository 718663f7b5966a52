// GET /api/customers/get?archived=&active=: the organisation's customers ({status, customers, count}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listCustomers, toCustomerJson } from '#app/models/customers.server'
import { customerListQuerySchema } from '#app/models/customers.schema'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_CUSTOMERS'] })
  const query = parseQuery(request, customerListQuerySchema)
  if (!query.ok) return query.response
  const { rows, count } = await listCustomers(t, { ...query.data, sort: 'createdAt', dir: 'desc' })
  const customers = rows.map(toCustomerJson)
  return apiJson({ status: true, customers, data: customers, count })
}

export const action = () => methodNotAllowed()
