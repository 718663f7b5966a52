// The contract form of the create, edit, clone and platform template screens: name and rich-text content.
import { useState } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { contractValidator } from '#app/models/contracts.schema'
import { FormAlert, SubmitButton, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { Card } from '#app/ui/card'
import { ContractView, RichTextEditor } from './rich-text-editor'
import { useUnsavedChanges } from './unsaved-changes'

export function ContractForm({
  title,
  content,
  submitLabel,
  error,
  hidden,
}: {
  title: string
  content: string
  submitLabel: string
  error?: string | null
  hidden?: Record<string, string>
}) {
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

/** The edit pages of a contract and of a sample contract: the form, then a preview of what is saved. */
export function ContractEditPage({ heading, crumb, contract }: { heading: string; crumb: { to: string; label: string }; contract: { title: string; content: string } }) {
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={heading} crumbs={[crumb]} />
      <Card>
        <ContractForm title={contract.title} content={contract.content} submitLabel="Update" />
      </Card>
      <section aria-label="Preview">
        <h2 className="mb-2 text-sm font-semibold text-gray-700">Preview</h2>
        <ContractView html={contract.content} />
      </section>
    </div>
  )
}
