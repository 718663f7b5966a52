// /orders/view/assign?ids=a&ids=b[&assignTab=reviewer]: the Assign dialog over the orders list
// (ASSIGN_WRITER_REVIEWER). Ids of other organisations are simply not among the orders shown or changed.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { type AssignOrder, AssignPanel } from '#app/components/orders/assign-dialog'
import { type AssignTab, assignHref, ordersListHref } from '#app/components/orders/order-settings-links'
import { deleteFile, saveUpload } from '#app/models/files.server'
import { orderActions } from '#app/models/order-actions.server'
import {
  assignReviewerValidator,
  assignWriterValidator,
  MAX_ORDERS_PER_ACTION,
  ORDER_ACTION_FAILED,
  ORDER_FORMS,
  ORDER_UPLOAD_FAILED as UPLOAD_FAILED,
} from '#app/models/order-actions.schema'
import { findOrders, ordersToJson } from '#app/models/orders.server'
import { listStaff, listWriters } from '#app/models/staff.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { isCompletedOrder, needsSchedulingLink, truncateTitle } from '#app/rules/order-assignment'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, readMultipart, sniffUpload } from '#app/services/storage.server'
import { PanelDialog } from '#app/ui/panel-dialog'
import { OrderDialogError } from '#app/components/orders/order-dialog-error'
import { notFound } from '#app/services/http.server'
import { backToList, formRefusal, refusalMessage, unknownIntent } from './order-dialogs.server'

const GUARD = { all: ['ASSIGN_WRITER_REVIEWER'] }

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const url = new URL(request.url)
  const rows = await findOrders(t, url.searchParams.getAll('ids').slice(0, MAX_ORDERS_PER_ACTION))
  if (rows.length === 0) throw notFound('Order not found')
  const tab: AssignTab = url.searchParams.get('assignTab') === 'reviewer' ? 'reviewer' : 'contributor'
  const json = await ordersToJson(t, rows)
  const orders: AssignOrder[] = json.map((o) => ({
    _id: o._id,
    product: o.package.packageName,
    customer: o.customer,
    writer: o.writer,
    writerId: o.writer_id,
    reviewer: o.reviewer,
    reviewerId: o.reviewer_id,
    completed: isCompletedOrder(o),
  }))
  const ids = orders.map((o) => o._id)
  const [writers, reviewers] = await Promise.all([
    tab === 'contributor' ? listWriters(t, { active: true }) : [],
    tab === 'reviewer' ? listStaff(t, { active: true, permissions: ['REVIEWER'], sort: 'name', dir: 'asc' }).then((r) => r.rows) : [],
  ])
  const names = orders.map((o) => `${o.product} (${o.customer})`).join(', ')
  return data({
    title: truncateTitle(`Assign: ${names}`),
    orders,
    tab,
    tabHrefs: { contributor: assignHref(ids, url.search, 'contributor'), reviewer: assignHref(ids, url.search, 'reviewer') },
    writers: writers.map((w) => ({ _id: w._id, firstName: w.firstName, lastName: w.lastName, writer_data: w.writer_data, ordersStats: w.ordersStats })),
    reviewers: reviewers.map((r) => ({ _id: r.publicId, firstName: r.firstName, lastName: r.lastName })),
    needsSchedulingLink: rows.some((r) => needsSchedulingLink(r.services)),
    closeHref: ordersListHref(url.search),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, GUARD)
  const form = await readMultipart(request)
  if (isUploadError(form)) return formRefusal(ORDER_FORMS.assignWriter, UPLOAD_FAILED, {}, 400)
  switch (String(form.get('intent') ?? '')) {
    case 'assign-writer':
      return assignWriter(t, request, form)
    case 'assign-reviewer':
      return assignReviewer(t, request, form)
    default:
      return unknownIntent()
  }
}

/** A File cannot travel back to the browser; the rest of what was typed does. */
function withoutFile(submitted: Record<string, unknown>) {
  const { attachment: _file, ...rest } = submitted
  return rest
}

/** Stores the file for the contributor (an order file of this organisation): its key, or the field error. */
async function storeAttachment(t: Tenant, file: FormDataEntryValue | null): Promise<{ key: string | null } | { error: string }> {
  if (!(file instanceof File) || file.size === 0) return { key: null }
  if (!isAllowedFileName(file.name)) return { error: `${UPLOAD_FAILED} ${FILE_NAME_RULE}` }
  const upload = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
  if (isUploadError(upload)) return { error: `${UPLOAD_FAILED} ${upload.error}` }
  const stored = await saveUpload(t, upload, 'order_file')
  if (isUploadError(stored)) return { error: `${UPLOAD_FAILED} ${stored.error}` }
  return { key: stored.key }
}

async function assignWriter(t: Tenant, request: Request, form: FormData) {
  const result = await assignWriterValidator.validate(form)
  const kept = withoutFile(result.submittedData)
  if (result.error) return validationError(result.error, kept)
  const stored = await storeAttachment(t, form.get('attachment'))
  if ('error' in stored) return validationError({ fieldErrors: { attachment: stored.error }, formId: ORDER_FORMS.assignWriter }, kept)
  const { selectedOrdersIds, writerId, msgToWriter } = result.data
  const saved = await orderActions.assignWriter(t, request, selectedOrdersIds, writerId, { message: msgToWriter, fileKey: stored.key })
  if (!saved.ok) {
    // Nothing was assigned, so the file stays with nobody: do not keep it.
    if (stored.key) await deleteFile(t, stored.key)
    return formRefusal(ORDER_FORMS.assignWriter, refusalMessage(saved, ORDER_ACTION_FAILED), kept, saved.status)
  }
  return backToList(request)
}

async function assignReviewer(t: Tenant, request: Request, form: FormData) {
  const result = await assignReviewerValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderActions.assignReviewer(t, request, result.data.selectedOrdersIds, result.data.reviewerId)
  if (!saved.ok) return formRefusal(ORDER_FORMS.assignReviewer, refusalMessage(saved, ORDER_ACTION_FAILED), result.submittedData, saved.status)
  return backToList(request)
}

export default function AssignRoute() {
  const { title, orders, tab, tabHrefs, writers, reviewers, needsSchedulingLink, closeHref } = useLoaderData<typeof loader>()
  return (
    <PanelDialog title={title} closeTo={closeHref} wide>
      <AssignPanel
        key={`${tab}:${orders.map((o) => o._id).join(',')}`}
        orders={orders}
        tab={tab}
        tabHrefs={tabHrefs}
        writers={writers}
        reviewers={reviewers}
        needsSchedulingLink={needsSchedulingLink}
      />
    </PanelDialog>
  )
}

export function ErrorBoundary() {
  return <OrderDialogError title="Assign" />
}
