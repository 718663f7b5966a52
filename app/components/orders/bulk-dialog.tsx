// The Bulk Actions dialog for the selected orders: archive, test and hide by the bulk rule (the opposite of a
// state they all share, else set), one due date for all, and the way to assign them.
import { Form, Link } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { SubmitButton, TextField } from '#app/components/forms'
import { dueDateValidator, ORDER_FORMS } from '#app/models/order-actions.schema'
import type { OrderFlag } from '#app/rules/order-flags'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'
import { FormRefusal, HiddenIds } from './order-settings-form-parts'

export type BulkFlagState = { flag: OrderFlag; set: number; next: boolean }

const FLAG_LABELS: Record<OrderFlag, { noun: string; on: string; off: string }> = {
  archived: { noun: 'archived', on: 'Archive', off: 'Unarchive' },
  testOrder: { noun: 'test orders', on: 'Mark As Test Orders', off: 'Unmark Test Orders' },
  hideOrder: { noun: 'hidden', on: 'Hide', off: 'Unhide' },
}

type Props = {
  orders: { _id: string; product: string; customer: string }[]
  flags: BulkFlagState[]
  today: string
  assignHref: string | null
  error?: string | null
}

export function BulkActions({ orders, flags, today, assignHref, error }: Props) {
  const ids = orders.map((o) => o._id)
  const hydrated = useHydrated()
  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-700">
        {orders.length} {orders.length === 1 ? 'order' : 'orders'} selected
      </p>
      <ul
        aria-label="Selected orders"
        className="max-h-32 divide-y divide-gray-100 overflow-y-auto rounded-md text-sm ring-1 ring-gray-200"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {orders.map((o) => (
          <li key={o._id} className="px-3 py-1.5">
            <span className="font-medium text-gray-900">{o.product}</span> · {o.customer}
          </li>
        ))}
      </ul>
      {error ? (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {flags.map(({ flag, set, next }) => {
          const label = FLAG_LABELS[flag]
          return (
            <Form key={flag} method="post" preventScrollReset className="space-y-1">
              <input type="hidden" name="intent" value="bulk-flag" />
              <input type="hidden" name="updateData" value={flag} />
              <HiddenIds name="selectedOrdersIds" ids={ids} />
              <button type="submit" className={buttonClass('secondary')}>
                {next ? label.on : label.off}
              </button>
              <p className="text-xs text-gray-500">
                {set} of {orders.length} {label.noun}
              </p>
            </Form>
          )
        })}
      </div>
      <ValidatedForm
        id={ORDER_FORMS.bulkDueDate}
        method="post"
        validator={dueDateValidator}
        defaultValues={{ orderIds: ids, dueDate: '' }}
        noValidate={hydrated}
        className="space-y-3 border-t border-gray-100 pt-4"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="due-date" />
        <HiddenIds name="orderIds" ids={ids} />
        <FormRefusal />
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            {/* With JavaScript the picker greys out past days; without it the server's message explains instead of the browser's. */}
            <TextField name="dueDate" label="Due Date For All" type="date" min={hydrated ? today : undefined} />
          </div>
          <SubmitButton className={buttonClass('primary')}>Set Due Date</SubmitButton>
        </div>
      </ValidatedForm>
      {assignHref ? (
        <div className="border-t border-gray-100 pt-4">
          <Link to={assignHref} preventScrollReset className={buttonClass('secondary')}>
            Assign Contributor or Reviewer
          </Link>
        </div>
      ) : null}
    </div>
  )
}
