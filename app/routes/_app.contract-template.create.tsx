// /contract-template/create (platform): a new sample contract every organisation can clone.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { validationError } from 'remix-validated-form'
import { ContractForm } from '#app/components/content/contract-form'
import { PageHeader } from '#app/components/page'
import { platformAudit, redirectWithToast } from '#app/models/content-common.server'
import { createContractTemplate } from '#app/models/contract-templates.server'
import { requirePlatform } from '#app/models/auth-guards.server'
import { sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'
import { contractValidator } from '#app/models/contracts.schema'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'contract-template')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePlatform(request, 'contract-template')
  const result = await contractValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData))
  const row = await createContractTemplate(result.data)
  await platformAudit(user, request, { module: 'CONTRACT_TEMPLATES', action: 'CREATE', message: `Contract template "${row.title}" created` })
  return redirectWithToast(request, '/contract-template/list', 'Saved Successfully!')
}

export default function ContractTemplateCreateRoute() {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create Contract Template" crumbs={[{ to: '/contract-template/list', label: 'Contract Templates' }]} />
      <Card>
        <ContractForm title="" content="" submitLabel="Save" />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create Contract Template | Draftdesk' }]
