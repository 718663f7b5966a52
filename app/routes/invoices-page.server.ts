// The portal's invoice pages and calls share these checks (issue 25, ADR 0063): the host's organisation, a
// signed-in customer, and invoices shown (`hide_invoices` off: otherwise the page and the call are 404).
import { data } from '@remix-run/node'
import { invoicesShown } from '#app/models/customer-invoices.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { apiError, isApiRequest } from '#app/services/http.server'

export async function requireInvoices(request: Request) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  if (!(await invoicesShown(t))) {
    if (isApiRequest(request)) throw apiError(404, 'Not Found')
    throw data('Not Found', { status: 404 })
  }
  return { t, customer }
}
