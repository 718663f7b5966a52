// Client staff (users, contributors, reviewers): the Add/Edit User form, the API payloads and the settings.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { ALL_PERMISSIONS } from '#app/rules/permissions'
import { boolish, email, firstName, lastName, optionalBool, password, publicId, stringList } from './people-fields.schema'

export const USER_CREATED = 'User Created Successfully'
export const USER_UPDATED = 'User Updated Successfully'
export const USER_EXISTS = 'This user is already a member of your organisation'
export const USER_IS_CUSTOMER = 'This email belongs to a customer of your organisation'
export const OWN_ROW = "You can't change your own account here"
export const OWNER_ROW = "The owner's account can't be changed here"
/** A log-in-as session acts as its target for their work, never to manage people (ADR 13). */
export const BORROWED_SESSION = 'You are signed in as someone else: the team can only be managed in your own session'
export const GRANT_DENIED = "You can't grant or remove permissions you don't have"
export const NOT_A_CONTRIBUTOR = 'Only contributors have a customer-facing name'
export const SCHEDULING_LINK_INVALID = 'Please, enter a valid link'

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const KNOWN = new Set(ALL_PERMISSIONS)
const permissions = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    const values = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]
    return values.filter((x) => typeof x === 'string').map((x) => x.trim())
  },
  z
    .array(z.string())
    .max(200)
    .transform((list) => [...new Set(list.filter((a) => KNOWN.has(a)))]),
)

const schedulingLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .max(500)
    .url(SCHEDULING_LINK_INVALID)
    .refine((u) => /^https?:\/\//i.test(u), SCHEDULING_LINK_INVALID)
    .optional(),
)

const availableDays = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    return Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((d) => d.trim()) : v
  },
  z
    .array(z.enum(WEEK_DAYS))
    .max(7)
    .transform((d) => WEEK_DAYS.filter((w) => d.includes(w))),
)

/** Contributor profile (the assign dialog's writer_data). */
export const writerProfileSchema = z.object({
  levels: stringList(),
  services: stringList(),
  languages: stringList(),
  certificates: stringList(),
  expertise: stringList(),
  availableDays,
  schedulingLink,
})
export type WriterProfileInput = z.infer<typeof writerProfileSchema>

const common = {
  firstName,
  lastName,
  permissions,
  // The editor's 'Grant Full Permissions' switch as a plain checkbox; the server expands it.
  fullPermissions: boolish(false),
  skipWriterValidation: boolish(false),
  ...writerProfileSchema.shape,
}

export const staffCreateSchema = z.object({ ...common, email, password })
export type StaffCreateInput = z.infer<typeof staffCreateSchema>

/** On update the e-mail cannot change and the password is optional. */
export const staffUpdateSchema = z.object({
  ...common,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
})
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>

export const staffStatusSchema = z
  .object({ active: optionalBool, archived: optionalBool })
  .refine((v) => v.active !== undefined || v.archived !== undefined, { message: 'Nothing to change', path: ['active'] })

export const customerFacingNameSchema = z.object({
  id: publicId,
  writerCustomerFacingName: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(100)),
})

export const STAFF_SORTS = ['name', 'email', 'role', 'createdAt'] as const
export type StaffSort = (typeof STAFF_SORTS)[number]

/** The spec's writer_data keys (spelling included) mapped to the form's field names. */
export function fromWriterData(body: Record<string, unknown>): Record<string, unknown> {
  const wd = body.writer_data
  if (!wd || typeof wd !== 'object') return body
  const w = wd as Record<string, unknown>
  return {
    ...body,
    levels: body.levels ?? w.Levels,
    services: body.services ?? w.Services,
    languages: body.languages ?? w.Languages,
    certificates: body.certificates ?? w.Certificates,
    expertise: body.expertise ?? w.Experties,
    availableDays: body.availableDays ?? w['Available Days'],
    schedulingLink: body.schedulingLink ?? w.schedulingLink,
  }
}

export const createUserValidator = withZod(staffCreateSchema)
export const updateUserValidator = withZod(staffUpdateSchema)
