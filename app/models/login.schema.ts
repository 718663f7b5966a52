// Sign-in form rules shared by the pages, their actions and the JSON API: one schema per step.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const EMAIL_REQUIRED = 'Email is required'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const PASSWORD_REQUIRED = 'Password is required'
export const ORGANISATION_REQUIRED = 'Please Select One Organization!'
export const CODE_REQUIRED = 'Code is required'
/** The spec's generic 2FA failure, for e-mailed, authenticator and recovery codes alike. */
export const INCORRECT_CODE = 'Incorrect verification code'
export const NEW_PASSWORD_REQUIRED = 'New password is required'
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters'
export const PASSWORDS_DIFFER = 'Please make sure both passwords match.'
export const NO_ACCOUNT_FOR_EMAIL = 'No account found for this email'
export const LOOKUP_FAILED = 'Unexpected Error Please Try Again'
export const RESET_LINK_SENT = 'If an account exists for this e-mail, we have sent a link to reset your password.'
export const PASSWORD_UPDATED = 'Password updated successfully. Redirecting to login...'
export const CODE_RESENT = 'A new code has been sent to your e-mail.'

export const MIN_PASSWORD_LENGTH = 8

/** The picker's value for the platform (superadmin) choice, which has no organisation id. */
export const PLATFORM_CHOICE = 'superadmin'

export const emailField = z.string({ required_error: EMAIL_REQUIRED }).trim().min(1, EMAIL_REQUIRED).email(EMAIL_INVALID)

const email = emailField
export const passwordField = z.string({ required_error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED)
export const newPasswordField = z.string({ required_error: NEW_PASSWORD_REQUIRED }).min(1, NEW_PASSWORD_REQUIRED).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200)

export const emailStepSchema = z.object({ email })

export const loginSchema = z
  .object({
    email,
    password: passwordField,
    clientId: z.string().optional().default(''),
    role: z.string().optional().default(''),
    remember: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.role !== PLATFORM_CHOICE && !value.clientId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['clientId'], message: ORGANISATION_REQUIRED })
    }
  })

export type LoginForm = z.infer<typeof loginSchema>

/** The sign-in of an organisation's own host: the organisation is the host's, never a form field (ADR 0059). */
export const hostLoginSchema = z.object({
  email,
  password: passwordField,
  remember: z.string().optional(),
  redirectTo: z.string().optional(),
})

/**
 * What the model needs from the picker. Without JavaScript the hidden role cannot follow the
 * select, so the select's value decides: the platform choice means superadmin, an id means that
 * organisation (whose role the server looks up itself).
 */
export function loginChoice(clientId: string, role: string): { clientId: string | null; role: string | null } {
  if (clientId === PLATFORM_CHOICE) return { clientId: null, role: PLATFORM_CHOICE }
  if (clientId) return { clientId, role: role && role !== PLATFORM_CHOICE ? role : null }
  return { clientId: null, role: role || null }
}

export const twoFactorSchema = z.object({
  code: z.string({ required_error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string({ required_error: PASSWORDS_DIFFER }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER })

export const emailStepValidator = withZod(emailStepSchema)
export const loginValidator = withZod(loginSchema)
export const hostLoginValidator = withZod(hostLoginSchema)
export const forgotPasswordValidator = withZod(forgotPasswordSchema)
export const resetPasswordValidator = withZod(resetPasswordSchema)
export const twoFactorValidator = withZod(twoFactorSchema)
