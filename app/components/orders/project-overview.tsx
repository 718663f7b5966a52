// The top of the project page: product, tags, customer, progress and dates, and the team members.
import { Link } from '@remix-run/react'
import type { Project } from '#app/models/projects.server'
import { Card } from '#app/ui/card'
import { Badge } from '#app/components/page'
import { formatMoney } from '#app/rules/money'
import { PAYMENT_LABELS, type PaymentState } from '#app/rules/order-payment'
import { PriorityBadge } from './priority-badge'

const DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })

export const formatDate = (iso: string) => DATE.format(new Date(iso))
export const formatDateTime = (iso: string) => `${DATE_TIME.format(new Date(iso))} UTC`

export const NOT_AVAILABLE = 'Not Available'
export const NOT_ASSIGNED = 'Not Assigned Yet'

type Order = Project['order']

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm text-gray-900">{children}</dd>
    </div>
  )
}

/** The order number always; price and payment state only when this viewer may see them (hide_customer_price). */
export type SummaryMoney = { orderNumber: string; price: number | null; currency: string; payment: PaymentState | null }

export function ProjectSummary({ order, money, editTagsHref }: { order: Order; money: SummaryMoney; editTagsHref: string | null }) {
  return (
    <Card aria-label="Project summary">
      <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Order Number">
          <span className="font-mono break-all" data-testid="order-number">
            {money.orderNumber}
          </span>
        </Field>
        {money.price !== null ? <Field label="Price">{formatMoney(money.price, money.currency)}</Field> : null}
        {money.payment ? (
          <Field label="Payment">
            <Badge tone={PAYMENT_LABELS[money.payment].tone}>{PAYMENT_LABELS[money.payment].label}</Badge>
          </Field>
        ) : null}
        <Field label="Product">
          <span className="text-base font-semibold">{order.package.packageName}</span>
        </Field>
        <Field label="Customer">
          <span className="block">{order.customer}</span>
          <span className="block text-gray-500">{order.customerEmail}</span>
        </Field>
        <Field label="Status">
          <div className="flex items-center gap-3">
            <div className="h-2 w-40 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${order.statusPercentage}%` }} />
            </div>
            <span data-testid="status-percentage">{order.statusPercentage}%</span>
          </div>
          {order.markedAsComplete ? <span className="mt-1 block text-xs text-gray-500">Marked As Completed</span> : null}
        </Field>
        <Field label="Start Date">{formatDate(order.createdAt)}</Field>
        <Field label="Due Date">
          <span data-testid="due-date">{order.dueDate ? formatDate(order.dueDate) : NOT_AVAILABLE}</span>
        </Field>
        <Field label="Priority">
          <span data-testid="priority">
            <PriorityBadge priority={order.priority} />
          </span>
        </Field>
        <Field label="Tags">
          <div className="flex flex-wrap items-center gap-1.5" data-testid="project-tags">
            {order.customTags.length === 0 ? <span className="text-gray-500">No tags</span> : null}
            {order.customTags.map((tag) => (
              <span key={tag._id} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {tag.text}
              </span>
            ))}
            {editTagsHref ? (
              <Link to={editTagsHref} preventScrollReset className="text-xs font-medium text-brand-600 hover:underline">
                Edit tags
              </Link>
            ) : null}
          </div>
        </Field>
      </dl>
    </Card>
  )
}

export function ProjectTeam({ order }: { order: Order }) {
  return (
    <Card aria-label="Team Members">
      <h2 className="mb-3 text-base font-semibold text-gray-900">Team Members</h2>
      <dl className="space-y-3">
        <Field label="Contributor">{order.writer ?? NOT_ASSIGNED}</Field>
        <Field label="Reviewer">{order.reviewer ?? NOT_ASSIGNED}</Field>
      </dl>
    </Card>
  )
}
