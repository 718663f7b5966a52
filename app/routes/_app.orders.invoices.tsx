// /orders/invoices: Order Invoices, newest first, 100/150/200 per page; Mark As Paid here, Refund in the nested dialog route.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '#app/components/form-parts'
import { InvoicesTable } from '#app/components/orders/invoices-table'
import { PageHeader } from '#app/components/page'
import { markPaidSchema } from '#app/models/order-invoices.schema'
import { INVOICE_LOAD_FAILED, INVOICE_PAGE_SIZES, MARKED_PAID } from '#app/models/order-invoices.names'
import { invoiceActions, MARK_PAID_AUDIT, toInvoiceRowView } from '#app/models/order-invoices.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery } from '#app/rules/table-query'
import { listLoadErrorBoundary } from '#app/components/error-screens'
import { requireAuditedPermission, requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/orders/invoices'))
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: INVOICE_PAGE_SIZES, sortable: ['createdAt'], defaultSort: 'createdAt', defaultDir: 'desc' })
  const [list, { toast, headers }] = await Promise.all([invoiceActions.list(t, { start: query.start, size: query.size }), takeToast(request)])
  return data(
    {
      invoices: list.invoices.map(toInvoiceRowView),
      count: list.count,
      unPaidInvoices: list.unPaidInvoices,
      query,
      canUpdate: can(t.user, { all: ['UPDATE_ORDERS_INVOICES'] }),
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'mark-paid':
      return markPaid(request, form)
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function markPaid(request: Request, form: FormData) {
  const t = await requireAuditedPermission(request, { all: ['UPDATE_ORDERS_INVOICES'] }, MARK_PAID_AUDIT)
  const parsed = markPaidSchema.safeParse({ invoice_id: form.get('invoice_id') })
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'invoice_id is required' }, { status: 400 })
  const result = await invoiceActions.markPaid(t, request, parsed.data.invoice_id)
  if (!result.ok) return data({ error: result.error }, { status: result.status })
  const url = new URL(request.url)
  return redirectWithToast(request, `${url.pathname}${url.search}`, MARKED_PAID)
}

export default function OrderInvoicesRoute() {
  const { invoices, count, unPaidInvoices, query, canUpdate, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader title="Order Invoices">
        <p className="text-sm text-gray-600" data-testid="unpaid-invoices">
          Unpaid invoices: <span className="font-semibold text-gray-900">{unPaidInvoices}</span>
        </p>
      </PageHeader>
      {toast ? <Alert tone="success">{toast}</Alert> : null}
      <FormAlert>{actionData?.error}</FormAlert>
      <Outlet />
      <InvoicesTable invoices={invoices} count={count} query={query} canUpdate={canUpdate} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Order Invoices | Draftdesk' }]

/** Refusals (403, 404) read as everywhere else; anything unexpected is the spec's message for this list. */
export const ErrorBoundary = listLoadErrorBoundary('Order Invoices', INVOICE_LOAD_FAILED)
