// /project/view/{orderId}: 'Projects Overview' of one order (READ_ORDERS): summary, tags, team, activity,
// files, the team chat's place and the revisions history. The view (tab, drafts shown, open dialog) lives
// in the URL, so every part works without JavaScript; changes need UPDATE_ORDERS.
import { ContractAcceptance } from '#app/components/orders/contract-acceptance'
import { acceptanceOfOrder } from '#app/models/contract-acceptances.server'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, type ShouldRevalidateFunction, useActionData, useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ProjectChat, type ProjectChatAnswer } from '#app/components/chat/project-chat'
import { ProjectActivity, ProjectFiles, type UploadAnswer } from '#app/components/orders/project-cards'
import { EditTagsDialog, ReopenRevisionDialog, WithdrawDraftDialog } from '#app/components/orders/project-dialogs'
import { projectHref, readProjectView } from '#app/components/orders/project-links'
import { ProjectSummary, ProjectTeam } from '#app/components/orders/project-overview'
import { ProjectRevisions } from '#app/components/orders/project-revisions'
import { PageHeader, Toast } from '#app/components/page'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { draftActions } from '#app/models/drafts.server'
import { orderTagActions, organisationTags } from '#app/models/order-tags.server'
import { DRAFT_WITHDRAWN, editTagsValidator, FILE_UPLOADED, REOPENED, TAGS_SAVED, UPLOAD_FAILED, withdrawDraftValidator } from '#app/models/projects.schema'
import { attachOrderFile, getProject } from '#app/models/projects.server'
import { ErrorPage, NotFoundPage, RouteErrorContent } from '#app/components/error-screens'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, readMultipart, sniffUpload } from '#app/services/storage.server'
import { isProjectChatPost, projectChatPost, projectChatView } from './chat-page.server'
import { ProjectDraftWork } from '#app/components/orders/project-drafts'
import { draftWorkAction, type DraftWorkAnswer, isDraftIntent, projectDraftsView } from './project-drafts.server'
import { CustomerChat, type CustomerChatAnswer } from '#app/components/chat/customer-chat'
import { customerChatPost, customerChatsView, isCustomerChatPost } from './customer-chat-page.server'
import { canSendProjectBrief, isProjectBriefPost, projectBriefPost, type ProjectBriefAnswer } from './project-brief.server'
import { ProjectBrief } from '#app/components/orders/project-brief'
import { notFound } from '#app/services/http.server'
import { redirectContributorFromProject } from './contributor-access.server'
import { ProjectManage } from '#app/components/orders/project-manage'
import { isProjectManagePost, projectManagePost, projectManageView, projectMoney } from './project-manage.server'

export const PROJECT_LOAD_FAILED = 'Unexpected Error!!'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await redirectContributorFromProject(request, params.orderId)
  const t = await requirePermission(request, routeGuard('/project/view/:orderId'))
  const project = await getProject(t, params.orderId ?? '')
  if (!project) throw notFound()
  const canUpdate = can(t.user, { all: ['UPDATE_ORDERS'] })
  const suggestions = canUpdate ? await organisationTags(t) : []
  const [chat, agreement, customerChats, drafting, money, manage] = await Promise.all([
    projectChatView(t, project.order._id, request),
    acceptanceOfOrder(t, project.order._id),
    customerChatsView(t, project.order._id, request),
    projectDraftsView(t, project.order._id),
    projectMoney(t, project),
    projectManageView(t, project),
  ])
  const { toast, headers } = await takeToast(request)
  const canBrief = canSendProjectBrief(t.user, project.order.writer_id)
  return data({ project, canUpdate, suggestions, toast, chat, agreement, canBrief, customerChats, drafting, money, manage }, { headers })
}

type Failure = { intent: string; ok: false; error: string }

