// Workflow (service) payloads: one zod schema for the board form and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import {
  DAYS_OUT_OF_RANGE,
  DUPLICATE_REMINDERS,
  duplicateReminderIds,
  EMAIL_REQUIRED,
  isBlankHtml,
  MAX_REMINDER_DAYS,
  MAX_REMINDERS,
  MIN_REMINDER_DAYS,
  TOO_MANY_REMINDERS,
} from '#app/rules/reminders'
import { MODULE_REQUIRED, SERVICE_TYPES, TITLE_REQUIRED, WORKFLOW_NAME_REQUIRED } from '#app/rules/workflow-modules'
import type { TableQuery } from '#app/rules/table-query'
import { PAGE_SIZE_OPTIONS } from './workflows.names'

export { PAGE_SIZE_OPTIONS } from './workflows.names'

/** Form posts send '' for absent lists and a lone value for a one-item list; JSON sends arrays. */
const list = (value: unknown) => {
  if (value === undefined || value === null || value === '') return []
  if (Array.isArray(value)) return value.filter((v) => v !== undefined)
  // A form list with gaps comes back from the path parser as an object keyed by index.
  if (typeof value === 'object') return Object.values(value as object)
  return [value]
}

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().max(max))

export const reminderSchema = z
  .object({
    id: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().trim().min(1).max(64)),
    num: z.coerce.number().int().optional(),
    numberOfDays: z.coerce
      .number({ invalid_type_error: DAYS_OUT_OF_RANGE, required_error: DAYS_OUT_OF_RANGE })
      .int(DAYS_OUT_OF_RANGE)
      .min(MIN_REMINDER_DAYS, DAYS_OUT_OF_RANGE)
      .max(MAX_REMINDER_DAYS, DAYS_OUT_OF_RANGE),
    email: z.preprocess((v) => v ?? {}, z.object({ subject: text(191), body: text(20000) })),
  })
  .superRefine((r, ctx) => {
    if (!r.email.subject.trim() || isBlankHtml(r.email.body)) ctx.addIssue({ code: 'custom', path: ['email'], message: EMAIL_REQUIRED })
  })

export const serviceModuleSchema = z
  .object({
    id: z.string({ required_error: MODULE_REQUIRED }).trim().min(1, MODULE_REQUIRED).max(64),
    title: z.preprocess((v) => v ?? '', z.string().trim().min(1, TITLE_REQUIRED).max(191, TITLE_REQUIRED)),
    reminders: z.preprocess(list, z.array(reminderSchema).max(MAX_REMINDERS, TOO_MANY_REMINDERS)),
  })
  .superRefine((m, ctx) => {
    const dupes = duplicateReminderIds(m.reminders.map((r) => ({ ...r, num: r.num ?? 0 })))
    if (dupes.size) ctx.addIssue({ code: 'custom', path: ['reminders'], message: DUPLICATE_REMINDERS })
  })

const serviceModules = z.preprocess(list, z.array(serviceModuleSchema).min(1, MODULE_REQUIRED).max(50))
const serviceName = z.preprocess((v) => v ?? '', z.string().trim().min(1, WORKFLOW_NAME_REQUIRED).max(191))

export const workflowCreateSchema = z.object({
  serviceName,
  serviceType: z.enum(SERVICE_TYPES, { errorMap: () => ({ message: 'Choose a workflow type' }) }),
  serviceModules,
})

export const workflowUpdateSchema = z.object({
  id: z.string({ required_error: 'Workflow not found' }).trim().min(1, 'Workflow not found').max(64),
  serviceName,
  serviceModules,
})

/** The board page posts name and modules; the type comes from the URL, the id from the route. */
export const workflowFormSchema = z.object({ serviceName, serviceModules })
export const workflowFormValidator = withZod(workflowFormSchema)

export const archiveSchema = z.object({
  archived: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ required_error: 'archived is required', invalid_type_error: 'archived must be true or false' }),
  ),
})

export type ServiceModuleInput = z.infer<typeof serviceModuleSchema>
export type WorkflowCreateInput = z.infer<typeof workflowCreateSchema>

/** List pages and list calls: archived switch, page (1-based) or start offset, page size 50/100/200, search. */
export const listQuerySchema = z.object({
  archived: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
  page: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), z.coerce.number().int().min(1).max(100000).optional()),
  start: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), z.coerce.number().int().min(0).max(10_000_000).optional()),
  size: z.preprocess((v) => (PAGE_SIZE_OPTIONS.map(String).includes(String(v)) ? Number(v) : undefined), z.number().optional()),
  search: z.preprocess((v) => (typeof v === 'string' ? v.slice(0, 100) : undefined), z.string().optional()),
})

/** The workflows and products pages: 'Show Archived', page and size (50, 100 or 200) and `search`, as a table query. */
export function listPageQuery(params: URLSearchParams) {
  const parsed = listQuerySchema.safeParse(Object.fromEntries(params))
  const query = parsed.success ? parsed.data : { archived: false }
  const { size, page } = pageOf(query, PAGE_SIZE_OPTIONS[0]) as { size: number; page: number }
  const search = (query.search ?? '').trim()
  const table: TableQuery = { page, size, start: (page - 1) * size, search, sort: 'createdAt', dir: 'desc' }
  return { archived: query.archived, page, size, search, table }
}

/** Turns the list query into the model's page; a start offset wins over a page number. */
export function pageOf(query: z.infer<typeof listQuerySchema>, defaultSize?: number) {
  const size = query.size ?? defaultSize
  if (!size) return { size: undefined, page: 1 }
  const page = query.start !== undefined ? Math.floor(query.start / size) + 1 : (query.page ?? 1)
  return { size, page }
}
