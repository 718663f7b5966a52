// The project page's brief forms (issue 25, ADR 0061): follow-up questions and proposed appointment times, sent by
// staff who update orders or by the order's writer. Posted to /project/view/{id}?brief=post, so the writer needs only
// the page's READ_ORDERS (the page's other forms need UPDATE_ORDERS).
import { data } from '@remix-run/node'
import { requirePermission } from '#app/models/auth-guards.server'
import { proposeAppointment, sendFollowUpQuestions } from '#app/models/brief.server'
import { questionsFromText } from '#app/rules/brief'
import { can } from '#app/rules/permissions'
import { redirectWithToast } from '#app/services/flash.server'
import { notFound } from '#app/services/http.server'

export const PROJECT_BRIEF_PARAM = 'brief'
export const QUESTIONS_SENT = 'Follow-up questions sent to the customer'
export const TIMES_PROPOSED = 'Appointment times sent to the customer'

export type ProjectBriefAnswer = { intent: 'brief'; ok: false; error: string; errors?: Record<string, string>; serviceId: string; form: string }

export function isProjectBriefPost(request: Request): boolean {
  return new URL(request.url).searchParams.get(PROJECT_BRIEF_PARAM) === 'post'
}

/** May this member send questions or times from the project page? (The model checks again on every post.) */
export function canSendProjectBrief(user: Parameters<typeof can>[0] & { publicId: string }, writerPublicId: string | null): boolean {
  return can(user, { all: ['UPDATE_ORDERS'] }) || (writerPublicId !== null && writerPublicId === user.publicId)
}

export async function projectBriefPost(request: Request, orderId: string) {
  const t = await requirePermission(request, { all: ['READ_ORDERS'] })
  const form = await request.formData().catch(() => null)
  const intent = String(form?.get('intent') ?? '')
  const serviceId = String(form?.get('serviceId') ?? '')
  const back = `/project/view/${orderId}`
  const refused = (r: { status: number; error: string; errors?: Record<string, string> }) => {
    if (r.status === 404) throw notFound()
    return data<ProjectBriefAnswer>({ intent: 'brief', ok: false, error: r.error, errors: r.errors, serviceId, form: intent }, { status: r.status })
  }
  if (intent === 'follow-up-questions') {
    const result = await sendFollowUpQuestions(t, orderId, serviceId, questionsFromText(String(form?.get('questions') ?? '')))
    return result.ok ? redirectWithToast(request, back, QUESTIONS_SENT) : refused(result)
  }
  if (intent === 'propose-appointment') {
    const result = await proposeAppointment(t, orderId, serviceId, { link: form?.get('link') ?? '', times: form?.getAll('time') ?? [] })
    return result.ok ? redirectWithToast(request, back, TIMES_PROPOSED) : refused(result)
  }
  return data<ProjectBriefAnswer>({ intent: 'brief', ok: false, error: 'Unknown action', serviceId, form: intent }, { status: 400 })
}
