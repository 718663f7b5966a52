// The three /profile forms (details, password, avatar); each posts on its own with an `intent`, and the
// form id (PROFILE_FORM, PASSWORD_FORM) tells the action's field errors which form they belong to.
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, inputClass, labelClass, SubmitButton, TextField } from '#app/components/forms'
import { AVATAR_ACCEPT, passwordValidator, profileValidator } from '#app/models/profile.schema'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'

const narrowButton = buttonClass('primary')

export const PROFILE_FORM = 'profile-form'
export const PASSWORD_FORM = 'password-form'

/**
 * A new e-mail needs the current password and changes only when the link sent to it is opened. In a
 * log-in-as session (`locked`) the e-mail cannot change at all.
 */
export function ProfileDetailsForm({
  defaults,
  locked,
  emailFixed,
}: {
  defaults: { firstName: string; lastName: string; email: string }
  locked?: string | null
  /** The e-mail cannot change at all (the organisation's `disable_customer_email_reassign`): no field, this note. */
  emailFixed?: string | null
}) {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Update profile">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Update Profile</h2>
      <ValidatedForm method="post" id={PROFILE_FORM} validator={profileValidator} defaultValues={defaults} noValidate={hydrated} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label="First Name" autoComplete="given-name" aria-required />
          <TextField name="lastName" label="Last Name" autoComplete="family-name" aria-required />
        </div>
        {emailFixed ? (
          <>
            <input type="hidden" name="email" value={defaults.email} />
            <p role="note" className="text-sm text-gray-600">
              {emailFixed}
            </p>
          </>
        ) : (
          <TextField name="email" label="Email" type="email" autoComplete="email" aria-required readOnly={!!locked} />
        )}
        {locked || emailFixed ? (
          locked ? (
            <p className="text-sm text-gray-600">{locked}</p>
          ) : null
        ) : (
          <TextField name="currentPassword" label="Current Password (needed to change the e-mail)" type="password" autoComplete="current-password" />
        )}
        <SubmitButton className={narrowButton}>Update Profile</SubmitButton>
      </ValidatedForm>
    </Card>
  )
}

/** Needs the current password; a log-in-as session (`locked`) sees why it cannot change it instead. */
export function ChangePasswordForm({ locked }: { locked?: string | null }) {
  const hydrated = useHydrated()
  return (
    <Card aria-label="Change password">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Change Password</h2>
      {locked ? (
        <p role="note" className="text-sm text-gray-600">
          {locked}
        </p>
      ) : (
        <ValidatedForm method="post" id={PASSWORD_FORM} validator={passwordValidator} noValidate={hydrated} className="space-y-4">
          <input type="hidden" name="intent" value="password" />
          <TextField name="currentPassword" label="Current Password" type="password" autoComplete="current-password" aria-required />
          <TextField name="password" label="New Password" type="password" autoComplete="new-password" aria-required />
          <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" aria-required />
          <SubmitButton className={narrowButton}>Change Password</SubmitButton>
        </ValidatedForm>
      )}
    </Card>
  )
}

export function AvatarForm({ error }: { error?: string | null }) {
  const id = useId()
  const navigation = useNavigation()
  const uploading = navigation.formData?.get('intent') === 'avatar'
  return (
    <Card aria-label="Profile image">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Profile Image</h2>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value="avatar" />
        <div>
          <label htmlFor={id} className={labelClass}>
            Image (jpeg, jpg or png, at most 2 MB)
          </label>
          <input id={id} name="image" type="file" accept={AVATAR_ACCEPT} className={inputClass} aria-invalid={error ? true : undefined} />
        </div>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <button type="submit" className={narrowButton} disabled={uploading}>
          Upload Image
        </button>
      </Form>
    </Card>
  )
}

export function useAvatarError(): string | null {
  const data = useActionData<{ avatarError?: string }>()
  return data && 'avatarError' in data ? (data.avatarError ?? null) : null
}
