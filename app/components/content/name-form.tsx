// The one-field create screens (Add Form, form template create): a name ('Enter Name').
import { type ReactNode, useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { nameValidator } from '#app/models/forms.schema'
import { SubmitButton, TextField } from '#app/components/forms'
import { useUnsavedChanges } from './unsaved-changes'

export function NameForm({ submitLabel, defaultName = '', children }: { submitLabel: string; defaultName?: string; children?: ReactNode }) {
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty)
  return (
    <ValidatedForm
      validator={nameValidator}
      method="post"
      defaultValues={{ name: defaultName }}
      onChange={() => setDirty(true)}
      onSubmit={() => setDirty(false)}
      className="space-y-4"
    >
      <TextField name="name" label="Name" maxLength={191} />
      {children}
      <SubmitButton>{submitLabel}</SubmitButton>
    </ValidatedForm>
  )
}
