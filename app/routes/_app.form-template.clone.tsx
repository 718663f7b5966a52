// /form-template/clone[?key={id}] (platform): name plus template select; the copy opens in the builder.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { SelectField, SubmitButton, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { useUnsavedChanges } from '#app/components/content/unsaved-changes'
import { platformAudit, redirectWithToast } from '#app/models/content-common.server'
import { createFormTemplate, getFormTemplate, listFormTemplates, suggestedTemplateName, templateItems } from '#app/models/form-templates.server'
import { templateCloneValidator } from '#app/models/forms.schema'
import { requirePlatform } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'questionnaire-template')
  const { rows } = await listFormTemplates()
  const key = new URL(request.url).searchParams.get('key') ?? ''
  const chosen = rows.find((r) => r.public_id === key)
  return {
    templates: rows.map((r) => ({ value: r.public_id, label: r.name })),
    templateId: chosen?.public_id ?? '',
    name: chosen ? await suggestedTemplateName(chosen.name) : '',
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePlatform(request, 'questionnaire-template')
  const result = await templateCloneValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const source = await getFormTemplate(result.data.template_id)
  if (!source) return validationError({ fieldErrors: { template_id: 'Please select a template' } }, result.submittedData)
  const row = await createFormTemplate({ name: result.data.name, items: templateItems(source) })
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'CLONE', message: `Form template "${row.name}" cloned from "${source.name}"` })
  return redirectWithToast(request, `/form-template/template?key=${row.public_id}`, 'Saved Successfully!')
}

export default function FormTemplateCloneRoute() {
  const { templates, templateId, name } = useLoaderData<typeof loader>()
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty)
  return (
    <div className="max-w-xl">
      <PageHeader title="Clone Form Template" crumbs={[{ to: '/form-template/list', label: 'Form Templates' }]} />
      <Card>
        <ValidatedForm
          validator={templateCloneValidator}
          method="post"
          defaultValues={{ template_id: templateId, name }}
          onChange={() => setDirty(true)}
          onSubmit={() => setDirty(false)}
          className="space-y-4"
        >
          <SelectField name="template_id" label="Template" options={templates} placeholder="Select a template" />
          <TextField name="name" label="Name" maxLength={191} />
          <SubmitButton>Clone</SubmitButton>
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Clone Form Template | Draftdesk' }]
