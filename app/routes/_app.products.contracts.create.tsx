// /products/contracts/create: a new contract (name and rich-text content, sanitized on save).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { ContractForm } from '#app/components/content/contract-form'
import { PageHeader } from '#app/components/page'
import { redirectWithToast } from '#app/models/content-common.server'
import { contractActions } from '#app/models/contracts.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'
import { contractValidator } from '#app/models/contracts.schema'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, routeGuard('/products/contracts/create'))
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_CONTRACTS'] })
  const result = await contractValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData))
  await contractActions.create(t, request, result.data)
  return redirectWithToast(request, '/products/contracts/view', 'Saved Successfully!')
}

export default function ContractCreateRoute() {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create Contract" crumbs={[{ to: '/products/contracts/view', label: 'Contracts' }]} />
      <Card>
        <ContractForm title="" content="" submitLabel="Save" />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Contract | Draftdesk' }]
