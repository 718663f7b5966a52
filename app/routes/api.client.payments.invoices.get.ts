// GET /api/client/payments/invoices/get: the organisation's payment invoices and receipts, newest first
// {status, invoices: [{user, invoice_number ('n/a': a receipt), receipt_number, amount_due, amount_paid (cents), status, created (unix), invoice_url, receipt_url, ...}]}.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PAYMENT_INVOICES_FAILED } from '#app/models/payment-invoices.schema'
import { paymentInvoiceActions } from '#app/models/payment-invoices.server'
import { routeGuard } from '#app/rules/routes'
import { methodNotAllowed } from '#app/services/api-request.server'
import { billingService } from '#app/services/billing-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/payments/invoices'))
  const payments = billingService()
  if (!payments) return apiError(503, PAYMENT_INVOICES_FAILED)
  try {
    return apiJson({ status: true, invoices: await paymentInvoiceActions.list(t, payments) })
  } catch (error) {
    console.error('[billing] listing invoices failed', error instanceof Error ? error.message : error)
    return apiError(502, PAYMENT_INVOICES_FAILED)
  }
}

export const action = () => methodNotAllowed()
