// Zod pieces shared by the customer and staff schemas: names, e-mail, passwords and form booleans.
import { z } from 'zod'

export const MESSAGES = {
  firstName: 'Enter First Name',
  lastName: 'Enter Last name',
  email: 'Enter Email',
  emailInvalid: 'Email is required',
  password: 'Enter Password',
  passwordShort: 'Password must be at least 8 characters',
} as const

const text = (message: string, max = 100) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ invalid_type_error: message }).trim().min(1, message).max(max))

export const firstName = text(MESSAGES.firstName)
export const lastName = text(MESSAGES.lastName)
export const email = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ invalid_type_error: MESSAGES.email })
    .trim()
    .min(1, MESSAGES.email)
    .max(191, MESSAGES.emailInvalid)
    .email(MESSAGES.emailInvalid)
    .transform((e) => e.toLowerCase()),
)
export const password = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ invalid_type_error: MESSAGES.password }).min(1, MESSAGES.password).min(8, MESSAGES.passwordShort).max(200),
)

/**
 * Checkboxes and JSON booleans alike: 'on'/'true'/true are true, absent takes the default. A form
 * may post a hidden 'false' before its checkbox, so a repeated field is true when any value is.
 */
export function boolish(fallback: boolean) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return fallback
    const values = Array.isArray(v) ? v : [v]
    return values.some((x) => x === true || x === 'true' || x === 'on' || x === '1' || x === 1)
  }, z.boolean())
}

export const optionalBool = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined
  return v === true || v === 'true' || v === 'on' || v === '1' || v === 1
}, z.boolean().optional())

/** A list from JSON (array) or a form (repeated field, or one comma-separated text). */
export const stringList = (max = 30) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return []
      const values = Array.isArray(v) ? v : [v]
      return values
        .flatMap((x) => (typeof x === 'string' ? x.split(',') : []))
        .map((x) => x.trim())
        .filter(Boolean)
    },
    z.array(z.string().max(100)).max(max),
  )

export const publicId = z.string({ required_error: 'Id is required', invalid_type_error: 'Id is required' }).trim().min(1, 'Id is required').max(40)
