// /invoices on an organisation's host (issue 25, ADR 0063): the customer's invoices and receipts, an open one
// payable online. 404 when the organisation hides invoices.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { InvoiceStatus } from '#app/components/portal/customer-invoices'
import { listMyInvoices } from '#app/models/customer-invoices.server'
import { formatDate } from '#app/rules/format'
import { formatMoney } from '#app/rules/money'
import { Card } from '#app/ui/card'
import { requireInvoices } from './invoices-page.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, customer } = await requireInvoices(request)
  return { invoices: await listMyInvoices(t, customer.id) }
}

export default function InvoicesRoute() {
  const { invoices } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-gray-900">Invoices</h1>
      <Card>
        {invoices.length === 0 ? (
          <p className="text-sm text-gray-700">You have no invoices yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {invoices.map((i) => (
              <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div>
                  <Link to={`/invoices/${i._id}`} className="font-medium text-brand-700 underline">
                    {i.status === 'unpaid' ? 'Invoice' : 'Receipt'} {i.number}
                  </Link>
                  <p className="text-gray-700">
                    {i.description} · {formatDate(i.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-medium text-gray-900">{formatMoney(i.totalCents / 100, i.currency)}</span>
                  <InvoiceStatus status={i.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Invoices' }]
