// /form-template/create (platform): a name, then the builder at /form-template/template?key={id}.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { NameForm } from '#app/components/content/name-form'
import { platformAudit } from '#app/models/content-common.server'
import { createFormTemplate } from '#app/models/form-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'
import { nameValidator } from '#app/models/forms.schema'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'questionnaire-template')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePlatform(request, 'questionnaire-template')
  const result = await nameValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const row = await createFormTemplate({ name: result.data.name })
  await platformAudit(user, request, { module: 'FORM_TEMPLATES', action: 'CREATE', message: `Form template "${row.name}" created` })
  return redirect(`/form-template/template?key=${row.public_id}`)
}

export default function FormTemplateCreateRoute() {
  return (
    <div className="max-w-xl">
      <PageHeader title="Create Form Template" crumbs={[{ to: '/form-template/list', label: 'Form Templates' }]} />
      <Card>
        <NameForm submitLabel="Create" />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Form Template | Draftdesk' }]
