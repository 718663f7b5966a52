// Platform user rules shared by the user forms and the JSON API (back-office section 5, "User create").
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from './login.schema'

export const FIRST_NAME_REQUIRED = 'Enter First Name'
export const LAST_NAME_REQUIRED = 'Enter Last name'
export const EMAIL_EMPTY = 'Enter Email'
export const EMAIL_MISSING = 'Email is required'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const PASSWORD_EMPTY = 'Enter Password'
export const PASSWORD_MISSING = 'Password is required'
export const ROLE_REQUIRED = 'Please select a role'
export const EMAIL_TAKEN = 'Email already exists'
export const USER_CREATED = 'User Created Successfully'
export const USER_UPDATED = 'User Updated Successfully'

/** The user's role on the platform forms: the superadmin flag, or a platform role's key. */
export const SUPERADMIN_ROLE = 'superadmin'

// Forms send '' for an empty box (the form's message); a JSON call that leaves a field out gets the API one.
export const firstNameField = z.string({ required_error: FIRST_NAME_REQUIRED }).trim().min(1, FIRST_NAME_REQUIRED).max(100)
export const lastNameField = z.string({ required_error: LAST_NAME_REQUIRED }).trim().min(1, LAST_NAME_REQUIRED).max(100)
export const emailField = z
  .string({ required_error: EMAIL_MISSING, invalid_type_error: EMAIL_MISSING })
  .trim()
  .min(1, EMAIL_EMPTY)
  .max(191)
  .email(EMAIL_INVALID)
  .transform((e) => e.toLowerCase())

const createPassword = z
  .string({ required_error: PASSWORD_MISSING, invalid_type_error: PASSWORD_MISSING })
  .min(1, PASSWORD_EMPTY)
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(200)

// On update the password is optional: an empty box keeps the current one.
const updatePassword = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((v) => v ?? '')
  .pipe(z.union([z.literal(''), z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200)]))

const roleField = z.string({ required_error: ROLE_REQUIRED, invalid_type_error: ROLE_REQUIRED }).trim().min(1, ROLE_REQUIRED).max(100)

/** Checkbox ('on'), JSON boolean or 'true'/'false'; absent means the default. */
export const boolField = (fallback: boolean) =>
  z
    .union([z.boolean(), z.string(), z.number(), z.null(), z.undefined()])
    .transform((v) => (v === undefined || v === null ? fallback : v === true || v === 1 || v === 'on' || v === 'true' || v === '1'))

export const userCreateSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: createPassword,
  role: roleField,
  active: boolField(true),
})

/** Like boolField, but absent stays undefined (keep the current value). */
const optionalBool = z
  .union([z.boolean(), z.string(), z.number(), z.null(), z.undefined()])
  .transform((v) => (v === undefined || v === null || v === '' ? undefined : v === true || v === 1 || v === 'on' || v === 'true' || v === '1'))

export const userUpdateSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  password: updatePassword,
  role: roleField,
  active: optionalBool,
})

/** An unchecked box is absent from a form post: there it means inactive. */
export const userCreateFormSchema = userCreateSchema.extend({ active: boolField(false) })

/** The HTML form has an unchecked box (absent) for inactive; the API may leave `active` out to keep it. */
export const userUpdateFormSchema = userUpdateSchema.extend({ active: boolField(false) })

export const changeStatusSchema = z.object({
  _id: z.string({ required_error: 'User id is required' }).trim().min(1, 'User id is required').max(64),
  active: z.union([z.boolean(), z.literal('true'), z.literal('false')], { required_error: 'active is required' }).transform((v) => v === true || v === 'true'),
})

export type UserCreateInput = z.infer<typeof userCreateSchema>
export type UserUpdateInput = z.infer<typeof userUpdateSchema>

export const platformUserCreateValidator = withZod(userCreateFormSchema)
export const platformUserUpdateValidator = withZod(userUpdateFormSchema)
