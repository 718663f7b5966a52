// Order reports (ADR 0048): the 17 report fields, the date range presets, and one order as CSV cells.
// Pure and shared by the form (labels, presets) and the job (cells); CSV quoting is the library's.
import { projectStatus } from './project-status'

export const REPORT_FIELDS = [
  { key: 'orderId', label: 'Order ID' },
  { key: 'purchaseDate', label: 'Purchased Date' },
  { key: 'customerName', label: 'Customer' },
  { key: 'customerEmail', label: 'Customer Email' },
  { key: 'product', label: 'Product' },
  { key: 'price', label: 'Price' },
  { key: 'currency', label: 'Currency' },
  { key: 'paymentStatus', label: 'Payment Status' },
  { key: 'orderStatus', label: 'Order Status' },
  { key: 'projectStatus', label: 'Project Status' },
  { key: 'dueDate', label: 'Due Date' },
  { key: 'contributor', label: 'Contributor' },
  { key: 'reviewer', label: 'Reviewer' },
  { key: 'completedDate', label: 'Completed Date' },
  { key: 'tags', label: 'Tags' },
  { key: 'priority', label: 'Priority' },
  { key: 'amountPaidToContributor', label: 'Amount Paid To Contributor' },
] as const

export type ReportFieldKey = (typeof REPORT_FIELDS)[number]['key']
export const REPORT_FIELD_KEYS = REPORT_FIELDS.map((f) => f.key) as [ReportFieldKey, ...ReportFieldKey[]]
const LABELS = new Map<string, string>(REPORT_FIELDS.map((f) => [f.key, f.label]))

export function isReportField(key: string): key is ReportFieldKey {
  return LABELS.has(key)
}

/** The chosen fields in catalogue order, each once, whatever order the request listed them in. */
export function orderedFields(keys: readonly string[]): ReportFieldKey[] {
  const wanted = new Set(keys)
  return REPORT_FIELD_KEYS.filter((k) => wanted.has(k))
}

export const RANGE_PRESETS = [
  { key: 'last7', label: 'Last 7 days' },
  { key: 'last30', label: 'Last 30 days' },
  { key: 'thisMonth', label: 'This month' },
  { key: 'lastMonth', label: 'Last month' },
  { key: 'last90', label: 'Last 90 days' },
  { key: 'thisYear', label: 'This year' },
  { key: 'custom', label: 'Custom range' },
] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]['key']
export const RANGE_PRESET_KEYS = RANGE_PRESETS.map((p) => p.key) as [RangePreset, ...RangePreset[]]

const DAY_MS = 86_400_000
/** 'YYYY-MM-DD' of a UTC instant. */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10)

/** A preset's inclusive UTC day range as of `today`; null for 'custom' (the form's two dates). */
export function presetRange(preset: RangePreset, today: Date): { startDate: string; endDate: string } | null {
  const y = today.getUTCFullYear()
  const m = today.getUTCMonth()
  const end = dayKey(today)
  const back = (days: number) => dayKey(new Date(today.getTime() - (days - 1) * DAY_MS))
  switch (preset) {
    case 'last7':
      return { startDate: back(7), endDate: end }
    case 'last30':
      return { startDate: back(30), endDate: end }
    case 'last90':
      return { startDate: back(90), endDate: end }
    case 'thisMonth':
      return { startDate: dayKey(new Date(Date.UTC(y, m, 1))), endDate: end }
    case 'lastMonth':
      return { startDate: dayKey(new Date(Date.UTC(y, m - 1, 1))), endDate: dayKey(new Date(Date.UTC(y, m, 0))) }
    case 'thisYear':
      return { startDate: dayKey(new Date(Date.UTC(y, 0, 1))), endDate: end }
    case 'custom':
      return null
  }
}

/** The half-open instant range [from, to) of an inclusive day range (UTC days, ADR 0048). */
export function rangeInstants(startDate: string, endDate: string): { from: Date; to: Date } {
  const from = new Date(`${startDate}T00:00:00.000Z`)
  const to = new Date(new Date(`${endDate}T00:00:00.000Z`).getTime() + DAY_MS)
  return { from, to }
}

/** What the job knows of one order once its batch is read (people, tags and invoices resolved). */
export type ReportOrder = {
  publicId: string
  createdAt: Date
  customerName: string
  customerEmail: string
  packageName: string
  priceCents: number
  currency: string
  paymentStatus: string | null
  statusPercentage: number
  dueDate: Date | null
  completedAt: Date | null
  contributor: string | null
  reviewer: string | null
  tags: string[]
  priority: string
  amountPaidToWriterCents: number | null
}

/** One questionnaire question as a column: "<form name>: <question text>". */
export type QuestionColumn = { formId: string; questionId: string; header: string }

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab/CR) as a formula; customer-typed text
 * is shown as text by a leading apostrophe (the OWASP CSV-injection advice).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const money = (cents: number) => (cents / 100).toFixed(2)
const isoDate = (d: Date | null) => (d ? dayKey(new Date(d)) : '')

function cell(order: ReportOrder, key: ReportFieldKey, now: Date): string {
  switch (key) {
    case 'orderId':
      return order.publicId
    case 'purchaseDate':
      return new Date(order.createdAt).toISOString()
    case 'customerName':
      return neutraliseFormula(order.customerName)
    case 'customerEmail':
      return neutraliseFormula(order.customerEmail)
    case 'product':
      return neutraliseFormula(order.packageName)
    case 'price':
      return money(order.priceCents)
    case 'currency':
      return order.currency.toUpperCase()
    case 'paymentStatus':
      return order.paymentStatus ?? 'no invoice'
    case 'orderStatus':
      return order.statusPercentage >= 100 ? 'Completed' : 'In progress'
    case 'projectStatus':
      return projectStatus({ statusPercentage: order.statusPercentage, dueDate: order.dueDate }, now)
    case 'dueDate':
      return isoDate(order.dueDate)
    case 'contributor':
      return neutraliseFormula(order.contributor ?? '')
    case 'reviewer':
      return neutraliseFormula(order.reviewer ?? '')
    case 'completedDate':
      return isoDate(order.completedAt)
    case 'tags':
      return neutraliseFormula(order.tags.join('; '))
    case 'priority':
      return order.priority
    case 'amountPaidToContributor':
      return order.amountPaidToWriterCents === null ? '' : money(order.amountPaidToWriterCents)
  }
}

export function reportHeader(fields: readonly ReportFieldKey[], questions: readonly QuestionColumn[]): string[] {
  return [...fields.map((k) => LABELS.get(k)!), ...questions.map((q) => neutraliseFormula(q.header))]
}

/**
 * One CSV row: the chosen fields, then one cell per question with the customer's answer for this
 * order (`answers` keyed `formId:questionId`; empty when there is none).
 */
export function reportRow(
  order: ReportOrder,
  fields: readonly ReportFieldKey[],
  questions: readonly QuestionColumn[],
  answers: ReadonlyMap<string, string> | undefined,
  now: Date,
): string[] {
  return [...fields.map((k) => cell(order, k, now)), ...questions.map((q) => neutraliseFormula(answers?.get(`${q.formId}:${q.questionId}`) ?? ''))]
}
