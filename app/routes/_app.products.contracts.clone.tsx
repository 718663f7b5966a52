// /products/contracts/clone?key={id}[&flag=true]: a new contract from a sample (flag) or an own contract,
// named 'Copy of X' (then 'Copy (1) of X', ...).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { ContractForm } from '#app/components/content/contract-form'
import { PageHeader } from '#app/components/page'
import { redirectWithToast, sampleFlag } from '#app/models/content-common.server'
import { contractActions, contractCloneSource, suggestedContractName } from '#app/models/contracts.server'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { sanitizeContractHtml, sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { Card } from '#app/ui/card'
import { notFound } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'
import { contractValidator } from '#app/models/contracts.schema'

async function source(request: Request, t: Awaited<ReturnType<typeof requirePermission>>) {
  const url = new URL(request.url)
  const found = await contractCloneSource(t, url.searchParams.get('key') ?? '', sampleFlag(url))
  if (!found) throw notFound()
  return found
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/contracts/clone'))
  const from = await source(request, t)
  return { title: await suggestedContractName(t, from.title), content: sanitizeContractHtml(from.content), from: from.title }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_CONTRACTS'] })
  const from = await source(request, t)
  const result = await contractValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData))
  await contractActions.clone(t, request, from, result.data)
  return redirectWithToast(request, '/products/contracts/view', 'Saved Successfully!')
}

export default function ContractCloneRoute() {
  const { title, content, from } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-3xl">
      <PageHeader title="Clone Contract" crumbs={[{ to: '/products/contracts/view', label: 'Contracts' }]} />
      <p className="mb-3 text-sm text-gray-600">Cloning “{from}”.</p>
      <Card>
        <ContractForm title={title} content={content} submitLabel="Clone" />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Clone Contract | Draftdesk' }]
