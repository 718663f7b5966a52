// The customer's tasks of an order (issue 25, ADR 0061): documents, questionnaires, follow-up questions and an
// appointment. Plain forms that post to the task page; with JavaScript, answers autosave (~800 ms after typing stops)
// and documents upload as soon as they are chosen or dropped, with a progress bar.
import { Form, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { BriefTask } from '#app/models/brief.server'
import { type Answers, type AnswerValue, DOCUMENT_ACCEPT, type FormItem, formatAppointment, isFileList } from '#app/rules/brief'
import { formatKb } from '#app/rules/file-name'
import { Alert } from '#app/ui/alert'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'

export type BriefAnswer = { error?: string; errors?: Record<string, string>; values?: Record<string, unknown> }

export const AUTOSAVE_DELAY_MS = 800

const inputClass = 'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm text-gray-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700'
const labelClass = 'block text-sm font-medium text-gray-900'

export function BriefTaskView({ task, answer }: { task: BriefTask; answer: BriefAnswer | null }) {
  return (
    <div className="space-y-4">
      {answer?.error ? <Alert tone="danger">{answer.error}</Alert> : null}
      {task.kind === 'documents' ? <DocumentsTask task={task} /> : null}
      {task.kind === 'appointment' ? <AppointmentTask task={task} answer={answer} /> : null}
      {task.kind === 'questions' || task.kind === 'follow_up' ? <QuestionsTask task={task} answer={answer} /> : null}
    </div>
  )
}

function Submitted({ task }: { task: BriefTask }) {
  return <p className="text-sm text-gray-700">{task.submittedAt ? `Done: sent to your team on ${new Date(task.submittedAt).toUTCString().slice(0, 16)}.` : 'Done.'}</p>
}

// ---------------------------------------------------------------------------------------------
// Questionnaires and follow-up questions

function QuestionsTask({ task, answer }: { task: BriefTask; answer: BriefAnswer | null }) {
  if (task.kind === 'follow_up' && !task.questionsSent && !task.done) {
    return (
      <Card>
        <p className="text-sm text-gray-700">Your team has not sent any questions yet. We will e-mail you when they do.</p>
      </Card>
    )
  }
  if (task.done) return <AnswersReadOnly task={task} />
  return <QuestionsForm task={task} answer={answer} />
}

function shown(value: AnswerValue | undefined): string {
  if (value === undefined || value === '') return 'No answer'
  if (typeof value === 'string') return value
  if (value.length === 0) return 'No answer'
  return value.map((v) => (typeof v === 'string' ? v : v.name)).join(', ')
}

function AnswersReadOnly({ task }: { task: BriefTask }) {
  return (
    <Card aria-label="Your answers">
      <Submitted task={task} />
      <dl className="mt-3 space-y-3 text-sm">
        {task.items.map((item) =>
          item.type === 'section_heading' ? (
            <h2 key={item.id} className="pt-2 text-base font-semibold text-gray-900">
              {item.text}
            </h2>
          ) : (
            <div key={item.id}>
              <dt className="font-medium text-gray-900">{item.text}</dt>
              <dd className="whitespace-pre-wrap text-gray-700">{shown(task.answers[item.id])}</dd>
            </div>
          ),
        )}
      </dl>
    </Card>
  )
}

type SaveState = { kind: 'idle' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }

/** Autosave: a change waits AUTOSAVE_DELAY_MS for the next one, then the whole form's answers are saved as JSON. */
function useAutosave(form: React.RefObject<HTMLFormElement | null>, task: BriefTask): SaveState {
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  useEffect(() => {
    const el = form.current
    if (!el) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let inflight: AbortController | undefined
    const save = async () => {
      inflight?.abort()
      inflight = new AbortController()
      const data = new FormData(el)
      const answers: Record<string, unknown> = {}
      for (const item of task.items) {
        if (item.type === 'section_heading' || item.type === 'file_upload') continue
        const name = `answer:${item.id}`
        answers[item.id] = item.type === 'multiple_choice' ? data.getAll(name).map(String) : String(data.get(name) ?? '')
      }
      setState({ kind: 'saving' })
      try {
        const res = await fetch(`/api/portal/orders/${task.order._id}/answers`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ moduleId: task.moduleId, serviceId: task.serviceId, answers, submit: false }),
          signal: inflight.signal,
        })
        const body = (await res.json().catch(() => ({}))) as { error?: string }
        setState(res.ok ? { kind: 'saved' } : { kind: 'failed', message: body.error ?? 'Your answers could not be saved. Please use Save for later.' })
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState({ kind: 'failed', message: 'Your answers could not be saved. Please check your connection.' })
      }
    }
    const changed = (event: Event) => {
      const target = event.target as HTMLInputElement | null
      if (!target?.name?.startsWith('answer:')) return
      clearTimeout(timer)
      // Never "All changes saved" while a change waits for its save: a save already on its way is superseded (the next one sends every answer).
      inflight?.abort()
      setState({ kind: 'dirty' })
      timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
    }
    // Save for later and Submit post the whole form themselves: a pending autosave would only race them.
    const submitted = () => {
      clearTimeout(timer)
      inflight?.abort()
    }
    el.addEventListener('input', changed)
    el.addEventListener('change', changed)
    el.addEventListener('submit', submitted)
    return () => {
      submitted()
      el.removeEventListener('input', changed)
      el.removeEventListener('change', changed)
      el.removeEventListener('submit', submitted)
    }
  }, [form, task])
  return state
}

