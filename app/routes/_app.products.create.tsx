// /products/create: a new product from workflows, files and a contract.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { withZod } from '@remix-validated-form/with-zod'
import { validationError } from 'remix-validated-form'
import { ProductForm, valuesFrom } from '#app/components/products/product-form'
import { redirectWithToast } from '#app/services/flash.server'
import { productCreateSchema } from '#app/models/products.schema'
import { productActions, productFormOptions } from '#app/models/products.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/services/auth.server'

const validator = withZod(productCreateSchema)

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/create'))
  return { options: await productFormOptions(t) }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/create'))
  const result = await validator.validate(await request.formData())
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await productActions.create(t, request, result.data)
  if (!saved.ok) return data({ formError: saved.error, repopulateFields: result.submittedData }, { status: saved.status })
  return redirectWithToast(request, '/products/view', 'Saved Successfully!')
}

const EMPTY = { packageName: '', packagePrice: '', packageServices: [], packageDownloadables: [], contractID: '', purchasable: true }

export default function CreateProductRoute() {
  const { options } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { formError?: string; repopulateFields?: unknown } | undefined
  const values = valuesFrom(actionData?.repopulateFields, EMPTY)
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/products/view" className="hover:text-gray-900">
          Products
        </Link>{' '}
        / <span className="text-gray-900">Create Product</span>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">Create Product</h1>
      <ProductForm key={JSON.stringify(values)} validator={validator} values={values} options={options} submitLabel="Create Product" formError={actionData?.formError} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Product | Draftdesk' }]
