// The Reject dialog's form: a required reason and optional files for the writer, posted as multipart
// (with or without JavaScript); errors show under the fields and the typed reason stays.
import { useId } from 'react'
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, inputClass, labelClass, SaveOrCancel, TextArea } from '#app/components/forms'
import { REJECTION_MAX_FILES, rejectRevisionValidator } from '#app/models/revisions.schema'

export function RevisionRejectForm({ closeTo, formError, reason }: { closeTo: string; formError?: string | null; reason: string }) {
  const filesId = useId()
  return (
    <ValidatedForm validator={rejectRevisionValidator} method="post" encType="multipart/form-data" defaultValues={{ rejectionReason: reason }} className="space-y-4" noValidate>
      <FormAlert>{formError}</FormAlert>
      <TextArea name="rejectionReason" label="Reason for rejection" rows={4} maxLength={2000} placeholder="What should the contributor change?" />
      <div>
        <label htmlFor={filesId} className={labelClass}>
          Files for the contributor (optional)
        </label>
        <input id={filesId} name="files" type="file" multiple className={inputClass} aria-describedby={`${filesId}-hint`} />
        <p id={`${filesId}-hint`} className="mt-1 text-xs text-gray-500">
          Up to {REJECTION_MAX_FILES} files, 20 MB together: PDF, Word, images or text.
        </p>
      </div>
      <SaveOrCancel label="Reject" cancelTo={closeTo} />
    </ValidatedForm>
  )
}
