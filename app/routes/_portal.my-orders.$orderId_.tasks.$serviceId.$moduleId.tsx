// /my-orders/{orderId}/tasks/{serviceId}/{moduleId} on an organisation's host: one of the customer's tasks of their
// order (upload documents, a questionnaire, follow-up questions, an appointment), read-only once done (ADR 0061).
// Every form posts here and works without JavaScript; with it, answers autosave and uploads show progress.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { BriefTaskView, type BriefAnswer } from '#app/components/portal/brief'
import { Toast } from '#app/components/page'
import { BRIEF_MESSAGES as M } from '#app/models/brief.schema'
import { getBriefTask, pickAppointment, removeDocument, saveAnswers, submitDocuments, taskPath, uploadDocument, type BriefTask } from '#app/models/brief.server'
import { takeToast, redirectWithToast } from '#app/services/flash.server'
import { isUploadError, readMultipart } from '#app/services/storage.server'
import { briefCaller } from './portal-brief.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t, who } = await briefCaller(request)
  const task = await getBriefTask(t, who.id, params.orderId ?? '', params.serviceId ?? '', params.moduleId ?? '')
  // Another customer's order, a test or hidden order, a module that is not the customer's: the same 404.
  if (!task) throw data('Task not found', { status: 404 })
  const { toast, headers } = await takeToast(request)
  return data({ task, toast, actingForCustomer: who.impersonatorUserId !== null }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { t, who } = await briefCaller(request)
  const orderId = params.orderId ?? ''
  const task = await getBriefTask(t, who.id, orderId, params.serviceId ?? '', params.moduleId ?? '')
  if (!task) throw data('Task not found', { status: 404 })
  const back = taskPath(task.order._id, task.serviceId, task.moduleId)
  const form = await readMultipart(request)
  if (isUploadError(form)) return data<BriefAnswer>({ error: form.error }, { status: 400 })
  const intent = String(form.get('intent') ?? '')
  const refused = (r: { status: number; error: string; errors?: Record<string, string> }, values?: BriefAnswer['values']) =>
    data<BriefAnswer>({ error: r.error, errors: r.errors, values }, { status: r.status })

  if (intent === 'save' || intent === 'submit' || intent.startsWith('remove-file:')) {
    const values = answersFromForm(task, form)
    const files = task.items
      .filter((i) => i.type === 'file_upload')
      .flatMap((i) => form.getAll(`file:${i.id}`).flatMap((f) => (f instanceof File && f.size > 0 ? [{ itemId: i.id, file: f }] : [])))
    const [, itemId, fileId] = intent.split(':')
    const removeFiles = itemId && fileId ? [{ itemId, fileId }] : []
    const result = await saveAnswers(t, who, orderId, { moduleId: task.moduleId, serviceId: task.serviceId, answers: values, submit: intent === 'submit', files, removeFiles })
    if (!result.ok) return refused(result, values)
    return redirectWithToast(request, back, result.submitted ? M.submitted : M.saved)
  }
  if (intent === 'upload') {
    const files = form.getAll('file').filter((f): f is File => f instanceof File && f.size > 0)
    if (files.length === 0) return data<BriefAnswer>({ error: 'Please choose a file to upload' }, { status: 400 })
    for (const file of files) {
      const result = await uploadDocument(t, who, orderId, file, task.serviceId)
      if (!result.ok) return refused(result)
    }
    return redirectWithToast(request, back, M.uploaded)
  }
  if (intent === 'remove') {
    const result = await removeDocument(t, who, orderId, String(form.get('documentId') ?? ''))
    if (!result.ok) return refused(result)
    return redirectWithToast(request, back, M.removed)
  }
  if (intent === 'submit-documents') {
    const result = await submitDocuments(t, who, orderId, task.serviceId)
    if (!result.ok) return refused(result)
    return redirectWithToast(request, back, M.documentsSubmitted)
  }
  if (intent === 'pick') {
    const result = await pickAppointment(t, who, orderId, { time: form.get('time'), serviceId: task.serviceId })
    if (!result.ok) return refused(result)
    return redirectWithToast(request, back, M.picked)
  }
  return data<BriefAnswer>({ error: 'Unknown action' }, { status: 400 })
}

/** The page's fields `answer:<itemId>` as the model takes them: every item of the form, an empty one as blank. */
function answersFromForm(task: BriefTask, form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const item of task.items) {
    if (item.type === 'section_heading' || item.type === 'file_upload') continue
    const name = `answer:${item.id}`
    if (item.type === 'multiple_choice') out[item.id] = form.getAll(name).map(String)
    else out[item.id] = String(form.get(name) ?? '')
  }
  return out
}

export default function BriefTaskRoute() {
  const { task, toast, actingForCustomer } = useLoaderData<typeof loader>()
  const answer = useActionData<BriefAnswer>()
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to={`/my-orders/${task.order._id}`} className="text-sm font-medium text-brand-700 hover:underline">
          ← {task.order.productName}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{task.title}</h1>
      <Toast message={toast} />
      {actingForCustomer ? <p className="text-sm text-gray-700">You are signed in as this customer: what you submit is recorded as done by you on their behalf.</p> : null}
      <BriefTaskView task={task} answer={answer ?? null} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.task ? `${data.task.title} · ${data.task.order.productName}` : 'Task not found' }]
