// /products/forms/create (Add Form): a name, then the builder at /products/forms/template?key={id}.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { PageHeader } from '#app/components/page'
import { NameForm } from '#app/components/content/name-form'
import { formActions } from '#app/models/forms.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'
import { nameValidator } from '#app/models/forms.schema'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, routeGuard('/products/forms/create'))
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_QUESTIONNAIRES'] })
  const result = await nameValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const row = await formActions.create(t, request, result.data.name)
  return redirect(`/products/forms/template?key=${row.public_id}`)
}

export default function FormCreateRoute() {
  return (
    <div className="max-w-xl">
      <PageHeader title="Add Form" crumbs={[{ to: '/products/forms/list', label: 'Forms' }]} />
      <Card>
        <NameForm submitLabel="Create" />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add Form | Draftdesk' }]
