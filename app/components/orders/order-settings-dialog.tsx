// The Settings dialog of one order: due date, priority, amount paid to the contributor, the test, hidden and
// archived switches, and mark as completed behind its confirmation. Every form posts to the dialog's route.
import { Form, Link } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { SubmitButton, TextField } from '#app/components/forms'
import { SwitchForm } from '#app/components/people/switch-form'
import { Badge } from '#app/components/page'
import { amountPaidValidator, dueDateValidator, ORDER_FORMS, priorityValidator } from '#app/models/order-actions.schema'
import type { OrderJson } from '#app/models/orders.server'
import { buttonClass } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'
import { FormRefusal, PriorityBadge, PriorityPicker } from './order-settings-form-parts'
import type { WriterPayment } from '#app/models/work-earnings.server'
import { WriterPaymentForm } from './writer-payment-form'

export const CONFIRM_COMPLETE = 'You will not be able to revert this.'

const section = 'space-y-3 border-t border-gray-100 pt-4 first:border-t-0 first:pt-0'
const saveButton = buttonClass('primary')

type Props = {
  order: OrderJson
  today: string
  /** The dialog's own URL with and without the completion confirmation open. */
  confirmHref: string
  dialogHref: string
  assignHref: string | null
  confirming: boolean
  completeError?: string | null
  /** The record of paying the contributor (ADR 0068), beside the amount. */
  writerPayment?: WriterPayment | null
  writerPaymentError?: string | null
}

export function OrderSettings({ order, today, confirmHref, dialogHref, assignHref, confirming, completeError, writerPayment, writerPaymentError }: Props) {
  if (confirming && !order.markedAsComplete) return <ConfirmComplete cancelTo={dialogHref} error={completeError} />
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
        <span className="font-medium text-gray-900">{order.package.packageName}</span>
        <span>
          · {order.customer} ({order.customerEmail})
        </span>
        <PriorityBadge priority={order.priority} />
        {order.markedAsComplete ? <Badge tone="green">Completed</Badge> : null}
      </div>
      <DueDateForm order={order} today={today} />
      <PriorityForm order={order} />
      <AmountForm order={order} />
      {writerPayment ? <WriterPaymentForm payment={writerPayment} error={writerPaymentError} /> : null}
      <div className={section}>
        <h3 className="text-sm font-semibold text-gray-900">Flags</h3>
        <div className="flex flex-wrap gap-6">
          <SwitchForm intent="test-order" id={order._id} on={order.testOrder} label="Test Order" text="Test Order" />
          <SwitchForm intent="hide-order" id={order._id} on={order.hideOrder} label="Hide Order" text="Hide Order" />
          <SwitchForm intent="archive" id={order._id} on={order.archived} label="Archive" text="Archive" />
        </div>
      </div>
      <div className={`${section} flex flex-wrap items-center gap-3`}>
        {order.markedAsComplete ? (
          <p className="text-sm text-gray-600">This order is marked as completed.</p>
        ) : (
          <Link to={confirmHref} preventScrollReset className={buttonClass('secondary')}>
            Mark As Completed
          </Link>
        )}
        {assignHref ? (
          <Link to={assignHref} preventScrollReset className={buttonClass('secondary')}>
            Assign
          </Link>
        ) : null}
      </div>
    </div>
  )
}

function DueDateForm({ order, today }: { order: OrderJson; today: string }) {
  const hydrated = useHydrated()
  return (
    <ValidatedForm
      id={ORDER_FORMS.dueDate}
      method="post"
      validator={dueDateValidator}
      defaultValues={{ dueDate: order.dueDate?.slice(0, 10) ?? '', orderIds: [order._id] }}
      noValidate={hydrated}
      className={section}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="due-date" />
      <input type="hidden" name="orderIds" value={order._id} />
      <FormRefusal />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          {/* With JavaScript the picker greys out past days; without it the server's message explains instead of the browser's. */}
          <TextField name="dueDate" label="Due Date" type="date" min={hydrated ? today : undefined} />
        </div>
        <SubmitButton className={saveButton}>Save Due Date</SubmitButton>
      </div>
    </ValidatedForm>
  )
}

function PriorityForm({ order }: { order: OrderJson }) {
  return (
    <ValidatedForm id={ORDER_FORMS.priority} method="post" validator={priorityValidator} defaultValues={{ priority: order.priority }} className={section} preventScrollReset>
      <input type="hidden" name="intent" value="priority" />
      <FormRefusal />
      <PriorityPicker />
      <SubmitButton className={saveButton}>Save Priority</SubmitButton>
    </ValidatedForm>
  )
}

function AmountForm({ order }: { order: OrderJson }) {
  const hydrated = useHydrated()
  return (
    <ValidatedForm
      id={ORDER_FORMS.amount}
      method="post"
      validator={amountPaidValidator}
      defaultValues={{ amountPaidToWriter: order.amountPaidToWriter ?? undefined }}
      noValidate={hydrated}
      className={section}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="amount" />
      <FormRefusal />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField name="amountPaidToWriter" label={`Amount Paid To Contributor (${order.currency.toUpperCase()})`} type="number" min={0} step={1} inputMode="numeric" />
        </div>
        <SubmitButton className={saveButton}>Save Amount</SubmitButton>
      </div>
    </ValidatedForm>
  )
}

/** The spec's confirmation before the irreversible step: a page of the dialog, so it works without JavaScript. */
function ConfirmComplete({ cancelTo, error }: { cancelTo: string; error?: string | null }) {
  return (
    <Form method="post" className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="mark-complete" />
      <p className="text-base font-semibold text-gray-900">Mark this order as completed?</p>
      <p role="note" className="text-sm text-gray-700">
        {CONFIRM_COMPLETE}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" className={buttonClass('primary')}>
          Yes, Mark As Completed
        </button>
        <Link to={cancelTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