export async function action({ request, params }: ActionFunctionArgs) {
  const orderId = params.orderId ?? ''
  // The team chat's plain form: every member of the conversation may post, not only UPDATE_ORDERS (ADR 0041).
  if (isProjectChatPost(request)) return projectChatPost(request, orderId)
  if (isCustomerChatPost(request)) return customerChatPost(request, orderId)
  // The brief's forms: the order's writer may send questions and times too (ADR 0061).
  if (isProjectBriefPost(request)) return projectBriefPost(request, orderId)
  // Due date, priority and assignment: each with the orders list's own permission (ADR 0075).
  if (isProjectManagePost(request)) return projectManagePost(request, orderId)
  const back = projectHref(orderId, new URL(request.url).searchParams)
  const t = await requirePermission(request, { all: ['UPDATE_ORDERS'] })
  const form = await readMultipart(request)
  if (isUploadError(form)) return data<UploadAnswer>({ intent: 'upload', error: UPLOAD_FAILED }, { status: 400 })
  const intent = String(form.get('intent') ?? '')
  if (isDraftIntent(intent)) return draftWorkAction(t, request, orderId, form, intent, back)
  switch (intent) {
    case 'tags':
      return saveTags(t, request, orderId, form, back)
    case 'withdraw':
      return withdraw(t, request, orderId, form, back)
    case 'reopen':
      return reopen(t, request, orderId, form, back)
    case 'upload':
      return upload(t, request, orderId, form, back)
    default:
      return data<Failure>({ intent, ok: false, error: 'Unknown action' }, { status: 400 })
  }
}

/** A foreign or unknown order, draft or service is the 404 page; other refusals stay in the dialog. */
function refused(intent: string, status: number, error: string) {
  if (status === 404) throw notFound()
  return data<Failure>({ intent, ok: false, error }, { status })
}

async function saveTags(t: Tenant, request: Request, orderId: string, form: FormData, back: string) {
  const result = await editTagsValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await orderTagActions.set(t, request, orderId, result.data.tags)
  if (!saved.ok) return refused('tags', saved.status, saved.error)
  return redirectWithToast(request, back, TAGS_SAVED)
}

async function withdraw(t: Tenant, request: Request, orderId: string, form: FormData, back: string) {
  const result = await withdrawDraftValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await draftActions.withdraw(t, request, orderId, String(form.get('draftId') ?? ''), result.data.reason)
  if (!outcome.ok) return refused('withdraw', outcome.status, outcome.error)
  return redirectWithToast(request, back, DRAFT_WITHDRAWN)
}

async function reopen(t: Tenant, request: Request, orderId: string, form: FormData, back: string) {
  const outcome = await draftActions.reopenRevision(t, request, orderId, String(form.get('serviceId') ?? ''))
  if (!outcome.ok) return refused('reopen', outcome.status, outcome.error)
  // With JavaScript the dialog shows the message and reloads the page itself 1.5 s later.
  if (form.get(FETCHER_FIELD)) return data({ intent: 'reopen', ok: true, message: REOPENED })
  return redirectWithToast(request, back, REOPENED)
}

