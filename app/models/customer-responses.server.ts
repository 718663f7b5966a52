// The JSON answer of the customer toggles, shared by change_status and PATCH /api/customers/{id}.
import { apiError, apiJson } from '#app/services/http.server'
import type { Tenant } from './auth-guards.server'
import { customerActions, toCustomerJson } from './customers.server'
import { CUSTOMER_CHANGED, type CustomerStatusInput } from './customers.schema'

export async function changeCustomerStatus(t: Tenant, request: Request, id: string, change: CustomerStatusInput) {
  const customer = await customerActions.setStatus(t, request, id, { active: change.active, archived: change.archived })
  if (!customer) return apiError(404, 'Customer not found')
  return apiJson({ status: true, message: CUSTOMER_CHANGED, customer: toCustomerJson(customer) })
}
