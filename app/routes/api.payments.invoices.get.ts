// GET /api/payments/invoices/get?clientId=&starting_after=&limit=: the platform's view of payment
// invoices (superadmin, or platform staff whose role holds the payments module), across organisations
// or for one; {status, invoices (each with its client), hasMore}. Organisations use /api/client/payments/invoices/get (ADR 0036).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAYMENT_INVOICES_FAILED, platformInvoicesQuerySchema } from '#app/models/payment-invoices.schema'
import { platformPaymentInvoices } from '#app/models/payment-invoices.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

const CLIENT_NOT_FOUND = 'Client not found'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'payments')
  const query = parseQuery(request, platformInvoicesQuerySchema)
  if (!query.ok) return query.response
  const payments = billingService()
  if (!payments) return apiError(503, PAYMENT_INVOICES_FAILED)
  try {
    const page = await platformPaymentInvoices(query.data, payments)
    if (!page) return apiError(404, CLIENT_NOT_FOUND)
    return apiJson({ status: true, invoices: page.invoices, hasMore: page.hasMore })
  } catch (error) {
    // An unknown starting_after is Stripe's resource_missing: the caller's cursor, not our failure.
    if ((error as { code?: string }).code === 'resource_missing') return apiError(400, 'starting_after is not a known invoice')
    console.error('[billing] listing payment invoices failed', error instanceof Error ? error.message : error)
    return apiError(502, PAYMENT_INVOICES_FAILED)
  }
}

export const action = () => methodNotAllowed()
