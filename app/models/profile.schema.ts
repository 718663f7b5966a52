// Profile forms (back-office section 5, "Profile"): details, password change and avatar, shared by page and API.
import { z } from 'zod'
import { newPasswordField, PASSWORDS_DIFFER } from './login.schema'
import { emailField, firstNameField, lastNameField } from './platform-users.schema'

export const CONFIRM_REQUIRED = 'Enter Confirm Password'
export const PROFILE_UPDATED = 'Profile Updated Successfully'
export const PASSWORD_CHANGED = 'Password Updated Successfully'
export const AVATAR_UPDATED = 'Profile Image Updated Successfully'
export const NOT_YOUR_PROFILE = 'You can only change your own profile'

/** Avatars: jpeg, jpg or png (sniffed from the bytes), at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png'

// `_id` is optional for the page (the session says who); when sent it must be the caller's own id.
const ownId = z.string().trim().max(64).optional()

export const profileSchema = z.object({
  _id: ownId,
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
})

export const passwordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string({ required_error: CONFIRM_REQUIRED }).min(1, CONFIRM_REQUIRED),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER })

/** POST /api/profile/profile_update_password {_id, password}: the confirm box is the form's own check. */
export const passwordApiSchema = z.object({ _id: ownId, password: newPasswordField })

export type ProfileInput = z.infer<typeof profileSchema>
