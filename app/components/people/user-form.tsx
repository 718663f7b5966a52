// The Add/Edit User form: collapsible User Info and Roles & Permissions, plus the contributor profile.
import { useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, inputClass, labelClass, SubmitButton, TextField } from '#app/components/forms'
import { createUserValidator, updateUserValidator } from '#app/models/staff.schema'
import { isContributor } from '#app/rules/people'
import { useHydrated } from '#app/ui/use-hydrated'
import { AvailableDays } from './available-days'
import { PermissionEditor } from './permission-editor'
import type { UserFormValues } from './user-form-values'

export { EMPTY_USER, type UserFormValues } from './user-form-values'

const sectionClass = 'rounded-md border border-gray-200 [&_summary]:cursor-pointer'
const summaryClass = 'px-4 py-2.5 text-sm font-semibold text-gray-900 select-none'

/** `canSetPassword` false: the person holds permissions the editor lacks (ADR 13), so no password field is offered. */
export function UserForm({
  mode,
  id,
  values,
  formError,
  canSetPassword = true,
}: {
  mode: 'create' | 'update'
  id?: string
  values: UserFormValues
  formError?: string
  canSetPassword?: boolean
}) {
  const hydrated = useHydrated()
  const [permissions, setPermissions] = useState(values.permissions)
  // Without JavaScript the profile is always there; with it, only while Contributor is on.
  const showProfile = !hydrated || isContributor(permissions)
  return (
    <ValidatedForm
      method="post"
      id={`user-form-${mode}`}
      validator={mode === 'create' ? createUserValidator : updateUserValidator}
      defaultValues={{ ...values, permissions: undefined, availableDays: undefined } as never}
      noValidate={hydrated}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={mode} />
      <FormAlert>{formError}</FormAlert>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="skipWriterValidation" value="true" />
      <details open className={sectionClass}>
        <summary className={summaryClass}>User Info</summary>
        <div className="grid gap-4 px-4 pb-4 sm:grid-cols-2">
          <TextField name="firstName" label="First Name" autoComplete="off" />
          <TextField name="lastName" label="Last Name" autoComplete="off" />
          {mode === 'create' ? (
            <TextField name="email" label="Email" type="email" autoComplete="off" />
          ) : (
            <div>
              <label className={labelClass} htmlFor="user-email-readonly">
                Email
              </label>
              <input id="user-email-readonly" className={inputClass} value={values.email} disabled readOnly />
            </div>
          )}
          {canSetPassword ? (
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              placeholder={mode === 'update' ? 'Leave empty to keep the current password' : undefined}
            />
          ) : null}
        </div>
      </details>
      <details open className={sectionClass}>
        <summary className={summaryClass}>Roles &amp; Permissions</summary>
        <div className="px-4 pb-4">
          <PermissionEditor value={permissions} onChange={setPermissions} />
        </div>
      </details>
      {showProfile ? (
        <details open className={sectionClass}>
          <summary className={summaryClass}>Contributor Profile</summary>
          <div className="grid gap-4 px-4 pb-4 sm:grid-cols-2">
            <p className="text-xs text-gray-500 sm:col-span-2">Used when assigning orders. Separate several values with commas.</p>
            <TextField name="levels" label="Levels" />
            <TextField name="services" label="Services" />
            <TextField name="languages" label="Languages" />
            <TextField name="certificates" label="Certificates" />
            <TextField name="expertise" label="Expertise" />
            <TextField name="schedulingLink" label="Scheduling Link" placeholder="https://" />
            <AvailableDays initial={values.availableDays} errorId="available-days-error" />
          </div>
        </details>
      ) : null}
      <div className="flex justify-end">
        <div className="w-40">
          <SubmitButton>{mode === 'create' ? 'Add User' : 'Update User'}</SubmitButton>
        </div>
      </div>
    </ValidatedForm>
  )
}
