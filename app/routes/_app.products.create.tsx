// /products/create: a new product from workflows, files and a contract.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ProductFormPage } from '#app/components/products/product-form'
import { productCreateValidator } from '#app/models/products.schema'
import { productActions, productFormOptions, productSaveAnswer } from '#app/models/products.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/create'))
  return { options: await productFormOptions(t) }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/create'))
  const result = await productCreateValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  return productSaveAnswer(request, await productActions.create(t, request, result.data), result.submittedData)
}

const EMPTY = { packageName: '', packagePrice: '', packageServices: [], packageDownloadables: [], contractID: '', purchasable: true, description: '' }

export default function CreateProductRoute() {
  const { options } = useLoaderData<typeof loader>()
  return <ProductFormPage title="Create Product" initial={EMPTY} validator={productCreateValidator} options={options} submitLabel="Create Product" />
}

export const meta: MetaFunction = () => [{ title: 'Create Product | Draftdesk' }]
