// Order actions' payloads (settings, flags, due date, completion, assignment): one zod schema each,
// shared by the JSON routes and the orders-list dialogs, with their form validators built once here.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { ORDER_FLAGS, type OrderFlag } from '#app/rules/order-flags'
import { ORDER_PRIORITIES } from '#app/rules/order-priority'

export const DUE_DATE_REQUIRED = 'Please select a due date'
export const DUE_DATE_INVALID = 'Please enter a valid date'
export const DUE_DATE_IN_PAST = 'Due date cannot be before today'
export const PRIORITY_INVALID = 'Please select a priority: urgent, high, medium or low'
export const AMOUNT_REQUIRED = 'Please select an amount!'
export const AMOUNT_NEGATIVE = 'The amount cannot be negative'
export const AMOUNT_WHOLE = 'Please enter a whole amount'
export const AMOUNT_TOO_LARGE = 'The amount is too large'
export const ORDERS_REQUIRED = 'Please select at least one order'
export const ORDER_REQUIRED = 'Order not found'
export const FLAG_INVALID = 'updateData must name one of archived, testOrder, hideOrder'
export const BOOLEAN_INVALID = 'Must be true or false'

/** The spec's error texts for the dialogs' failures (back-office section 8). */
export const ORDER_TOGGLE_FAILED = 'Unexpected Error Please try again'
export const DUE_DATE_FAILED = 'Unexpected Error Please Try again'
export const ORDER_ACTION_FAILED = 'Something went wrong, try again later'
/** A failed upload in the order area (the reason follows it). */
export const ORDER_UPLOAD_FAILED = 'Something went wrong, Please re-upload again!'

export const MAX_ORDERS_PER_ACTION = 500
const MAX_AMOUNT = 1_000_000

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/

/** 'YYYY-MM-DD' (a longer ISO string keeps its date part) as a real calendar date, else null. */
export function parseDateOnly(value: string): string | null {
  const m = DATE_ONLY.exec(value.trim())
  if (!m) return null
  const [, y, mo, d] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) ? `${y}-${mo}-${d}` : null
}

/** Today's calendar date in UTC, the day project status counts from (ADR 0028). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v)
const lastOf = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v)

/** 'true'/'false' from a form (a hidden 'false' before a ticked checkbox: the last wins), or JSON booleans. */
const bool = z.preprocess(
  (v) => {
    const last = lastOf(v)
    if (last === 'true' || last === 'on' || last === '1') return true
    if (last === 'false' || last === 'off' || last === '0') return false
    return last
  },
  z.boolean({ required_error: BOOLEAN_INVALID, invalid_type_error: BOOLEAN_INVALID }),
)

const publicId = z.string({ invalid_type_error: ORDER_REQUIRED }).trim().min(1, ORDER_REQUIRED).max(64, ORDER_REQUIRED)

/** One id as a string, several as repeated form fields or a JSON array; blanks and repeats dropped. */
const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    const list = Array.isArray(v) ? v : [v]
    return [...new Set(list.map(text).filter((x) => x !== ''))]
  },
  z.array(publicId, { invalid_type_error: ORDERS_REQUIRED }).min(1, ORDERS_REQUIRED).max(MAX_ORDERS_PER_ACTION, `At most ${MAX_ORDERS_PER_ACTION} orders at a time`),
)

export const dueDateField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : text(v)),
  z
    .string({ invalid_type_error: DUE_DATE_INVALID })
    .min(1, DUE_DATE_REQUIRED)
    .transform((v, ctx) => {
      const date = parseDateOnly(v)
      if (!date) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: DUE_DATE_INVALID })
        return z.NEVER
      }
      if (date < todayUtc()) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: DUE_DATE_IN_PAST })
        return z.NEVER
      }
      return date
    }),
)

export const priorityField = z.preprocess(text, z.enum(ORDER_PRIORITIES, { errorMap: () => ({ message: PRIORITY_INVALID }) }))

