// The platform role form (create and edit): a name and the module keys the role grants.
import { ValidatedForm } from 'remix-validated-form'
import { CheckboxField, FormAlert, SaveOrCancel, TextField } from '#app/components/forms'
import { ROLE_MODULES, roleValidator } from '#app/models/platform-roles.schema'
import { useHydrated } from '#app/ui/use-hydrated'

export function RoleForm({
  mode,
  defaults,
  grantable,
  formError,
}: {
  mode: 'create' | 'update'
  defaults?: { name: string; permissions: string[] }
  /** Modules the editor may hand out; others show disabled. */
  grantable: string[]
  formError?: string
}) {
  const hydrated = useHydrated()
  return (
    <ValidatedForm
      method="post"
      validator={roleValidator}
      defaultValues={(defaults ?? { name: '', permissions: [] }) as never}
      noValidate={hydrated}
      className="max-w-2xl space-y-5 rounded-lg bg-white p-6 shadow-xs ring-1 ring-gray-200"
      aria-label={mode === 'create' ? 'Create role' : 'Update role'}
    >
      <FormAlert>{formError}</FormAlert>
      <TextField name="name" label="Name" autoComplete="off" aria-required />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">Permissions</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ROLE_MODULES.filter((m) => grantable.includes(m.key)).map((m) => (
            <CheckboxField key={m.key} name="permissions" value={m.key} label={m.label} />
          ))}
        </div>
      </fieldset>
      <SaveOrCancel label={mode === 'create' ? 'Create Role' : 'Update Role'} cancelTo="/roles/view" />
    </ValidatedForm>
  )
}
