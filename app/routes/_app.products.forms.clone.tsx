// /products/forms/clone?key={id}[&flag=true]: a new form from a sample (flag) or an own form, named
// 'Copy of X' (then 'Copy (1) of X', ...); afterwards the builder opens on the copy.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { NameForm } from '#app/components/content/name-form'
import { redirectWithToast, sampleFlag } from '#app/models/content-common.server'
import { formActions, formCloneSource, suggestedFormName } from '#app/models/forms.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { nameValidator } from '#app/models/forms.schema'

async function source(request: Request, t: Tenant) {
  const url = new URL(request.url)
  const found = await formCloneSource(t, url.searchParams.get('key') ?? '', sampleFlag(url))
  if (!found) throw notFound()
  return found
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/forms/clone'))
  const from = await source(request, t)
  return { name: await suggestedFormName(t, from.name), from: from.name, questions: from.items.length }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  const from = await source(request, t)
  const result = await nameValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const row = await formActions.clone(t, request, from, { name: result.data.name, items: from.items })
  return redirectWithToast(request, `/products/forms/template?key=${row.public_id}`, 'Saved Successfully!')
}

export default function FormCloneRoute() {
  const { name, from, questions } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-xl">
      <PageHeader title="Clone Form" crumbs={[{ to: '/products/forms/list', label: 'Forms' }]} />
      <p className="mb-3 text-sm text-gray-600">
        Cloning “{from}” ({questions} questions).
      </p>
      <Card>
        <NameForm submitLabel="Clone" defaultName={name} />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Clone Form | Draftdesk' }]
