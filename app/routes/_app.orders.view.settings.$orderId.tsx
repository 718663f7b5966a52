// /orders/view/settings/{orderId}: the Settings dialog of one order over the orders list (UPDATE_ORDERS). Its
// open state is the URL, so it works without JavaScript; ?confirm=complete opens the completion confirmation.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { OrderSettings } from '#app/components/orders/order-settings-dialog'
import { assignHref, orderSettingsHref, ordersListHref } from '#app/components/orders/order-settings-links'
import { orderActions, type OrderActionResult } from '#app/models/order-actions.server'
import {
  amountPaidValidator,
  DUE_DATE_FAILED,
  dueDateValidator,
  ORDER_ACTION_FAILED,
  ORDER_FORMS,
  ORDER_TOGGLE_FAILED,
  priorityValidator,
  todayUtc,
} from '#app/models/order-actions.schema'
import { findOrder, ordersToJson } from '#app/models/orders.server'
import { switchAnswer } from '#app/models/status-switch.server'
import { can } from '#app/rules/permissions'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { PanelDialog } from '#app/ui/panel-dialog'
import { OrderDialogError } from '#app/components/orders/order-dialog-error'
import { notFound } from '#app/services/http.server'
import { backToDialog, backToList, formRefusal, refusalMessage, unknownIntent } from './order-dialogs.server'
import { readForm } from '#app/services/form-request.server'
import { PAID_INVALID, writerPaidSchema } from '#app/models/work-own.schema'
import { PAYMENT_RECORDED, PAYMENT_UNRECORDED, writerPaymentActions, writerPaymentOf } from '#app/models/work-earnings.server'

const GUARD = { all: ['UPDATE_ORDERS'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const row = await findOrder(t, params.orderId!)
  if (!row) throw notFound('Order not found')
  const [order] = await ordersToJson(t, [row])
  const url = new URL(request.url)
  const dialogHref = orderSettingsHref(row.public_id, url.search)
  return data({
    order: order!,
    today: todayUtc(),
    confirming: url.searchParams.get('confirm') === 'complete',
    dialogHref,
    confirmHref: `${dialogHref}${dialogHref.includes('?') ? '&' : '?'}confirm=complete`,
    closeHref: ordersListHref(url.search),
    assignHref: can(t.user, { all: ['ASSIGN_WRITER_REVIEWER'] }) ? assignHref([row.public_id], url.search) : null,
    writerPayment: await writerPaymentOf(t, row.public_id),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const form = await readForm(request)
  const orderId = params.orderId!
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'due-date':
      return saveDueDate(t, request, orderId, form)
    case 'priority':
      return savePriority(t, request, orderId, form)
    case 'amount':
      return saveAmount(t, request, orderId, form)
    case 'test-order':
    case 'hide-order':
    case 'archive':
      return toggle(t, request, orderId, intent, form)
    case 'mark-complete':
      return markComplete(t, request, orderId)
    case 'writer-paid':
      return recordWriterPaid(t, request, orderId, form)
    default:
      return unknownIntent()
  }
}

async function saveDueDate(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await dueDateValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  // The order is the one in the URL, whatever the form says.
  const saved = await orderActions.setDueDate(t, request, [orderId], result.data.dueDate)
  if (!saved.ok) return formRefusal(ORDER_FORMS.dueDate, refusalMessage(saved, DUE_DATE_FAILED), result.submittedData, saved.status)
  return backToList(request)
}

async function savePriority(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await priorityValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.setPriority(t, request, orderId, result.data.priority)
  if (!saved.ok) return formRefusal(ORDER_FORMS.priority, refusalMessage(saved, ORDER_ACTION_FAILED), result.submittedData, saved.status)
  return backToList(request)
}

async function saveAmount(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await amountPaidValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.setAmountPaidToWriter(t, request, orderId, result.data.amountPaidToWriter)
  if (!saved.ok) return formRefusal(ORDER_FORMS.amount, refusalMessage(saved, ORDER_ACTION_FAILED), result.submittedData, saved.status)
  return backToList(request)
}

/** The switches post the value they ask for; the answer is JSON for their fetcher, a redirect back without JavaScript. */
async function toggle(t: Tenant, request: Request, orderId: string, intent: 'test-order' | 'hide-order' | 'archive', form: FormData) {
  const raw = form.get('value')
  if (raw !== 'true' && raw !== 'false') return data({ ok: false, error: ORDER_TOGGLE_FAILED }, { status: 400 })
  const value = raw === 'true'
  const run: Record<typeof intent, () => Promise<OrderActionResult>> = {
    'test-order': () => orderActions.setTestOrder(t, request, orderId, value),
    'hide-order': () => orderActions.setHideOrder(t, request, orderId, value),
    archive: () => orderActions.setArchived(t, request, orderId, value),
  }
  const saved = await run[intent]()
  if (!saved.ok) return data({ ok: false, error: ORDER_TOGGLE_FAILED }, { status: saved.status })
  return switchAnswer(request, form, 'Saved Successfully!')
}

async function markComplete(t: Tenant, request: Request, orderId: string) {
  const saved = await orderActions.markAsComplete(t, request, orderId)
  if (!saved.ok) return data({ completeError: refusalMessage(saved, ORDER_ACTION_FAILED) }, { status: saved.status })
  return backToList(request, 'Order marked as completed')
}

async function recordWriterPaid(t: Tenant, request: Request, orderId: string, form: FormData) {
  const parsed = writerPaidSchema.safeParse({ paid: form.get('paid') })
  if (!parsed.success) return data({ writerPaymentError: PAID_INVALID }, { status: 400 })
  const saved = await writerPaymentActions.record(t, request, orderId, parsed.data.paid)
  if (!saved.ok) return data({ writerPaymentError: saved.error }, { status: saved.status })
  return backToDialog(request, saved.paid ? PAYMENT_RECORDED : PAYMENT_UNRECORDED)
}

export default function OrderSettingsRoute() {
  const { order, today, confirming, dialogHref, confirmHref, closeHref, assignHref, writerPayment } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { completeError?: string; writerPaymentError?: string } | undefined
  return (
    <PanelDialog title="Settings" closeTo={closeHref} wide>
      <OrderSettings
        key={order._id}
        order={order}
        today={today}
        confirming={confirming}
        dialogHref={dialogHref}
        confirmHref={confirmHref}
        assignHref={assignHref}
        completeError={actionData?.completeError}
        writerPayment={writerPayment}
        writerPaymentError={actionData?.writerPaymentError}
      />
    </PanelDialog>
  )
}

export function ErrorBoundary() {
  return <OrderDialogError title="Settings" />
}