/** Amount paid to the contributor: a whole number of currency units, 0 or more; empty is the spec's message. */
export const amountField = z.preprocess(
  (v) => {
    const t = text(lastOf(v))
    if (t === undefined || t === null || t === '') return undefined
    return typeof t === 'string' ? Number(t.replace(/^\$/, '')) : t
  },
  z
    .number({ required_error: AMOUNT_REQUIRED, invalid_type_error: AMOUNT_REQUIRED })
    .finite(AMOUNT_REQUIRED)
    .min(0, AMOUNT_NEGATIVE)
    .int(AMOUNT_WHOLE)
    .max(MAX_AMOUNT, AMOUNT_TOO_LARGE),
)

/** A person's public id, or null (unassign) for empty. */
const personId = z.preprocess(
  (v) => {
    const t = text(lastOf(v))
    return t === undefined || t === '' ? null : t
  },
  z.string({ invalid_type_error: 'Please select a person' }).max(64, 'Please select a person').nullable(),
)

export const dueDateSchema = z.object({ orderIds: idList, dueDate: dueDateField })
export const prioritySchema = z.object({ priority: priorityField })
export const amountPaidSchema = z.object({ amountPaidToWriter: amountField })
export const testOrderSchema = z.object({ testOrder: bool })
export const hideOrderSchema = z.object({ hideOrder: bool })
export const markCompleteSchema = z.object({ orderId: publicId })

/** updateData names the flag ('archived', or {archived: ...}); the server decides the value (bulk rule). */
const flagName = z.preprocess(
  (v) => {
    if (typeof v === 'string') return v.trim()
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v).filter((k) => (ORDER_FLAGS as readonly string[]).includes(k))
      return keys.length === 1 ? keys[0] : undefined
    }
    return undefined
  },
  z.enum(ORDER_FLAGS, { errorMap: () => ({ message: FLAG_INVALID }) }),
)

export const bulkFlagsSchema = z.object({ selectedOrdersIds: idList, updateData: flagName })

/**
 * The file sent to the writer: a storage key or file id, or the upload's answer ({key} or {file: {key}}).
 * A File from a no-JS form is stored by the page first and replaced by its key, so here it is absent.
 */
const fileRef = z.preprocess(
  (v) => {
    const value = lastOf(v)
    if (value === undefined || value === null || value === '') return null
    if (typeof File !== 'undefined' && value instanceof File) return null
    if (typeof value === 'string') return value.trim() || null
    if (typeof value === 'object') {
      const o = value as { key?: unknown; _id?: unknown; file?: { key?: unknown } }
      return o.key ?? o.file?.key ?? o._id ?? value
    }
    return value
  },
  z.string({ invalid_type_error: 'File not found' }).max(200, 'File not found').nullable(),
)

export const MESSAGE_MAX = 5000

export const assignWriterSchema = z.object({
  selectedOrdersIds: idList,
  writerId: personId,
  msgToWriter: z.preprocess(
    (v) => (v === undefined || v === null ? '' : text(lastOf(v))),
    z.string({ invalid_type_error: 'The message must be text' }).max(MESSAGE_MAX, `The message can have at most ${MESSAGE_MAX} characters`),
  ),
  fileUploadToWriter: fileRef,
})

export const assignReviewerSchema = z.object({ selectedOrdersIds: idList, reviewerId: personId })

export type AssignWriterInput = z.infer<typeof assignWriterSchema>
export type AssignReviewerInput = z.infer<typeof assignReviewerSchema>
export type BulkFlagsInput = z.infer<typeof bulkFlagsSchema>
export type { OrderFlag }

export const dueDateValidator = withZod(dueDateSchema)
export const priorityValidator = withZod(prioritySchema)
export const amountPaidValidator = withZod(amountPaidSchema)
export const assignWriterValidator = withZod(assignWriterSchema)
export const assignReviewerValidator = withZod(assignReviewerSchema)
export const bulkFlagsValidator = withZod(bulkFlagsSchema)

/** Where a dialog form shows a refusal that belongs to no single field (e.g. a completed order). */
export const FORM_ERROR_FIELD = '_form'

/** Each dialog form's id: validation errors and kept values go back to the form that posted. */
export const ORDER_FORMS = {
  dueDate: 'order-due-date',
  priority: 'order-priority',
  amount: 'order-amount-paid',
  assignWriter: 'assign-writer',
  assignReviewer: 'assign-reviewer',
  bulkDueDate: 'bulk-due-date',
} as const
