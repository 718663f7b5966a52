// The order page's own controls (issue 27, ADR 0075): due date, priority, contributor and reviewer, posted to
// /project/view/{id}?manage=post. Each intent has the permission the orders list asks for the same change
// (UPDATE_ORDERS; ASSIGN_WRITER_REVIEWER) and goes through `orderActions`, so the rules, activity and audit
// are the list's. A foreign or unknown order is the 404 page; a refusal goes back to the form that posted.
import { validationError } from 'remix-validated-form'
import { PROJECT_FORMS, PROJECT_MANAGE_PARAM, type ProjectManageData } from '#app/components/orders/project-manage'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { orderActions, type OrderActionError } from '#app/models/order-actions.server'
import {
  assignReviewerValidator,
  assignWriterValidator,
  DUE_DATE_FAILED,
  dueDateValidator,
  ORDER_ACTION_FAILED,
  priorityValidator,
  todayUtc,
} from '#app/models/order-actions.schema'
import { invoiceStatesOfOrder } from '#app/models/order-invoices.server'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import type { Project } from '#app/models/projects.server'
import { listStaff, listWriters } from '#app/models/staff.server'
import { paymentState, type PaymentState, showsCustomerPrice } from '#app/rules/order-payment'
import { can } from '#app/rules/permissions'
import { redirectWithToast } from '#app/services/flash.server'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { formRefusal, refusalMessage, SAVED, unknownIntent } from './order-dialogs.server'

export function isProjectManagePost(request: Request): boolean {
  return new URL(request.url).searchParams.get(PROJECT_MANAGE_PARAM) === 'post'
}

const SCHEDULE = { all: ['UPDATE_ORDERS'] }
const ASSIGN = { all: ['ASSIGN_WRITER_REVIEWER'] }

/** The page after a change: its URL without ?manage=post (the view it was on is kept). */
function backTo(request: Request, orderId: string) {
  const url = new URL(request.url)
  url.searchParams.delete(PROJECT_MANAGE_PARAM)
  url.searchParams.delete('index')
  const qs = url.searchParams.toString()
  return `/project/view/${encodeURIComponent(orderId)}${qs ? `?${qs}` : ''}`
}

function refused(formId: string, result: OrderActionError, generic: string, submitted: Record<string, unknown>) {
  if (result.status === 404) throw notFound()
  return formRefusal(formId, refusalMessage(result, generic), submitted, result.status)
}

export async function projectManagePost(request: Request, orderId: string) {
  // The guard every intent shares first (signed in, this organisation): the form is read once, after it.
  await requirePermission(request)
  const form = await readForm(request)
  switch (String(form.get('intent') ?? '')) {
    case 'due-date':
      return saveDueDate(await requirePermission(request, SCHEDULE), request, orderId, form)
    case 'priority':
      return savePriority(await requirePermission(request, SCHEDULE), request, orderId, form)
    case 'assign-writer':
      return assignWriter(await requirePermission(request, ASSIGN), request, orderId, form)
    case 'assign-reviewer':
      return assignReviewer(await requirePermission(request, ASSIGN), request, orderId, form)
    default:
      return unknownIntent()
  }
}

async function saveDueDate(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await dueDateValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  // The order is the one in the URL, whatever the form says.
  const saved = await orderActions.setDueDate(t, request, [orderId], result.data.dueDate)
  if (!saved.ok) return refused(PROJECT_FORMS.dueDate, saved, DUE_DATE_FAILED, result.submittedData)
  return redirectWithToast(request, backTo(request, orderId), SAVED)
}

async function savePriority(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await priorityValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.setPriority(t, request, orderId, result.data.priority)
  if (!saved.ok) return refused(PROJECT_FORMS.priority, saved, ORDER_ACTION_FAILED, result.submittedData)
  return redirectWithToast(request, backTo(request, orderId), SAVED)
}

async function assignWriter(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await assignWriterValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.assignWriter(t, request, [orderId], result.data.writerId, { message: result.data.msgToWriter })
  if (!saved.ok) return refused(PROJECT_FORMS.writer, saved, ORDER_ACTION_FAILED, result.submittedData)
  return redirectWithToast(request, backTo(request, orderId), SAVED)
}

async function assignReviewer(t: Tenant, request: Request, orderId: string, form: FormData) {
  const result = await assignReviewerValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.assignReviewer(t, request, [orderId], result.data.reviewerId)
  if (!saved.ok) return refused(PROJECT_FORMS.reviewer, saved, ORDER_ACTION_FAILED, result.submittedData)
  return redirectWithToast(request, backTo(request, orderId), SAVED)
}

export type ProjectMoney = { orderNumber: string; price: number | null; currency: string; payment: PaymentState | null }

/** The order number always; the price and payment state unless hide_customer_price hides them from this viewer. */
export async function projectMoney(t: Tenant, project: Project): Promise<ProjectMoney> {
  const order = project.order
  const shown = showsCustomerPrice(t.user, await getWebsiteSettings(t))
  if (!shown) return { orderNumber: order._id, price: null, currency: order.currency, payment: null }
  return { orderNumber: order._id, price: order.price, currency: order.currency, payment: paymentState(await invoiceStatesOfOrder(t, order._id)) }
}

/** What the Manage order card needs: which controls this member has, and the people to choose from. */
export async function projectManageView(t: Tenant, project: Project): Promise<ProjectManageData> {
  const order = project.order
  const canSchedule = can(t.user, SCHEDULE)
  const canAssign = can(t.user, ASSIGN)
  const [writers, reviewers] = canAssign
    ? await Promise.all([listWriters(t, { active: true }), listStaff(t, { active: true, permissions: ['REVIEWER'], sort: 'name', dir: 'asc' }).then((r) => r.rows)])
    : [[], []]
  const person = (id: string, first: string, last: string) => ({ value: id, label: `${first} ${last}`.trim() })
  const writerOptions = writers.map((w) => person(w._id, w.firstName, w.lastName))
  const reviewerOptions = reviewers.map((r) => person(r.publicId, r.firstName, r.lastName))
  // The current person stays selectable even when no longer on the list, so saving another form never drops them.
  if (order.writer_id && !writerOptions.some((o) => o.value === order.writer_id)) writerOptions.unshift({ value: order.writer_id, label: order.writer ?? order.writer_id })
  if (order.reviewer_id && !reviewerOptions.some((o) => o.value === order.reviewer_id))
    reviewerOptions.unshift({ value: order.reviewer_id, label: order.reviewer ?? order.reviewer_id })
  return {
    orderId: order._id,
    dueDate: order.dueDate?.slice(0, 10) ?? null,
    priority: order.priority,
    writerId: order.writer_id,
    reviewerId: order.reviewer_id,
    today: todayUtc(),
    canSchedule,
    canAssign,
    writers: canAssign ? writerOptions : [],
    reviewers: canAssign ? reviewerOptions : [],
  }
}
