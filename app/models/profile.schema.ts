// Profile forms (back-office section 5, "Profile"): details, password change and avatar, shared by page and API.
// Changing the password or the e-mail asks for the current password (ADR 13).
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { newPasswordField, PASSWORDS_DIFFER } from './login.schema'
import { emailField, firstNameField, lastNameField } from './platform-users.schema'

export const CONFIRM_REQUIRED = 'Enter Confirm Password'
export const PROFILE_UPDATED = 'Profile Updated Successfully'
export const PASSWORD_CHANGED = 'Password Updated Successfully'
export const AVATAR_UPDATED = 'Profile Image Updated Successfully'
export const NOT_YOUR_PROFILE = 'You can only change your own profile'
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password'
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect'
/** Followed by the new address: the e-mail changes only when the link sent there is opened. */
export const EMAIL_CONFIRMATION_SENT = 'To finish changing your e-mail, open the link we sent to'
export const EMAIL_CHANGED = 'Your e-mail address has been changed.'

/** Avatars: jpeg, jpg or png (sniffed from the bytes), at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png'

// `_id` is optional for the page (the session says who); when sent it must be the caller's own id.
const ownId = z.string().trim().max(64).optional()

/** Needed only when the e-mail changes, which the model decides; an empty box means none given. */
const optionalCurrentPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200).optional())
const currentPassword = z.string({ required_error: CURRENT_PASSWORD_REQUIRED, invalid_type_error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(200)

export const profileSchema = z.object({
  _id: ownId,
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  currentPassword: optionalCurrentPassword,
})

export const passwordFormSchema = z
  .object({
    currentPassword,
    password: newPasswordField,
    confirmPassword: z.string({ required_error: CONFIRM_REQUIRED }).min(1, CONFIRM_REQUIRED),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER })

/** POST /api/profile/profile_update_password {_id, password, currentPassword}: the confirm box is the form's own check. */
export const passwordApiSchema = z.object({ _id: ownId, password: newPasswordField, currentPassword })

export type ProfileInput = z.infer<typeof profileSchema>
export type PasswordChangeInput = { currentPassword: string; password: string }

export const profileValidator = withZod(profileSchema)
export const passwordValidator = withZod(passwordFormSchema)
