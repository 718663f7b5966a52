// /products/update/{id}: edit a product; back to /products/view after saving.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ProductFormPage } from '#app/components/products/product-form'
import { productEditValidator } from '#app/models/products.schema'
import { getProduct, productActions, productFormOptions, productSaveAnswer } from '#app/models/products.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

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
      description: product.description,
    },
    options: await productFormOptions(t, product),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/update/:id'))
  const result = await productEditValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await productActions.update(t, request, params.id ?? '', result.data)
  if (!saved.ok && saved.status === 404) throw notFound()
  return productSaveAnswer(request, saved, result.submittedData)
}

export default function UpdateProductRoute() {
  const { product, options } = useLoaderData<typeof loader>()
  return <ProductFormPage title="Update Product" initial={product} validator={productEditValidator} options={options} submitLabel="Update Product" />
}

export const meta: MetaFunction = () => [{ title: 'Update Product | Draftdesk' }]
