// /form-template/template?key={id} (platform): the builder for a form template, with Publish.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { FormBuilder } from '#app/components/content/form-builder'
import { platformAudit, readToast } from '#app/models/content-common.server'
import { builderPost } from '#app/models/form-builder.server'
import { getFormTemplate, publishFormTemplate, saveFormTemplateDraft } from '#app/models/form-templates.server'
import type { FormItemInput } from '#app/models/forms.schema'
import { notFound } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'questionnaire-template')
  const key = new URL(request.url).searchParams.get('key') ?? ''
  const row = await getFormTemplate(key)
  if (!row) throw notFound()
  const { toast, headers } = await readToast(request)
  return data({ key, name: row.name, items: (row.draft_data?.items ?? []) as FormItemInput[], published: !!row.published_at, toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePlatform(request, 'questionnaire-template')
  const row = await getFormTemplate(new URL(request.url).searchParams.get('key') ?? '')
  if (!row) throw notFound()
  let current = row
  return builderPost(request, {
    save: async (items) => {
      current = await saveFormTemplateDraft(row, items)
    },
    publish: async (name) => {
      await publishFormTemplate(current, name)
    },
    audit: (action) =>
      platformAudit(user, request, { module: 'FORM_TEMPLATES', action, message: `Form template "${row.name}" ${action === 'PUBLISH' ? 'published' : 'draft saved'}` }),
  })
}

export default function FormTemplateEditorRoute() {
  const { key, name, items, published, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formError?: string }>()
  return (
    <div className="max-w-4xl">
      <PageHeader title="Form Template" crumbs={[{ to: '/form-template/list', label: 'Form Templates' }]}>
        <span className="text-sm text-gray-500">{published ? 'Published' : 'Draft (not published)'}</span>
      </PageHeader>
      <Toast message={toast} />
      <FormAlert>{actionData?.formError}</FormAlert>
      <FormBuilder formKey={key} items={items} saveUrl="/api/questionnaire-template/template" canEdit name={name} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Form Template | Draftdesk' }]
