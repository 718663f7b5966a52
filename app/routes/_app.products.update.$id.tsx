// /products/update/{id}: edit a product; back to /products/view after saving.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { withZod } from '@remix-validated-form/with-zod'
import { validationError } from 'remix-validated-form'
import { ProductForm, valuesFrom } from '#app/components/products/product-form'
import { redirectWithToast } from '#app/services/flash.server'
import { productEditSchema } from '#app/models/products.schema'
import { getProduct, productActions, productFormOptions } from '#app/models/products.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/services/auth.server'
import { notFound } from '#app/utils/http.server'

const validator = withZod(productEditSchema)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/update/:id'))
  const product = await getProduct(t, params.id ?? '')
  if (!product) throw notFound()
  return {
    product: {
      _id: product._id,
      packageName: product.packageName,
      packagePrice: String(product.packagePrice),
      packageServices: product.packageServices,
      packageDownloadables: product.packageDownloadables,
      contractID: product.contract_id?._id ?? '',
      purchasable: product.purchasable,
    },
    options: await productFormOptions(t, product),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/update/:id'))
  const result = await validator.validate(await request.formData())
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await productActions.update(t, request, params.id ?? '', result.data)
  if (!saved.ok && saved.status === 404) throw notFound()
  if (!saved.ok) return data({ formError: saved.error, repopulateFields: result.submittedData }, { status: saved.status })
  return redirectWithToast(request, '/products/view', 'Saved Successfully!')
}

export default function UpdateProductRoute() {
  const { product, options } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { formError?: string; repopulateFields?: unknown } | undefined
  const values = valuesFrom(actionData?.repopulateFields, product)
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/products/view" className="hover:text-gray-900">
          Products
        </Link>{' '}
        / <span className="text-gray-900">Update Product</span>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">Update Product</h1>
      <ProductForm key={JSON.stringify(values)} validator={validator} values={values} options={options} submitLabel="Update Product" formError={actionData?.formError} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Update Product | Draftdesk' }]
