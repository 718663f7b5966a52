// /contract-template/{id} (platform): view and edit one sample contract.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ContractEditPage } from '#app/components/content/contract-form'
import { platformAudit, redirectWithToast } from '#app/models/content-common.server'
import { getContractTemplate, toContractTemplateJson, updateContractTemplate } from '#app/models/contract-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { contractValidator } from '#app/models/contracts.schema'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePlatform(request, 'contract-template')
  const row = await getContractTemplate(params.id ?? '')
  if (!row) throw notFound()
  return { template: toContractTemplateJson(row) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePlatform(request, 'contract-template')
  const result = await contractValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData))
  const row = await updateContractTemplate(params.id ?? '', result.data)
  if (!row) throw notFound()
  await platformAudit(user, request, { module: 'CONTRACT_TEMPLATES', action: 'UPDATE', message: `Contract template "${row.title}" updated` })
  return redirectWithToast(request, '/contract-template/list', 'Saved Successfully!')
}

export default function ContractTemplateRoute() {
  const { template } = useLoaderData<typeof loader>()
  return <ContractEditPage heading="Contract Template" crumb={{ to: '/contract-template/list', label: 'Contract Templates' }} contract={template} />
}

export const meta: MetaFunction = () => [{ title: 'Contract Template | Draftdesk' }]
