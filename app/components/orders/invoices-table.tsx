// The Order Invoices table: status, currency, multi-order invoices, and Mark As Paid / Refund where the state allows.
import { useSearchParams } from '@remix-run/react'
import { type Column, DataTable, ListDate } from '#app/components/data-table'
import { Badge } from '#app/components/page'
import type { InvoiceRowView } from '#app/models/order-invoices.server'
import { INVOICE_PAGE_SIZES } from '#app/models/order-invoices.names'
import { formatMoney } from '#app/rules/money'
import { canMarkPaid, canRefund } from '#app/rules/refund'
import type { TableQuery } from '#app/rules/table-query'
import { rowActionClass, RowForm, RowLink } from '#app/ui/row-actions'

// One formatter for the whole table: creating one per cell costs more than the rest of the row.

const STATUS: Record<InvoiceRowView['status'], { label: string; tone: 'green' | 'amber' | 'red' }> = {
  paid: { label: 'Paid', tone: 'green' },
  unpaid: { label: 'Unpaid', tone: 'amber' },
  refunded: { label: 'Refunded', tone: 'red' },
}

const stateOf = (i: InvoiceRowView) => ({ status: i.status, providerPaidCents: Math.round(i.providerPaidPrice * 100) })

export function InvoicesTable({ invoices, count, query, canUpdate }: { invoices: InvoiceRowView[]; count: number; query: TableQuery; canUpdate: boolean }) {
  const [params] = useSearchParams()
  const search = params.toString() ? `?${params}` : ''
  const columns: Column<InvoiceRowView>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    {
      key: 'customer',
      header: 'Customer',
      cell: (i) => (
        <div>
          <div className="font-medium">{i.customerName}</div>
          <div className="text-xs text-gray-500">{i.customerEmail}</div>
        </div>
      ),
    },
    {
      key: 'product',
      header: 'Product',
      cell: (i) =>
        i.multi ? (
          <div className="space-y-1">
            <Badge>Multiple Orders</Badge>
            <ul className="text-xs text-gray-700">
              {i.packages.map((p, n) => (
                <li key={n}>
                  {p.packageName} × {p.quantity} ({formatMoney(p.packagePrice, i.currency)})
                </li>
              ))}
            </ul>
          </div>
        ) : (
          i.packageName
        ),
    },
    { key: 'price', header: 'Price', cell: (i) => formatMoney(i.price, i.currency), className: 'whitespace-nowrap' },
    { key: 'currency', header: 'Currency', cell: (i) => i.currency.toUpperCase() },
    {
      key: 'status',
      header: 'Status',
      cell: (i) => (
        <div className="flex flex-wrap items-center gap-1">
          <Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge>
          {i.isTest ? <Badge>Test</Badge> : null}
          {i.status === 'refunded' && i.refundAmount !== null ? <span className="text-xs text-gray-600">{formatMoney(i.refundAmount, i.currency)}</span> : null}
        </div>
      ),
    },
    { key: 'createdAt', header: 'Created', cell: (i) => <ListDate value={i.createdAt} /> },
  ]
  if (canUpdate) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      cell: (i) => <InvoiceActions invoice={i} search={search} />,
    })
  }
  return <DataTable label="Order Invoices" columns={columns} rows={invoices} rowKey={(i) => i._id} total={count} query={query} sizes={INVOICE_PAGE_SIZES} searchable={false} />
}

/** Mark As Paid only for unpaid invoices, Refund only for provider-paid ones; nothing for the rest. */
function InvoiceActions({ invoice, search }: { invoice: InvoiceRowView; search: string }) {
  const state = stateOf(invoice)
  const name = `${invoice.customerName} ${invoice.packageName}`
  if (canMarkPaid(state)) {
    return (
      <RowForm action={`/orders/invoices${search}`}>
        <input type="hidden" name="intent" value="mark-paid" />
        <input type="hidden" name="invoice_id" value={invoice._id} />
        <button type="submit" aria-label={`Mark As Paid ${name}`} className={rowActionClass()}>
          Mark As Paid
        </button>
      </RowForm>
    )
  }
  if (canRefund(state)) {
    return (
      <RowLink to={`/orders/invoices/refund/${invoice._id}${search}`} preventScrollReset aria-label={`Refund ${name}`} className={rowActionClass()}>
        Refund
      </RowLink>
    )
  }
  return <span className="text-gray-500">-</span>
}
