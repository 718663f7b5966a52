// The Add / Edit CRM user form: names, e-mail, password, and the CRM flags the plan lets the organisation grant.
import { ValidatedForm, type Validator } from 'remix-validated-form'
import { CheckboxField, SaveOrCancel, TextField } from '#app/components/forms'
import { CRM_PERMISSIONS } from '#app/models/client-packages.schema'
import { CrmFormError } from './crm-error'

export function CrmUserForm({
  validator,
  defaults,
  enabledFlags,
  mode,
}: {
  validator: Validator<Record<string, unknown>>
  defaults: Record<string, unknown>
  enabledFlags: string[]
  mode: 'create' | 'update'
}) {
  const enabled = new Set(enabledFlags)
  return (
    <ValidatedForm
      method="post"
      validator={validator}
      defaultValues={defaults as never}
      noValidate
      aria-label={mode === 'create' ? 'Add CRM user' : 'Edit CRM user'}
      className="space-y-4"
    >
      <CrmFormError />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First Name" autoComplete="off" maxLength={100} />
        <TextField name="lastName" label="Last Name" autoComplete="off" maxLength={100} />
        <TextField name="email" label="Email" type="email" autoComplete="off" maxLength={191} />
        <TextField name="password" label={mode === 'create' ? 'Password' : 'Password (leave empty to keep)'} type="password" autoComplete="new-password" maxLength={200} />
      </div>
      <p className="text-xs text-gray-500">At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&</p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">CRM Permissions</legend>
        <input type="hidden" name="crmPermissions" value="" />
        <div className="grid gap-2 sm:grid-cols-3">
          {CRM_PERMISSIONS.filter((p) => enabled.has(p.key)).map((p) => (
            <CheckboxField key={p.key} name="crmPermissions" value={p.key} label={p.label} />
          ))}
        </div>
      </fieldset>
      <SaveOrCancel label={mode === 'create' ? 'Add User' : 'Update User'} cancelTo="/crm/user/view/all" />
    </ValidatedForm>
  )
}
