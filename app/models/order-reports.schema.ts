// Order report requests (ADR 0048): one zod schema for POST /api/client/create-reports and the page's form.
import { z } from 'zod'
import { INVALID_DATE } from '#app/rules/format'
import { isReportField, orderedFields, presetRange, RANGE_PRESET_KEYS, type RangePreset, type ReportFieldKey } from '#app/rules/order-reports'

export const CHOOSE_FIRST_DATE = 'choose first date'
export const CHOOSE_SECOND_DATE = 'choose second date'
export { INVALID_DATE }
export const DATES_REVERSED = 'The second date must be on or after the first date'
export const FIELD_REQUIRED = 'Please select at least one report field'
export const UNKNOWN_FIELD = 'Unknown report field'
export const UNKNOWN_QUESTIONNAIRE = 'Unknown questionnaire'
/** The spec's messages: creating a report or loading the questionnaires failed; the list failed to load. */
export const REPORT_FAILED = 'Unexpected Error Please Try Again Later'
export const REPORT_LIST_FAILED = 'Unexpected Error!!'
/** The spec shows no success text; this says what happens next. */
export const REPORT_REQUESTED = 'Report requested. It will be ready to download in a moment.'
export const MAX_QUESTIONNAIRES = 20
/** Reports of one organisation queued or running at once (ADR 0082). */
export const MAX_PENDING_REPORTS = 5
/** A request past that limit (429); the spec has no text for it, this one says what to do. */
export const TOO_MANY_REPORTS = `Your organisation already has ${MAX_PENDING_REPORTS} reports on the way. Wait until one is ready, then request the next.`
/** A report that would take the organisation past its storage quota (ADR 0082), shown as the request's or the report's error. */
export const REPORT_OVER_QUOTA = 'This report would take your organisation past its 1 GiB of file storage. Delete files or reports it no longer needs, then request it again.'
export const REPORT_NOT_FOUND = 'Report not found'
export const REPORT_DELETED = 'Report deleted.'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written YYYY-MM-DD, within the years a business report can mean. */
function isDay(s: unknown): s is string {
  if (typeof s !== 'string' || !DAY.test(s) || s < '2000-01-01' || s > '2100-12-31') return false
  const d = new Date(`${s}T00:00:00.000Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s)
}

/** A calendar day; an ISO date-time is cut to its date (clients send either). */
const day = (missing: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().slice(0, 10)) : v),
    z.string({ required_error: missing, invalid_type_error: INVALID_DATE }).refine(isDay, INVALID_DATE),
  )

/** One value or a list (a form posts one checkbox as a single value). */
const list = (item: z.ZodTypeAny, max: number) => z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(max))

export const createReportSchema = z
  .object({
    startDate: day(CHOOSE_FIRST_DATE),
    endDate: day(CHOOSE_SECOND_DATE),
    finalQuestionnaires: list(z.string({ invalid_type_error: UNKNOWN_QUESTIONNAIRE }).min(1).max(24), MAX_QUESTIONNAIRES).default([]),
    reportsFields: list(z.string({ invalid_type_error: UNKNOWN_FIELD }).refine(isReportField, UNKNOWN_FIELD), 17).refine((l) => l.length > 0, FIELD_REQUIRED),
  })
  .superRefine((v, ctx) => {
    if (isDay(v.startDate) && isDay(v.endDate) && v.endDate < v.startDate) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endDate'], message: DATES_REVERSED })
  })
  .transform((v) => ({
    startDate: v.startDate as string,
    endDate: v.endDate as string,
    finalQuestionnaires: [...new Set(v.finalQuestionnaires as string[])],
    reportsFields: orderedFields(v.reportsFields as string[]) as ReportFieldKey[],
  }))

export type CreateReportInput = z.output<typeof createReportSchema>

/** What the page's form posted, kept to show it again next to the errors. */
export type ReportFormValues = { range: RangePreset; startDate: string; endDate: string; reportsFields: string[]; finalQuestionnaires: string[] }

export type ReportFormResult = { ok: true; data: CreateReportInput; values: ReportFormValues } | { ok: false; errors: Record<string, string>; values: ReportFormValues }

/** The form: a preset fills both dates from today; 'custom' takes the two date fields. */
export function parseReportForm(form: FormData, today: Date): ReportFormResult {
  const rawRange = String(form.get('range') ?? 'custom')
  const range: RangePreset = (RANGE_PRESET_KEYS as readonly string[]).includes(rawRange) ? (rawRange as RangePreset) : 'custom'
  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string')
  const values: ReportFormValues = {
    range,
    startDate: String(form.get('startDate') ?? ''),
    endDate: String(form.get('endDate') ?? ''),
    reportsFields: strings('reportsFields'),
    finalQuestionnaires: strings('finalQuestionnaires'),
  }
  const dates = presetRange(range, today) ?? { startDate: values.startDate, endDate: values.endDate }
  const result = createReportSchema.safeParse({ ...dates, reportsFields: values.reportsFields, finalQuestionnaires: values.finalQuestionnaires })
  if (result.success) return { ok: true, data: result.data, values }
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
  return { ok: false, errors, values }
}

/** How long a report and its CSV are kept after it was requested (ADR 0054); the page says so. */
export const REPORT_RETENTION_DAYS = 30
