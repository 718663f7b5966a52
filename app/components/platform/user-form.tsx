// The platform user form (create and edit): names, e-mail (fixed on edit), password, role and active.
import { ValidatedForm } from 'remix-validated-form'
import { CheckboxField, FormAlert, inputClass, labelClass, SaveOrCancel, SelectField, TextField } from '#app/components/forms'
import { platformUserCreateValidator, platformUserUpdateValidator } from '#app/models/platform-users.schema'
import { useHydrated } from '#app/ui/use-hydrated'

export type RoleOption = { value: string; label: string }

export function UserForm({
  mode,
  roles,
  defaults,
  email,
  formError,
}: {
  mode: 'create' | 'update'
  roles: RoleOption[]
  defaults?: { firstName: string; lastName: string; role: string; active: boolean }
  email?: string
  formError?: string
}) {
  const hydrated = useHydrated()
  return (
    <ValidatedForm
      method="post"
      validator={mode === 'create' ? platformUserCreateValidator : platformUserUpdateValidator}
      defaultValues={defaults ?? { active: true }}
      noValidate={hydrated}
      className="max-w-2xl space-y-5 rounded-lg bg-white p-6 shadow-xs ring-1 ring-gray-200"
      aria-label={mode === 'create' ? 'Create user' : 'Update user'}
    >
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="firstName" label="First Name" autoComplete="off" aria-required />
        <TextField name="lastName" label="Last Name" autoComplete="off" aria-required />
      </div>
      {mode === 'create' ? (
        <TextField name="email" label="Email" type="email" autoComplete="off" aria-required />
      ) : (
        <div>
          <label htmlFor="user-email" className={labelClass}>
            Email
          </label>
          {/* Disabled inputs are not posted: the e-mail of an existing user never changes here. */}
          <input id="user-email" type="email" value={email ?? ''} disabled readOnly className={`${inputClass} bg-gray-100 text-gray-500`} />
        </div>
      )}
      <TextField
        name="password"
        label={mode === 'create' ? 'Password' : 'Password (leave empty to keep the current one)'}
        type="password"
        autoComplete="new-password"
        aria-required={mode === 'create'}
      />
      <SelectField name="role" label="Role" options={roles} placeholder="Select Role" />
      <CheckboxField name="active" label="Active" />
      <SaveOrCancel label={mode === 'create' ? 'Create User' : 'Update User'} cancelTo="/users/view" />
    </ValidatedForm>
  )
}
