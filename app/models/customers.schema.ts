// Customer forms and API payloads: one schema for the page and the JSON route.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { boolish, email, firstName, lastName, optionalBool, password, publicId } from './people-fields.schema'

export const CUSTOMER_CREATED = 'Customer Created Successfully'
export const CUSTOMER_CHANGED = 'Changed Successfully!'
export const CUSTOMER_EXISTS = 'A customer with this email already exists'
export const MEMBER_EXISTS = 'This email belongs to a member of your team'

export const customerCreateSchema = z.object({
  firstName,
  lastName,
  email,
  password,
  welcomeEmail: boolish(true),
  active: boolish(true),
})
export type CustomerCreateInput = z.infer<typeof customerCreateSchema>

/** The page form: unchecked toggles post nothing, so they default to off there (the inputs start checked). */
export const customerCreateFormSchema = customerCreateSchema.extend({ welcomeEmail: boolish(false), active: boolish(false) })

export const customerStatusSchema = z
  .object({ active: optionalBool, archived: optionalBool })
  .refine((v) => v.active !== undefined || v.archived !== undefined, { message: 'Nothing to change', path: ['active'] })
export type CustomerStatusInput = z.infer<typeof customerStatusSchema>

export const customerChangeStatusSchema = customerStatusSchema.and(z.object({ _id: publicId }))

export const customerListQuerySchema = z.object({
  archived: optionalBool,
  active: optionalBool,
  start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
  search: z.string().max(100).optional(),
})

export const CUSTOMER_SORTS = ['name', 'email', 'createdAt', 'active'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]

export const customerCreateValidator = withZod(customerCreateFormSchema)
