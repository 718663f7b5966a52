// /orders/view/bulk?ids=a&ids=b: the Bulk Actions dialog over the orders list (UPDATE_ORDERS). The list's row
// checkboxes open it with a GET form; ids of other organisations are neither shown nor changed.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { type BulkFlagState, BulkActions } from '#app/components/orders/bulk-dialog'
import { assignHref, ordersListHref } from '#app/components/orders/order-settings-links'
import { orderActions } from '#app/models/order-actions.server'
import {
  bulkFlagsValidator,
  DUE_DATE_FAILED,
  dueDateValidator,
  MAX_ORDERS_PER_ACTION,
  ORDER_FORMS,
  ORDER_TOGGLE_FAILED,
  ORDERS_REQUIRED,
  todayUtc,
} from '#app/models/order-actions.schema'
import { findOrders } from '#app/models/orders.server'
import { nextFlagValue, ORDER_FLAGS } from '#app/rules/order-flags'
import { can } from '#app/rules/permissions'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { PanelDialog } from '#app/ui/panel-dialog'
import { OrderDialogError } from '#app/components/orders/order-dialog-error'
import { notFound } from '#app/services/http.server'
import { backToDialog, backToList, formRefusal, refusalMessage, unknownIntent } from './order-dialogs.server'
import { readForm } from '#app/services/form-request.server'

const GUARD = { all: ['UPDATE_ORDERS'] }

const FLAG_COLUMN = { archived: 'archived', testOrder: 'test_order', hideOrder: 'hide_order' } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const url = new URL(request.url)
  const ids = url.searchParams.getAll('ids').slice(0, MAX_ORDERS_PER_ACTION)
  if (ids.length === 0) throw data({ message: ORDERS_REQUIRED }, { status: 400 })
  const rows = await findOrders(t, ids)
  if (rows.length === 0) throw notFound('Order not found')
  const flags: BulkFlagState[] = ORDER_FLAGS.map((flag) => {
    const values = rows.map((r) => !!r[FLAG_COLUMN[flag]])
    return { flag, set: values.filter(Boolean).length, next: nextFlagValue(values) }
  })
  return data({
    orders: rows.map((r) => ({ _id: r.public_id, product: r.package_name, customer: r.customer_name })),
    flags,
    today: todayUtc(),
    assignHref: can(t.user, { all: ['ASSIGN_WRITER_REVIEWER'] })
      ? assignHref(
          rows.map((r) => r.public_id),
          url.search,
        )
      : null,
    closeHref: ordersListHref(url.search),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const form = await readForm(request)
  switch (String(form.get('intent') ?? '')) {
    case 'bulk-flag':
      return bulkFlag(t, request, form)
    case 'due-date':
      return bulkDueDate(t, request, form)
    default:
      return unknownIntent()
  }
}

/** The server applies the bulk rule to the orders as they are now; the dialog then shows their new state. */
async function bulkFlag(t: Tenant, request: Request, form: FormData) {
  const result = await bulkFlagsValidator.validate(form)
  if (result.error) return data({ error: Object.values(result.error.fieldErrors)[0] ?? ORDER_TOGGLE_FAILED }, { status: 400 })
  const saved = await orderActions.bulkFlags(t, request, result.data.selectedOrdersIds, result.data.updateData)
  if (!saved.ok) return data({ error: ORDER_TOGGLE_FAILED }, { status: saved.status })
  return backToDialog(request)
}

async function bulkDueDate(t: Tenant, request: Request, form: FormData) {
  const result = await dueDateValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.setDueDate(t, request, result.data.orderIds, result.data.dueDate)
  if (!saved.ok) return formRefusal(ORDER_FORMS.bulkDueDate, refusalMessage(saved, DUE_DATE_FAILED), result.submittedData, saved.status)
  return backToList(request)
}

export default function BulkRoute() {
  const { orders, flags, today, assignHref, closeHref } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { error?: string } | undefined
  return (
    <PanelDialog title="Bulk Actions" closeTo={closeHref} wide>
      <BulkActions key={orders.map((o) => o._id).join(',')} orders={orders} flags={flags} today={today} assignHref={assignHref} error={actionData?.error} />
    </PanelDialog>
  )
}

export function ErrorBoundary() {
  return <OrderDialogError title="Bulk Actions" />
}
