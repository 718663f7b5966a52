// Lead forms and API payloads (ADR 0050): one schema for the page and the JSON route.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { LEAD_SOURCES, LEAD_STATUSES } from '#app/rules/leads'
import { INVALID_DATE } from '#app/rules/format'
import { boolish, email, firstName, lastName, publicId } from './people-fields.schema'

export const LEAD_STATUS_CHANGED = 'Status Changed Successfully!'
export const LEAD_NOTE_ADDED = 'Note Added Successfully!'
export const LEAD_CONVERTED = 'Lead Converted to a Customer Successfully!'
export const LEAD_LINKED = 'A customer with this email already exists: the lead is now linked to them'
export const LEAD_NOT_FOUND = 'Lead not found'
export const LEAD_CAPTURED = 'Thank you!'
export const LEAD_ADDED = 'Lead Added Successfully!'
export const LEAD_EXISTS = 'A lead with this email already exists'

const optionalText = (max: number) => z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional())

/** A phone number as people type it: digits, spaces and + ( ) - . only. */
const phone = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string()
    .trim()
    .max(40, 'Phone number is too long')
    .regex(/^[+()\-.\s\d]{3,40}$/, 'Enter a valid phone number')
    .optional(),
)

export const leadSourceSchema = z.enum(LEAD_SOURCES, { errorMap: () => ({ message: 'Choose a source' }) })
export const leadStatusSchema = z.enum(LEAD_STATUSES, { errorMap: () => ({ message: 'Choose a status' }) })

/** Text from another system (the CRM): cut to the column rather than losing the whole contact over a long name. */
const clippedText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().slice(0, max)) : v === null ? undefined : v), z.string().optional())

/**
 * What captureLead() takes from the app's own callers (the CRM sync, the capture route): only a valid
 * e-mail is required; names, phone and the CRM id are kept as sent, clipped to their columns.
 */
export const leadCaptureSchema = z.object({
  source: leadSourceSchema,
  email,
  firstName: clippedText(100),
  lastName: clippedText(100),
  phone: clippedText(40),
  externalId: clippedText(100),
})
export type LeadCaptureInput = z.input<typeof leadCaptureSchema>

/** The public capture call of a cart or checkout page: only these two sources, never CRM or manual; strict fields. */
export const publicLeadCaptureSchema = z.object({
  source: z.enum(['cart', 'checkout'], { errorMap: () => ({ message: 'Choose a source' }) }),
  email,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone,
})

const dateParam = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), INVALID_DATE)
    .optional(),
)
const emptyToUndefined = (schema: z.ZodTypeAny) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema)

/** The list's filters, from the page's URL or the JSON route's query (both GET). */
export const leadListFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  source: emptyToUndefined(leadSourceSchema.optional()),
  status: emptyToUndefined(leadStatusSchema.optional()),
  from: dateParam,
  to: dateParam,
})
export type LeadListFilter = z.infer<typeof leadListFilterSchema>

export const leadListQuerySchema = leadListFilterSchema.extend({
  start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(200).optional(),
})

export const leadStatusFormSchema = z.object({ status: leadStatusSchema })
export const leadNoteFormSchema = z.object({
  note: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, 'Enter a note').max(2000, 'A note can have at most 2000 characters')),
})
/** Converting asks for the customer's name (a lead may have none) and whether to send the login e-mail. */
export const leadConvertFormSchema = z.object({ firstName, lastName, welcomeEmail: boolish(false) })
export const leadConvertApiSchema = leadConvertFormSchema.extend({ welcomeEmail: boolish(true) })

export const leadIdSchema = z.object({ id: publicId })

/** A lead typed in by staff (source manual): a valid e-mail, the rest optional; a first note may come with it. */
export const leadAddSchema = z.object({
  email,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone,
  note: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(2000, 'A note can have at most 2000 characters').optional(),
  ),
})
export type LeadAddInput = z.infer<typeof leadAddSchema>
export const leadAddValidator = withZod(leadAddSchema)

export const leadStatusValidator = withZod(leadStatusFormSchema.merge(leadIdSchema))
export const leadNoteValidator = withZod(leadNoteFormSchema.merge(leadIdSchema))
export const leadConvertValidator = withZod(leadConvertFormSchema.merge(leadIdSchema))
