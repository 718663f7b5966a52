// The contract form of the create, edit, clone and platform template screens: name and rich-text content.
import { withZod } from '@remix-validated-form/with-zod'
import { useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { contractFormSchema } from '#app/models/contracts.schema'
import { FormAlert, SubmitButton, TextField } from './fields'
import { RichTextEditor } from './rich-text-editor'
import { useUnsavedChanges } from './unsaved-changes'

export const contractValidator = withZod(contractFormSchema)

export function ContractForm({ title, content, submitLabel, error, hidden }: { title: string; content: string; submitLabel: string; error?: string | null; hidden?: Record<string, string> }) {
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty)
  return (
    <ValidatedForm
      validator={contractValidator}
      method="post"
      defaultValues={{ title, content }}
      onChange={() => setDirty(true)}
      onSubmit={() => setDirty(false)}
      className="space-y-4"
    >
      <FormAlert>{error}</FormAlert>
      {hidden && Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <TextField name="title" label="Contract Name" maxLength={191} />
      <RichTextEditor name="content" label="Content" initialHtml={content} onDirty={() => setDirty(true)} />
      <div className="max-w-xs">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </ValidatedForm>
  )
}