const SAVE_TEXT: Record<SaveState['kind'], string> = { idle: '', dirty: 'Unsaved changes', saving: 'Saving…', saved: 'All changes saved', failed: '' }

function QuestionsForm({ task, answer }: { task: BriefTask; answer: BriefAnswer | null }) {
  const ref = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  const saveState = useAutosave(ref, task)
  const values = { ...task.answers, ...((answer?.values ?? {}) as Answers) }
  const errors = answer?.errors ?? {}
  const answerable = task.items.filter((i) => i.type !== 'section_heading')
  return (
    <Card>
      <Form ref={ref} method="post" encType="multipart/form-data" aria-label={task.title} noValidate key={task.version} className="space-y-5">
        <p className="text-sm text-gray-700">
          {hydrated ? 'Your answers are saved as you type; come back any time to finish.' : 'Use Save for later to keep your answers and finish another time.'} Questions marked
          required must be answered before you submit.
        </p>
        {answerable.length === 0 ? <p className="text-sm text-gray-700">This questionnaire has no questions: submit it to let your team know.</p> : null}
        {task.items.map((item) => (
          <Question key={item.id} item={item} value={values[item.id]} error={errors[item.id]} />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value="submit">
            Submit
          </Button>
          <Button type="submit" name="intent" value="save" variant="secondary">
            Save for later
          </Button>
          <p role="status" aria-live="polite" className="text-sm text-gray-700">
            {saveState.kind === 'failed' ? saveState.message : SAVE_TEXT[saveState.kind]}
          </p>
        </div>
      </Form>
    </Card>
  )
}

function Question({ item, value, error }: { item: FormItem; value: AnswerValue | undefined; error: string | undefined }) {
  const id = `q-${item.id}`
  const errorId = `${id}-error`
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  const label = (
    <>
      {item.text}
      {item.required ? <span className="font-normal text-gray-600"> (required)</span> : null}
    </>
  )
  const errorText = error ? (
    <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null
  const text = typeof value === 'string' ? value : ''
  switch (item.type) {
    case 'section_heading':
      return <h2 className="border-b border-gray-200 pb-1 text-lg font-semibold text-gray-900">{item.text}</h2>
    case 'short_text':
    case 'date':
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <input
            id={id}
            name={`answer:${item.id}`}
            type={item.type === 'date' ? 'date' : 'text'}
            defaultValue={text}
            aria-required={item.required}
            className={inputClass}
            {...described}
          />
          {errorText}
        </div>
      )
    case 'long_text':
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <textarea id={id} name={`answer:${item.id}`} rows={5} defaultValue={text} aria-required={item.required} className={inputClass} {...described} />
          {errorText}
        </div>
      )
    case 'single_choice':
    case 'multiple_choice': {
      const chosen = new Set(typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
      return (
        // A radio group may say it is required and invalid; a group of checkboxes only points at its error.
        <fieldset {...(item.type === 'single_choice' ? { role: 'radiogroup', 'aria-required': item.required, ...described } : error ? { 'aria-describedby': errorId } : {})}>
          <legend className={labelClass}>{label}</legend>
          <div className="mt-1 space-y-1">
            {(item.options ?? []).map((option, i) => (
              <label key={option} htmlFor={`${id}-${i}`} className="flex min-h-6 items-center gap-2 text-sm text-gray-900">
                <input
                  id={`${id}-${i}`}
                  type={item.type === 'single_choice' ? 'radio' : 'checkbox'}
                  name={`answer:${item.id}`}
                  value={option}
                  defaultChecked={chosen.has(option)}
                  className="size-4"
                />
                {option}
              </label>
            ))}
          </div>
          {errorText}
        </fieldset>
      )
    }
    case 'file_upload': {
      const files = isFileList(value) ? value : []
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          {files.length ? (
            <ul className="mt-1 space-y-1 text-sm" aria-label={`Files for ${item.text}`}>
              {files.map((f) => (
                <li key={f._id} className="flex items-center gap-2">
                  <span className="text-gray-900">{f.name}</span>
                  <button type="submit" name="intent" value={`remove-file:${item.id}:${f._id}`} className="min-h-6 text-sm font-medium text-red-700 underline">
                    Remove<span className="sr-only"> {f.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input id={id} name={`file:${item.id}`} type="file" accept={DOCUMENT_ACCEPT} className="mt-1 block text-sm" {...described} />
          <p className="mt-1 text-xs text-gray-600">The file is sent when you save or submit.</p>
          {errorText}
        </div>
      )
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Documents

type Upload = { name: string; percent: number; error?: string }

/** Sends one file to the documents call with XMLHttpRequest, for its upload progress. */
function sendDocument(orderId: string, serviceId: string, file: File, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData()
    body.set('file', file)
    body.set('serviceId', serviceId)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/portal/orders/${orderId}/documents`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100))
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(null)
      try {
        resolve((JSON.parse(xhr.responseText) as { error?: string }).error ?? 'The upload failed. Please try again.')
      } catch {
        resolve(xhr.status === 413 ? 'The file is too large.' : 'The upload failed. Please try again.')
      }
    }
    xhr.onerror = () => resolve('The upload failed. Please check your connection.')
    xhr.send(body)
  })
}

function DocumentsTask({ task }: { task: BriefTask }) {
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [uploads, setUploads] = useState<Upload[]>([])
  const onChoose = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    if (!hydrated || files.length === 0) return
    setUploads(files.map((f) => ({ name: f.name, percent: 0 })))
    for (const [i, file] of files.entries()) {
      const error = await sendDocument(task.order._id, task.serviceId, file, (percent) => setUploads((u) => u.map((x, j) => (j === i ? { ...x, percent } : x))))
      setUploads((u) => u.map((x, j) => (j === i ? { ...x, percent: 100, error: error ?? undefined } : x)))
    }
    input.value = ''
    revalidator.revalidate()
  }
  return (
    <>
      <Card aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="text-lg font-semibold text-gray-900">
          Your documents
        </h2>
        {task.documents.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No documents yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-200 text-sm" aria-label="Uploaded documents">
            {task.documents.map((d) => (
              <li key={d._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-gray-900">
                  {d.name} <span className="text-gray-600">({formatKb(d.size)})</span>
                </span>
                {task.done ? null : (
                  <Form method="post" encType="multipart/form-data">
                    <input type="hidden" name="documentId" value={d._id} />
                    <Button type="submit" name="intent" value="remove" variant="ghost">
                      Remove<span className="sr-only"> {d.name}</span>
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {task.done ? <Submitted task={task} /> : null}
      </Card>
      {task.done ? null : (
        <>
          <Card aria-labelledby="upload-heading">
            <h2 id="upload-heading" className="text-lg font-semibold text-gray-900">
              Add documents
            </h2>
            <p className="mt-1 text-sm text-gray-700">PDF, Word, text or image files up to 20 MB. Please do not use commas or apostrophes in file names.</p>
            <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="upload" />
              {task.hideClickToUpload ? (
                // No "click to upload" button: the drop zone is itself the labelled file control, so it still opens
                // the file chooser from the keyboard (Enter or Space) and works without dragging (WCAG 2.5.7).
                <div className="relative rounded-lg border-2 border-dashed border-gray-400 p-6 text-center focus-within:border-brand-700 focus-within:ring-2 focus-within:ring-brand-700">
                  <label htmlFor="documents-file" className="text-sm font-medium text-gray-900">
                    Drop your documents here
                  </label>
                  <input
                    id="documents-file"
                    name="file"
                    type="file"
                    multiple
                    accept={DOCUMENT_ACCEPT}
                    onChange={(e) => void onChoose(e)}
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                </div>
              ) : (
                <div>
                  <label htmlFor="documents-file" className={labelClass}>
                    Click to upload
                  </label>
                  <input id="documents-file" name="file" type="file" multiple accept={DOCUMENT_ACCEPT} onChange={(e) => void onChoose(e)} className="mt-1 block text-sm" />
                </div>
              )}
              {hydrated ? null : (
                <Button type="submit" variant="secondary">
                  Send the chosen files
                </Button>
              )}
            </Form>
            {uploads.length ? (
              <ul className="mt-3 space-y-2 text-sm" aria-label="Uploads">
                {uploads.map((u, i) => (
                  <li key={`${u.name}-${i}`}>
                    <label className="flex flex-col gap-1">
                      <span>{u.error ? `${u.name}: ${u.error}` : u.percent >= 100 ? `${u.name}: uploaded` : `Uploading ${u.name}`}</span>
                      <progress max={100} value={u.percent} className="h-2 w-full" />
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <p role="status" aria-live="polite" className="sr-only">
              {uploads.length && uploads.every((u) => u.percent >= 100) ? `${uploads.filter((u) => !u.error).length} of ${uploads.length} uploaded` : ''}
            </p>
          </Card>
          <Form method="post" encType="multipart/form-data">
            <Button type="submit" name="intent" value="submit-documents">
              {task.documents.length ? 'Send my documents to the team' : 'I have no documents to upload'}
            </Button>
          </Form>
        </>
      )}
    </>
  )
}

// ---------------------------------------------------------------------------------------------
// Appointment

function AppointmentTask({ task, answer }: { task: BriefTask; answer: BriefAnswer | null }) {
  const a = task.appointment
  if (a?.chosen) {
    return (
      <Card aria-label="Your appointment">
        <p className="text-sm text-gray-900">
          Your appointment: <strong>{formatAppointment(a.chosen)}</strong>
        </p>
      </Card>
    )
  }
  if (task.done) return <Submitted task={task} />
  if (!a || (!a.link && a.proposals.length === 0)) {
    return (
      <Card>
        <p className="text-sm text-gray-700">Your team will propose times for your appointment soon. We will let you know.</p>
      </Card>
    )
  }
  const error = answer?.errors?.time
  return (
    <Card>
      {a.proposals.length ? (
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <fieldset aria-describedby={error ? 'time-error' : undefined}>
            <legend className={labelClass}>Pick a time that suits you (times in UTC)</legend>
            <div className="mt-2 space-y-1">
              {a.proposals.map((p, i) => (
                <label key={p} htmlFor={`time-${i}`} className="flex min-h-6 items-center gap-2 text-sm text-gray-900">
                  <input id={`time-${i}`} type="radio" name="time" value={p} defaultChecked={i === 0} className="size-4" />
                  {formatAppointment(p)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" name="intent" value="pick">
            Book this time
          </Button>
        </Form>
      ) : null}
      {a.link ? (
        <div className={a.proposals.length ? 'mt-6 border-t border-gray-200 pt-4' : ''}>
          <p className="text-sm text-gray-900">
            {a.proposals.length ? 'None of these times work? ' : ''}
            <a href={a.link} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
              Book a time with your writer (opens in a new tab)
            </a>
            , then tell us the time you booked.
          </p>
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-2">
            <label htmlFor="booked-time" className={labelClass}>
              The time you booked (UTC)
            </label>
            <input id="booked-time" name="time" type="datetime-local" className={inputClass} aria-describedby={error ? 'time-error' : undefined} />
            <Button type="submit" name="intent" value="pick" variant="secondary">
              Confirm my appointment
            </Button>
          </Form>
        </div>
      ) : null}
      {error ? (
        <p id="time-error" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  )
}
