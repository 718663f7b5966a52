// /products/forms/template?key={id}[&flag=true]: the form builder (autosave, Save, Publish); with the flag
// the key is a provider sample, shown read-only with a Clone button.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { FormBuilder } from '#app/components/content/form-builder'
import { readToast, sampleFlag } from '#app/models/content-common.server'
import { builderPost } from '#app/models/form-builder.server'
import type { FormItemInput } from '#app/models/forms.schema'
import { formActions, getForm, getSampleForm } from '#app/models/forms.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { ButtonLink } from '#app/ui/button'
import { notFound } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/forms/template'))
  const url = new URL(request.url)
  const key = url.searchParams.get('key') ?? ''
  const canUpdate = can(t.user, { all: ['UPDATE_QUESTIONNAIRES'] })
  const { toast, headers } = await readToast(request)
  if (sampleFlag(url)) {
    const sample = await getSampleForm(t, key)
    if (!sample) throw notFound()
    const items = (sample.published_data?.items ?? []) as FormItemInput[]
    return data({ key, name: sample.name, items, sample: true, published: true, canUpdate, toast }, { headers })
  }
  const row = await getForm(t, key)
  if (!row) throw notFound()
  return data({ key, name: row.name, items: (row.draft_data?.items ?? []) as FormItemInput[], sample: false, published: !!row.published_at, canUpdate, toast }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  // Only the organisation's own forms are found: a sample's key (read-only) answers 404.
  const row = await getForm(t, new URL(request.url).searchParams.get('key') ?? '')
  if (!row) throw notFound()
  return builderPost(request, formActions.builder(t, request, row))
}

export default function FormTemplateRoute() {
  const { key, name, items, sample, published, canUpdate, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formError?: string }>()
  return (
    <div className="max-w-4xl">
      <PageHeader title={sample ? name : 'Edit Form'} crumbs={[{ to: '/products/forms/list', label: 'Forms' }]}>
        {!sample && <span className="text-sm text-gray-500">{published ? 'Published' : 'Draft (not published)'}</span>}
        {sample && canUpdate && <ButtonLink to={`/products/forms/clone?key=${key}&flag=true`}>Clone</ButtonLink>}
      </PageHeader>
      <Toast message={toast} />
      <FormAlert>{actionData?.formError}</FormAlert>
      {sample && <p className="mb-3 text-sm text-gray-600">This is a sample form: it is read-only and can only be cloned.</p>}
      <FormBuilder formKey={key} items={items} saveUrl="/api/questionnaires/template" canEdit={!sample && canUpdate} name={sample ? undefined : name} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Form | Draftdesk' }]
