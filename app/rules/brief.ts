// The customer's brief (issue 25, ADR 0061): which task a module is, how answers are read, checked and shown,
// and which uploads count as documents. Pure: shared by the portal pages, the calls and the staff views.
import { CUSTOMER_WORK_MODULES, isCustomerWork } from './order-timeline'

/** A form's question as the form builder makes it (db/tables/content.ts FormItem). */
export type FormItem = {
  id: string
  type: 'short_text' | 'long_text' | 'single_choice' | 'multiple_choice' | 'date' | 'file_upload' | 'section_heading'
  text: string
  required: boolean
  options?: string[]
}
/** The stored shapes of db/tables/brief.ts. */
export type AnswerFile = { _id: string; name: string }
export type AnswerValue = string | string[] | AnswerFile[]
export type Answers = Record<string, AnswerValue>
export type FollowUpQuestion = { id: string; text: string }

export type BriefKind = 'documents' | 'questions' | 'follow_up' | 'appointment'

/** What the customer does in a module: upload documents, answer a form, answer follow-up questions, pick a time. */
export function briefKind(moduleId: string): BriefKind | null {
  if (!isCustomerWork(moduleId)) return null
  if (moduleId === 'previous_document') return 'documents'
  if (moduleId === 'additional_questionnaire') return 'follow_up'
  if (moduleId === 'schedule_appointment') return 'appointment'
  return (CUSTOMER_WORK_MODULES as readonly string[]).includes(moduleId) ? null : 'questions'
}

export const MAX_SHORT_TEXT = 1000
export const MAX_LONG_TEXT = 20_000
export const MAX_FOLLOW_UP_QUESTIONS = 30
export const MAX_PROPOSED_TIMES = 3

export const REQUIRED_ANSWER = 'Please answer this question'
export const UNKNOWN_CHOICE = 'Please choose one of the options'
export const BAD_DATE = 'Please enter a date as YYYY-MM-DD'
export const TOO_LONG = 'This answer is too long'
export const ALREADY_SUBMITTED = 'This step is already done: its answers can no longer be changed.'
export const NO_QUESTIONS_YET = 'Your team has not sent any questions yet.'
export const SUBMIT_ERRORS = 'Some answers are missing or need a change: see the questions marked below.'

/** Follow-up questions are answered like a form of required long answers. */
export function followUpItems(questions: readonly FollowUpQuestion[]): FormItem[] {
  return questions.map((q) => ({ id: q.id, type: 'long_text', text: q.text, required: true }))
}

/** Items that take an answer (a section heading is only a title). */
export const answerable = (items: readonly FormItem[]) => items.filter((i) => i.type !== 'section_heading')

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

const asText = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)

export type AnswerCheck = { answers: Answers; errors: Record<string, string> }

/**
 * Reads the answers given for these items: unknown item ids are dropped, file items are left to the
 * upload (their files are never taken from a body), each other value is checked against its item's type.
 * `given` holds only the items being changed (autosave); the rest keep what `saved` had.
 */
export function mergeAnswers(items: readonly FormItem[], saved: Answers, given: Record<string, unknown>): AnswerCheck {
  const answers: Answers = { ...saved }
  const errors: Record<string, string> = {}
  for (const item of answerable(items)) {
    if (item.type === 'file_upload' || !Object.hasOwn(given, item.id)) continue
    const raw = given[item.id]
    if (item.type === 'multiple_choice') {
      const list = raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw.map(asText) : [asText(raw)]
      if (list.some((v) => v === null || !(item.options ?? []).includes(v))) errors[item.id] = UNKNOWN_CHOICE
      else answers[item.id] = [...new Set(list as string[])]
      continue
    }
    const text = raw === undefined || raw === null ? '' : asText(raw)
    if (text === null) {
      errors[item.id] = item.type === 'single_choice' ? UNKNOWN_CHOICE : 'Please enter text'
      continue
    }
    if (item.type === 'single_choice' && text !== '' && !(item.options ?? []).includes(text)) errors[item.id] = UNKNOWN_CHOICE
    else if (item.type === 'date' && text !== '' && !isRealDate(text)) errors[item.id] = BAD_DATE
    else if (text.length > (item.type === 'long_text' ? MAX_LONG_TEXT : MAX_SHORT_TEXT)) errors[item.id] = TOO_LONG
    else answers[item.id] = text
  }
  return { answers, errors }
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  return value.length > 0
}

/** Required items left unanswered, for the submit. */
export function missingRequired(items: readonly FormItem[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const item of answerable(items)) if (item.required && !isAnswered(answers[item.id])) errors[item.id] = REQUIRED_ANSWER
  return errors
}

export function isFileList(value: AnswerValue | undefined): value is AnswerFile[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null)
}

/** An answer as one line of text (reports and staff views): choices joined, files by name. */
export function answerText(value: AnswerValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return value.map((v) => (typeof v === 'string' ? v : v.name)).join('; ')
}

/** A list of questions typed one per line (the project page's form): blank lines dropped, each trimmed. */
export function questionsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((q) => q.trim())
    .filter((q) => q.length > 0)
}

// Documents the customer uploads: the name must say what the bytes are, so an HTML page or a script
// under a document's name is refused even though it would pass as plain text.
const DOCUMENT_EXTENSIONS: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  doc: ['application/msword', 'application/x-cfb'],
  odt: ['application/vnd.oasis.opendocument.text'],
  rtf: ['application/rtf'],
  txt: ['text/plain'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
}

export const CUSTOMER_DOCUMENT_TYPES = [...new Set(Object.values(DOCUMENT_EXTENSIONS).flat())]
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_EXTENSIONS)
  .map((e) => `.${e}`)
  .join(',')
export const DOCUMENT_TYPE_REFUSED = 'Please upload a PDF, Word, text or image file whose name matches its type.'

const MARKUP = /<\s*(script|html|!doctype|body|svg|iframe|object|embed|head|meta)\b/i

/** The sniffed type agrees with the file name's extension, and a text file carries no markup. */
export function isAcceptableDocument(name: string, mimeType: string, head: string): boolean {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase()
  if (!ext || !DOCUMENT_EXTENSIONS[ext]?.includes(mimeType)) return false
  if (mimeType === 'text/plain' && MARKUP.test(head)) return false
  return true
}

/** A time proposed or picked: an ISO instant (a datetime-local value is read as UTC, ADR 0061). */
export function parseTime(raw: unknown): Date | null {
  if (typeof raw !== 'string' || raw.length > 40) return null
  const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(raw) ? `${raw}Z` : raw
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null
  const d = new Date(text)
  return Number.isNaN(d.getTime()) ? null : d
}

/** A scheduling link worth showing: http(s) only. */
export function safeLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 500) return null
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' })

/** "Monday, 30 November 2026 at 14:00 UTC". */
export function formatAppointment(iso: string): string {
  return `${TIME_FORMAT.format(new Date(iso))} UTC`
}