async function upload(t: Tenant, request: Request, orderId: string, form: FormData, back: string) {
  const fail = (detail?: string, status = 400) => data<UploadAnswer>({ intent: 'upload', error: UPLOAD_FAILED, detail }, { status })
  const file = form.get('file')
  if (file instanceof File && !isAllowedFileName(file.name)) return data<UploadAnswer>({ intent: 'upload', error: FILE_NAME_RULE }, { status: 400 })
  const sniffed = await sniffUpload(file instanceof File ? file : null, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
  if (isUploadError(sniffed)) return fail(sniffed.error, sniffed.status ?? 400)
  try {
    const attached = await attachOrderFile(t, request, orderId, sniffed)
    if (!attached.ok) return attached.status === 404 ? refused('upload', 404, attached.error) : fail(attached.error, attached.status)
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('order file upload failed', error)
    return fail(undefined, 500)
  }
  return redirectWithToast(request, back, FILE_UPLOADED)
}

type ActionAnswer = { intent?: string; ok?: boolean; error?: string; detail?: string; message?: string; content?: string }

export default function ProjectViewRoute() {
  const { project, canUpdate, suggestions, toast, chat, agreement, canBrief, customerChats, drafting, money, manage } = useLoaderData<typeof loader>()
  const answer = useActionData<ActionAnswer>()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const view = readProjectView(params)
  const orderId = project.order._id
  const href = (changes: Record<string, string | null> = {}) => projectHref(orderId, params, changes)
  const closeHref = href()
  const here = `${location.pathname}${location.search}`
  const services = project.order.package.packageServices
  const withdrawing = view.withdraw ? project.draftResumes.find((d) => d._id === view.withdraw && !d.deletedAt) : undefined
  const reopening = view.reopen ? services.find((s) => s._id === view.reopen) : undefined
  const errorFor = (intent: string) => (answer?.intent === intent && answer.ok === false ? answer.error : null)
  return (
    <div className="space-y-6">
      <PageHeader title="Projects Overview" crumbs={[{ to: '/orders/view', label: 'View Orders' }]} />
      <Toast message={toast} />
      {canUpdate && view.editTags ? (
        <EditTagsDialog action={here} closeTo={closeHref} tags={project.order.customTags.map((tag) => tag.text)} suggestions={suggestions} error={errorFor('tags')} />
      ) : null}
      {canUpdate && withdrawing ? (
        <WithdrawDraftDialog
          action={here}
          closeTo={closeHref}
          draftId={withdrawing._id}
          draftLabel={draftLabel(project.draftResumes, withdrawing, services)}
          error={errorFor('withdraw')}
        />
      ) : null}
      {canUpdate && reopening && !project.order.markedAsComplete ? (
        <ReopenRevisionDialog action={here} closeTo={closeHref} serviceId={reopening._id} serviceName={reopening.serviceName} error={errorFor('reopen')} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProjectSummary order={project.order} money={money} editTagsHref={canUpdate ? href({ editTags: '1' }) : null} />
          <ProjectRevisions
            project={project}
            serviceId={view.service}
            showDrafts={view.showDrafts}
            canUpdate={canUpdate}
            links={{
              tab: (serviceId) => href({ service: serviceId }),
              toggleDrafts: href({ drafts: view.showDrafts ? null : '1' }),
              withdraw: (draftId) => href({ withdraw: draftId }),
              reopen: (serviceId) => href({ reopen: serviceId }),
            }}
          />
          <ProjectBrief brief={project.brief} action={here} canSend={canBrief} answer={answer?.intent === 'brief' ? (answer as ProjectBriefAnswer) : null} />
          <ProjectDraftWork
            action={here}
            services={services}
            finalServices={drafting.finalServices}
            answers={drafting.answers}
            canUpdate={canUpdate}
            answer={answer?.intent === 'deliver-draft' || answer?.intent === 'final-documents' ? (answer as DraftWorkAnswer) : null}
          />
          {chat ? <ProjectChat orderId={orderId} chat={chat} answer={answer?.intent === 'chat' ? (answer as ProjectChatAnswer) : null} /> : null}
          {customerChats ? (
            <CustomerChat orderId={orderId} chats={customerChats} here={here} answer={answer?.intent === 'customerChat' ? (answer as CustomerChatAnswer) : null} />
          ) : null}
        </div>
        <div className="space-y-6">
          <ProjectTeam order={project.order} />
          <ProjectManage key={`${manage.dueDate}:${manage.priority}:${manage.writerId}:${manage.reviewerId}`} data={manage} here={here} />
          {agreement ? <ContractAcceptance acceptance={agreement} /> : null}
          <ProjectActivity notifications={project.notifications} />
          <ProjectFiles files={project.files} action={here} canUpload={canUpdate} answer={answer?.intent === 'upload' ? (answer as UploadAnswer) : null} />
        </div>
      </div>
    </div>
  )
}

/** 'Draft 2 of Resume Writing': the number counts the service's drafts, withdrawn ones included. */
function draftLabel(drafts: { _id: string; serviceId: string }[], draft: { _id: string; serviceId: string }, services: { _id: string; serviceName: string }[]) {
  const number = drafts.filter((d) => d.serviceId === draft.serviceId).findIndex((d) => d._id === draft._id) + 1
  const service = services.find((s) => s._id === draft.serviceId)?.serviceName
  return `Draft ${number}${service ? ` of ${service}` : ''}`
}

/** Switching tabs, showing drafts or opening a dialog changes only the URL: the data stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  return false
}

export const meta: MetaFunction = () => [{ title: 'Projects Overview | Draftdesk' }]

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return error.status === 404 ? <NotFoundPage /> : <RouteErrorContent />
  return <ErrorPage status={500} message={PROJECT_LOAD_FAILED} />
}
