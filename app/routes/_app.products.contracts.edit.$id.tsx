// /products/contracts/edit/{id}: edit a contract; with ?flag=true the id is a provider sample, shown
// read-only with a Clone button (samples can only be cloned).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ContractEditPage } from '#app/components/content/contract-form'
import { PageHeader } from '#app/components/page'
import { ContractView } from '#app/components/content/rich-text-editor'
import { redirectWithToast, sampleFlag } from '#app/models/content-common.server'
import { getContractTemplate, toContractTemplateJson } from '#app/models/contract-templates.server'
import { contractActions, getContract, toContractJson } from '#app/models/contracts.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { ButtonLink } from '#app/ui/button'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { contractValidator } from '#app/models/contracts.schema'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const sample = sampleFlag(url)
  // Viewing a sample is reading; editing an own contract needs UPDATE_CONTRACTS.
  const t = await requirePermission(request, sample ? { all: ['READ_CONTRACTS'] } : routeGuard('/products/contracts/edit/:id'))
  if (sample) {
    const template = await getContractTemplate(params.id ?? '')
    if (!template) throw notFound()
    return { contract: toContractTemplateJson(template), sample: true, canClone: can(t.user, { all: ['WRITE_CONTRACTS'] }) }
  }
  const row = await getContract(t, params.id ?? '')
  if (!row) throw notFound()
  return { contract: toContractJson(row), sample: false, canClone: can(t.user, { all: ['WRITE_CONTRACTS'] }) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['UPDATE_CONTRACTS'] })
  // Samples are not rows of the organisation, so a post for one finds nothing: read-only.
  const row = await getContract(t, params.id ?? '')
  if (!row) throw notFound()
  const result = await contractValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData))
  await contractActions.update(t, request, row, result.data)
  return redirectWithToast(request, '/products/contracts/view', 'Saved Successfully!')
}

export default function ContractEditRoute() {
  const { contract, sample, canClone } = useLoaderData<typeof loader>()
  if (sample) {
    return (
      <div className="max-w-3xl">
        <PageHeader title={contract.title} crumbs={[{ to: '/products/contracts/view', label: 'Contracts' }]}>
          {canClone && <ButtonLink to={`/products/contracts/clone?key=${contract._id}&flag=true`}>Clone</ButtonLink>}
        </PageHeader>
        <p className="mb-3 text-sm text-gray-600">This is a sample contract: it is read-only and can only be cloned.</p>
        <ContractView html={contract.content} />
      </div>
    )
  }
  return <ContractEditPage heading="Edit Contract" crumb={{ to: '/products/contracts/view', label: 'Contracts' }} contract={contract} />
}

export const meta: MetaFunction = () => [{ title: 'Contract | Draftdesk' }]
