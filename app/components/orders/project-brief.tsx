// The customer's brief on the project page (issue 25, ADR 0061): each customer task of the order with what the
// customer gave (answers, documents, the chosen time), and the forms to send follow-up questions and propose times.
import { Form } from '@remix-run/react'
import type { StaffBriefSection } from '#app/models/brief.server'
import { formatAppointment, MAX_PROPOSED_TIMES } from '#app/rules/brief'
import { formatKb } from '#app/rules/file-name'
import { Alert } from '#app/ui/alert'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { BriefAnswers } from '#app/components/orders/brief-answers'

type Answer = { error: string; errors?: Record<string, string>; serviceId: string; form: string } | null

const inputClass = 'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm text-gray-900'

function status(s: StaffBriefSection): string {
  if (s.submittedAt) return `Submitted ${new Date(s.submittedAt).toUTCString().slice(0, 22)}`
  if (s.done) return 'Done'
  if (s.kind === 'follow_up') return s.questionsSent ? 'Questions sent, waiting for answers' : 'No questions sent yet'
  if (s.kind === 'documents' && s.documents.length) return 'Documents uploaded, not sent to the team yet'
  if (s.kind === 'appointment' && !s.appointment?.link && !s.appointment?.proposals.length) return 'No times proposed yet'
  return s.answers.some((a) => a.answer) ? 'In progress (saved, not submitted)' : 'Waiting on the customer'
}

export function ProjectBrief({ brief, action, canSend, answer }: { brief: StaffBriefSection[]; action: string; canSend: boolean; answer: Answer }) {
  if (brief.length === 0) return null
  return (
    <Card aria-labelledby="brief-heading">
      <h2 id="brief-heading" className="text-lg font-semibold text-gray-900">
        Customer brief
      </h2>
      <div className="mt-3 space-y-5">
        {brief.map((s) => {
          const mine = answer && answer.serviceId === s.serviceId ? answer : null
          return (
            <section key={`${s.serviceId}:${s.moduleId}`} aria-label={`${s.title} (${s.serviceName})`} className="border-t border-gray-200 pt-3 first:border-t-0 first:pt-0">
              <h3 className="text-base font-semibold text-gray-900">
                {s.title} <span className="text-sm font-normal text-gray-600">· {s.serviceName}</span>
              </h3>
              <p className="text-sm text-gray-700">{status(s)}</p>
              <BriefAnswers answers={s.answers} />
              {s.kind === 'documents' ? (
                s.documents.length ? (
                  <ul className="mt-2 text-sm text-gray-900">
                    {s.documents.map((d) => (
                      <li key={d._id}>
                        {d.name} <span className="text-gray-600">({formatKb(d.size)})</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-gray-600">No documents uploaded.</p>
                )
              ) : null}
              {s.kind === 'appointment' && s.appointment ? <AppointmentSummary appointment={s.appointment} /> : null}
              {canSend && !s.done && s.kind === 'follow_up' ? <QuestionsForm section={s} action={action} answer={mine?.form === 'follow-up-questions' ? mine : null} /> : null}
              {canSend && !s.done && s.kind === 'appointment' && !s.appointment?.chosen ? (
                <TimesForm section={s} action={action} answer={mine?.form === 'propose-appointment' ? mine : null} />
              ) : null}
            </section>
          )
        })}
      </div>
    </Card>
  )
}

function AppointmentSummary({ appointment }: { appointment: NonNullable<StaffBriefSection['appointment']> }) {
  return (
    <div className="mt-1 space-y-1 text-sm text-gray-900">
      {appointment.chosen ? (
        <p>
          Chosen time: <strong>{formatAppointment(appointment.chosen)}</strong>
        </p>
      ) : null}
      {appointment.proposals.length ? <p>Proposed: {appointment.proposals.map(formatAppointment).join('; ')}</p> : null}
      {appointment.link ? <p className="break-all">Scheduling link: {appointment.link}</p> : null}
    </div>
  )
}

function QuestionsForm({ section, action, answer }: { section: StaffBriefSection; action: string; answer: Answer }) {
  const id = `questions-${section.serviceId}`
  return (
    <Form method="post" action={`${action}${action.includes('?') ? '&' : '?'}brief=post`} className="mt-3 space-y-2">
      {answer ? <Alert tone="danger">{answer.error}</Alert> : null}
      <input type="hidden" name="serviceId" value={section.serviceId} />
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {section.questionsSent ? 'Replace the follow-up questions (one per line)' : 'Follow-up questions for the customer (one per line)'}
      </label>
      <textarea id={id} name="questions" rows={4} className={inputClass} defaultValue={section.answers.map((a) => a.question).join('\n')} />
      <Button type="submit" name="intent" value="follow-up-questions">
        Send questions
      </Button>
    </Form>
  )
}

function TimesForm({ section, action, answer }: { section: StaffBriefSection; action: string; answer: Answer }) {
  const proposals = section.appointment?.proposals ?? []
  return (
    <Form method="post" action={`${action}${action.includes('?') ? '&' : '?'}brief=post`} className="mt-3 space-y-2">
      {answer ? <Alert tone="danger">{answer.error}</Alert> : null}
      <input type="hidden" name="serviceId" value={section.serviceId} />
      <label htmlFor={`link-${section.serviceId}`} className="block text-sm font-medium text-gray-900">
        Scheduling link (optional)
      </label>
      <input id={`link-${section.serviceId}`} name="link" type="url" className={inputClass} defaultValue={section.appointment?.link ?? ''} placeholder="https://" />
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Or propose up to {MAX_PROPOSED_TIMES} times (UTC)</legend>
        {Array.from({ length: MAX_PROPOSED_TIMES }, (_, i) => (
          <div key={i}>
            <label htmlFor={`time-${section.serviceId}-${i}`} className="sr-only">
              Time {i + 1}
            </label>
            <input id={`time-${section.serviceId}-${i}`} name="time" type="datetime-local" className={inputClass} defaultValue={proposals[i]?.slice(0, 16) ?? ''} />
          </div>
        ))}
      </fieldset>
      <Button type="submit" name="intent" value="propose-appointment">
        Send to the customer
      </Button>
    </Form>
  )
}
