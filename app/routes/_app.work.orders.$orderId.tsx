// /work/orders/{orderId} (issue 26, ADR 0067): one order as its writer or reviewer sees it: the brief, the modules
// and what each waits on, the drafts per service with the customer's and the reviewer's answers, activity, and the
// chats. The writer delivers, replaces or withdraws drafts, marks their steps done, sends follow-up questions and
// uploads final documents; the reviewer approves or rejects pending drafts. Plain forms: all of it works without
// JavaScript. Another person's order is a 404; the customer's contact details only where the organisation allows.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useActionData, useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { CustomerChat, type CustomerChatAnswer } from '#app/components/chat/customer-chat'
import { ProjectChat, type ProjectChatAnswer } from '#app/components/chat/project-chat'
import { ErrorPage, NotFoundPage, RouteErrorContent } from '#app/components/error-screens'
import { PageHeader, Toast } from '#app/components/page'
import { WorkOrderDrafts } from '#app/components/work/work-order-drafts'
import { type WorkAnswer, WorkActivity, WorkBrief, WorkModules, WorkSummary } from '#app/components/work/work-order-overview'
import { workOrderView, type WorkCtx } from '#app/models/work-order.server'
import { WORK_HOME } from '#app/rules/contributor'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { forbidden, notFound } from '#app/services/http.server'
import { projectChatPost, projectChatView, isProjectChatPost } from './chat-page.server'
import { requireContributorOrder } from './contributor-access.server'
import { customerChatPost, customerChatsView, isCustomerChatPost } from './customer-chat-page.server'
import { logInAsRefusal, readForm, workActions } from './work-order.server'

export const WORK_ORDER_LOAD_FAILED = 'Unexpected Error!!'

export const DRAFT_SENT = 'Draft sent to the customer'
export const DRAFT_TO_REVIEW = 'Draft uploaded: it waits for the reviewer'
export const DRAFT_WITHDRAWN = 'Draft withdrawn'
export const TASK_DONE = 'Step marked as done'
export const QUESTIONS_SENT = 'Follow-up questions sent to the customer'
export const FINAL_SENT = 'Final documents uploaded'
export const DRAFT_APPROVED = 'Revision Approved Successfully!'
export const DRAFT_REJECTED = 'Revision Rejected Successfully!'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requireContributorOrder(request, params.orderId)
  const orderId = t.order.public_id
  const [view, chat, customerChats] = await Promise.all([workOrderView(t), projectChatView(t, orderId, request), customerChatsView(t, orderId, request)])
  const { toast, headers } = await takeToast(request)
  return data({ view, chat, customerChats: view.switches.writerCustomerChat ? customerChats : null, toast }, { headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requireContributorOrder(request, params.orderId)
  const refused = await logInAsRefusal(request)
  // A log-in-as session reads the order; it never works or writes in the contributor's name (ADR 0067).
  if (refused) throw forbidden(refused.error)
  if (isProjectChatPost(request)) return projectChatPost(request, t.order.public_id)
  if (isCustomerChatPost(request)) return customerChatPost(request, t.order.public_id)
  const form = await readForm(request)
  if ('ok' in form) return data<WorkAnswer>({ intent: 'form', ok: false, error: form.error }, { status: 400 })
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'deliver-draft':
      return finish(request, t, intent, form, await workActions.deliver(t, request, form), (r) => (r.pending ? DRAFT_TO_REVIEW : DRAFT_SENT))
    case 'withdraw-draft':
      return finish(request, t, intent, form, await workActions.withdraw(t, request, text(form, 'draftId'), text(form, 'reason')), () => DRAFT_WITHDRAWN)
    case 'task-done':
      return finish(request, t, intent, form, await workActions.taskDone(t, request, text(form, 'taskId'), text(form, 'serviceId') || null), () => TASK_DONE)
    case 'follow-up-questions':
      return finish(request, t, intent, form, await workActions.followUp(t, request, text(form, 'serviceId'), text(form, 'questions')), () => QUESTIONS_SENT)
    case 'final-documents':
      return finish(request, t, intent, form, await workActions.finalDocuments(t, request, form), () => FINAL_SENT)
    case 'approve':
      return finish(request, t, intent, form, await workActions.approve(t, request, text(form, 'draftId')), () => DRAFT_APPROVED)
    case 'reject':
      return finish(request, t, intent, form, await workActions.reject(t, request, text(form, 'draftId'), form), () => DRAFT_REJECTED)
    default:
      return data<WorkAnswer>({ intent, ok: false, error: 'Unknown action' }, { status: 400 })
  }
}

const text = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

type Outcome = { ok: true } | { ok: false; status: number; error: string; errors?: Record<string, string> }

/** Success: back to the page with the message. A refusal stays on the form that was sent, with what was typed. */
function finish<T extends Outcome>(request: Request, t: WorkCtx, intent: string, form: FormData, result: T, message: (r: Extract<T, { ok: true }>) => string) {
  if (result.ok) return redirectWithToast(request, `/work/orders/${t.order.public_id}`, message(result as Extract<T, { ok: true }>))
  const failed = result as Extract<Outcome, { ok: false }>
  if (failed.status === 404 && intent !== 'approve' && intent !== 'reject' && intent !== 'withdraw-draft') throw notFound()
  const fields: Record<string, string> = {}
  for (const name of ['serviceId', 'notes', 'questions', 'reason', 'rejectionReason', 'draftId', 'taskId']) if (text(form, name)) fields[name] = text(form, name)
  return data<WorkAnswer>({ intent, ok: false, error: failed.error, errors: failed.errors, fields }, { status: failed.status })
}

export default function WorkOrderRoute() {
  const { view, chat, customerChats, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<WorkAnswer & { content?: string }>()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const mine = answer && 'intent' in answer ? answer : null
  return (
    <div className="space-y-6">
      <PageHeader title={view.productName} crumbs={[{ to: WORK_HOME, label: 'My work' }]} />
      <Toast message={toast} />
      {mine?.intent === 'form' ? (
        <p role="alert" className="text-sm text-red-600">
          {mine.error}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <WorkSummary view={view} />
          <WorkOrderDrafts view={view} action={here} answer={mine} />
          <WorkBrief view={view} action={here} answer={mine} />
          {chat ? <ProjectChat orderId={view._id} chat={chat} answer={answer?.intent === 'chat' ? (answer as unknown as ProjectChatAnswer) : null} /> : null}
          {customerChats ? (
            <CustomerChat orderId={view._id} chats={customerChats} here={here} answer={answer?.intent === 'customerChat' ? (answer as unknown as CustomerChatAnswer) : null} />
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <WorkModules view={view} action={here} answer={mine} />
          <WorkActivity view={view} />
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.view.productName ?? 'Order'} | My work | Draftdesk` }]

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return error.status === 404 ? <NotFoundPage /> : <RouteErrorContent />
  return <ErrorPage status={500} message={WORK_ORDER_LOAD_FAILED} />
}
