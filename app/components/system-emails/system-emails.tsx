// The System Emails screen's parts: a template card, the editor form and the preview frame.
import { Form, Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useFormContext, useIsSubmitting, ValidatedForm } from 'remix-validated-form'
import { RichTextEditor } from '#app/components/content/rich-text-editor'
import { FormAlert, TextField } from '#app/components/forms'
import { Badge } from '#app/components/page'
import { templateFormValidator } from '#app/models/email-templates.schema'
import { LIMITS, type DynamicField } from '#app/rules/email-templates'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'

export type TemplateView = {
  _id: string | null
  code: string
  description: string
  subject: string
  title: string
  body: string
  button_text: string
  dynamicFields: DynamicField[]
  customised: boolean
  offNote: string | null
}

export function TemplateCard({ template, base, canEdit }: { template: TemplateView; base: string; canEdit: boolean }) {
  return (
    <Card aria-label={template.description} className="space-y-3" data-code={template.code}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-medium text-gray-900">{template.description}</p>
          <p className="truncate text-sm text-gray-600">
            <span className="text-gray-500">Subject:</span> {template.subject}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {template.customised ? <Badge tone="blue">Customised</Badge> : <Badge>Default</Badge>}
          {template.offNote ? <Badge tone="amber">{template.offNote}</Badge> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`${base}&preview=${template.code}`} preventScrollReset className={buttonClass('secondary')} aria-label={`Preview ${template.description}`}>
          Preview
        </Link>
        {canEdit ? (
          <Link to={`${base}&edit=${template.code}`} preventScrollReset className={buttonClass('primary')} aria-label={`Edit ${template.description}`}>
            Edit
          </Link>
        ) : null}
        {canEdit && template.customised ? <ResetForm code={template.code} label={template.description} /> : null}
      </div>
    </Card>
  )
}

function ResetForm({ code, label }: { code: string; label: string }) {
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(e) => {
        // Without JavaScript there is no confirm: the button itself says what it does.
        if (!window.confirm('Reset this e-mail to the default template? Your changes will be lost.')) e.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="code" value={code} />
      <button type="submit" className={buttonClass('ghost')} aria-label={`Reset ${label} to default`}>
        Reset to default
      </button>
    </Form>
  )
}

/** Save stays disabled while a field shows an error (back-office section 5). */
function SaveButton() {
  const { fieldErrors } = useFormContext()
  const submitting = useIsSubmitting()
  return (
    <button type="submit" name="intent" value="save" disabled={submitting || Object.keys(fieldErrors).length > 0} className={buttonClass('primary')}>
      Save
    </button>
  )
}

export function TemplateEditor({
  template,
  values,
  error,
  closeTo,
}: {
  template: TemplateView
  values: { subject: string; title: string; body: string; button_text: string }
  error?: string | null
  closeTo: string
}) {
  const [copied, setCopied] = useState<string | null>(null)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(null), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <ValidatedForm validator={templateFormValidator} method="post" defaultValues={{ code: template.code, ...values }} preventScrollReset className="space-y-4">
      <FormAlert>{error}</FormAlert>
      <input type="hidden" name="code" value={template.code} />
      <TextField name="subject" label="Subject" maxLength={LIMITS.subject} />
      <TextField name="title" label="Title" maxLength={LIMITS.title} />
      <RichTextEditor name="body" label="Body" initialHtml={values.body} />
      <TextField name="button_text" label="Call To Action Text" maxLength={LIMITS.buttonText} />
      <section aria-label="Dynamic fields" className="rounded-md bg-gray-50 p-3 text-sm">
        <p className="mb-2 text-gray-700">Dynamic fields: type them as shown, they are filled in when the e-mail is sent.</p>
        <ul className="flex flex-wrap gap-2">
          {template.dynamicFields.map((f) => (
            <li key={f.key}>
              <button
                type="button"
                title={f.label}
                className="rounded bg-white px-2 py-1 font-mono text-xs ring-1 ring-gray-300 hover:bg-gray-100"
                onClick={() => {
                  void navigator.clipboard?.writeText(`{{${f.key}}}`).then(() => setCopied(f.key))
                }}
              >
                {`{{${f.key}}}`}
              </button>
              <span className="sr-only"> {f.label}</span>
            </li>
          ))}
        </ul>
        {copied ? <p className="mt-2 text-green-700">Copied to clipboard</p> : null}
      </section>
      <div className="flex flex-wrap gap-3">
        <SaveButton />
        <button type="submit" name="intent" value="preview" formNoValidate className={buttonClass('secondary')}>
          Preview
        </button>
        <Link to={closeTo} preventScrollReset className={buttonClass('ghost')}>
          Cancel
        </Link>
      </div>
    </ValidatedForm>
  )
}

/** The rendered e-mail in a sandboxed frame: nothing in it can run or navigate. */
export function EmailPreview({ subject, html }: { subject: string; html: string }) {
  return (
    <section aria-label="E-mail preview" className="space-y-2">
      <p className="text-sm text-gray-700">
        <span className="text-gray-500">Subject:</span> <span data-testid="preview-subject">{subject}</span>
      </p>
      <iframe title="E-mail preview" sandbox="" srcDoc={html} className="h-[520px] w-full rounded-md bg-white ring-1 ring-gray-200" />
    </section>
  )
}
