// The contributor's order page (ADR 0067), its reading parts: the summary (due date, status, tags, the customer as
// the organisation lets a contributor see them), the modules with what each waits on and the writer's "mark done",
// the customer's brief with their documents and the follow-up questions form, and the activity.
import { Form } from '@remix-run/react'
import { formatKb } from '#app/rules/file-name'
import { PROJECT_STATUS_TONE } from '#app/rules/project-status'
import { WAIT_TEXT } from '#app/rules/work-order'
import type { WorkOrderView } from '#app/models/work-order.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { formatDate, formatDateTime } from '#app/components/orders/project-overview'
import { BriefAnswers } from '#app/components/orders/brief-answers'

/** A refused form of the page: the message, the fields' messages and what was typed. */
export type WorkAnswer = { intent: string; ok: false; error: string; errors?: Record<string, string>; fields?: Record<string, string> }

export const workFileHref = (orderId: string, ref: string) => `/work/orders/${orderId}/file?ref=${encodeURIComponent(ref)}`

const TONE: Record<string, string> = {
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  gray: 'bg-gray-50 text-gray-700 ring-gray-500/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
}

export function Pill({ tone, children }: { tone: keyof typeof TONE; children: React.ReactNode }) {
  return <span className={cn('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONE[tone])}>{children}</span>
}

export const fieldClass = 'mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset'
export const labelClass = 'block text-sm font-medium text-gray-700'

export function FormError({ answer, intent, match }: { answer: WorkAnswer | null; intent: string; match?: (a: WorkAnswer) => boolean }) {
  if (!answer || answer.intent !== intent || (match && !match(answer))) return null
  return (
    <p role="alert" className="text-sm text-red-600">
      {answer.error}
    </p>
  )
}

export function WorkSummary({ view }: { view: WorkOrderView }) {
  const customerName = `${view.customer.firstName} ${view.customer.lastName}`.trim()
  return (
    <Card aria-labelledby="work-summary-heading">
      <h2 id="work-summary-heading" className="sr-only">
        Summary
      </h2>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-gray-600">You are</dt>
          <dd className="font-medium text-gray-900">{view.role === 'writer' ? 'The writer' : 'The reviewer'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Due date</dt>
          <dd className="font-medium text-gray-900">{view.dueDate ? formatDate(view.dueDate) : 'No due date'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Status</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
            <span data-testid="status-percentage">{view.statusPercentage}%</span>
            <Pill tone={PROJECT_STATUS_TONE[view.projectStatus]}>{view.projectStatus}</Pill>
            {view.needsAction ? (
              <Pill tone="red">
                <span data-testid="needs-action">Needs your action</span>
              </Pill>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Priority</dt>
          <dd className="font-medium text-gray-900 capitalize">{view.priority ?? 'None'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Customer</dt>
          <dd className="font-medium text-gray-900" data-testid="work-customer">
            {customerName}
            {view.customer.email ? <span className="block font-normal break-all text-gray-700">{view.customer.email}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Tags</dt>
          <dd className="flex flex-wrap gap-1">
            {view.tags.length ? (
              view.tags.map((tag) => (
                <Pill key={tag._id} tone="gray">
                  {tag.text}
                </Pill>
              ))
            ) : (
              <span className="text-gray-700">No tags</span>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  )
}

export function WorkModules({ view, action, answer }: { view: WorkOrderView; action: string; answer: WorkAnswer | null }) {
  return (
    <Card aria-labelledby="work-modules-heading">
      <h2 id="work-modules-heading" className="mb-3 text-base font-semibold text-gray-900">
        Steps
      </h2>
      <FormError answer={answer} intent="task-done" />
      <ol className="space-y-3">
        {view.modules.map((m) => (
          <li key={`${m.serviceId}-${m.id}`} className="text-sm">
            <p className="font-medium text-gray-900">
              {m.title} <span className="font-normal text-gray-600">· {m.serviceName}</span>
            </p>
            <p className="text-gray-700">{m.state === 'done' ? 'Done' : m.state === 'next' ? `Next: ${WAIT_TEXT[m.waits].toLowerCase()}` : WAIT_TEXT[m.waits]}</p>
            {view.role === 'writer' && m.writerTask && m.state !== 'done' && !view.markedAsComplete ? (
              <Form method="post" action={action} className="mt-1">
                <input type="hidden" name="intent" value="task-done" />
                <input type="hidden" name="taskId" value={m.id} />
                <input type="hidden" name="serviceId" value={m.serviceId} />
                <button type="submit" className={buttonClass('secondary', 'min-h-6 text-xs')}>
                  Mark {m.title} of {m.serviceName} done
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  )
}

export function WorkBrief({ view, action, answer }: { view: WorkOrderView; action: string; answer: WorkAnswer | null }) {
  return (
    <Card aria-labelledby="work-brief-heading">
      <h2 id="work-brief-heading" className="mb-3 text-base font-semibold text-gray-900">
        Brief
      </h2>
      {view.brief.length === 0 ? <p className="text-sm text-gray-600">This order has no questionnaire or documents step.</p> : null}
      <div className="space-y-5">
        {view.brief.map((s) => {
          const mine = answer?.intent === 'follow-up-questions' && answer.fields?.serviceId === s.serviceId ? answer : null
          return (
            <section key={`${s.serviceId}-${s.moduleId}`} aria-label={`${s.title} of ${s.serviceName}`}>
              <h3 className="text-sm font-semibold text-gray-900">
                {s.title} <span className="font-normal text-gray-600">· {s.serviceName}</span>
              </h3>
              <p className="text-xs text-gray-600">{s.done ? `Submitted${s.submittedAt ? ` ${formatDateTime(s.submittedAt)}` : ''}` : 'Not submitted yet'}</p>
              <BriefAnswers answers={s.answers} />
              {s.kind === 'documents' ? (
                s.documents.length ? (
                  <ul className="mt-2 space-y-1 text-sm">
                    {s.documents.map((d) => (
                      <li key={d._id}>
                        <a href={workFileHref(view._id, d._id)} download className="font-medium break-all text-brand-700 underline">
                          {d.name}
                        </a>{' '}
                        <span className="text-gray-600">({formatKb(d.size)})</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-gray-600">No documents uploaded.</p>
                )
              ) : null}
              {s.kind === 'appointment' && s.appointment?.chosen ? <p className="mt-1 text-sm text-gray-700">Appointment: {formatDateTime(s.appointment.chosen)}</p> : null}
              {view.role === 'writer' && s.kind === 'follow_up' && !s.done ? (
                <Form method="post" action={action} className="mt-2 space-y-2">
                  <input type="hidden" name="intent" value="follow-up-questions" />
                  <input type="hidden" name="serviceId" value={s.serviceId} />
                  <FormError answer={mine} intent="follow-up-questions" />
                  <label className={labelClass}>
                    Follow-up questions for the customer (one per line)
                    <textarea name="questions" rows={3} required defaultValue={mine?.fields?.questions ?? ''} className={fieldClass} />
                  </label>
                  <button type="submit" className={buttonClass('secondary')}>
                    {s.questionsSent ? 'Replace the questions' : 'Send questions'}
                  </button>
                </Form>
              ) : null}
            </section>
          )
        })}
      </div>
    </Card>
  )
}

export function WorkActivity({ view }: { view: WorkOrderView }) {
  return (
    <Card aria-labelledby="work-activity-heading">
      <h2 id="work-activity-heading" className="mb-3 text-base font-semibold text-gray-900">
        Activity
      </h2>
      {view.activity.length === 0 ? <p className="text-sm text-gray-600">Nothing yet.</p> : null}
      <ul className="space-y-2 text-sm">
        {view.activity.map((a, i) => (
          <li key={i}>
            <p className="text-gray-900">{a.content}</p>
            <p className="text-xs text-gray-600">{formatDateTime(a.createdAt)}</p>
          </li>
        ))}
      </ul>
    </Card>
  )
}
