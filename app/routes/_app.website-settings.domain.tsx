// /website-settings/domain: subdomain and custom domain cards with their modal forms (WRITE_DOMAIN; the custom
// domain the owner's alone, ADR 0080),
// the System Emails card, and the DNS records to add once a custom domain exists (ADR 0044).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/form-parts'
import { PageHeader } from '#app/components/page'
import { CustomDomainCard, CustomDomainModal, DnsInstructions, DOMAIN_PAGE, SubdomainCard, SubdomainModal, SystemEmailsCard } from '#app/components/website-settings/domain-cards'
import { tellOwnersOfDomainChange } from '#app/models/domain-notices.server'
import { domainActions, getDomain, mayChangeCustomDomain, platformHost, verifyDomainSoon } from '#app/models/domains.server'
import { customDomainValidator, subdomainValidator } from '#app/models/website-settings.schema'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { forbidden } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

const SAVED = 'Saved Successfully!'
const CHECK_STARTED = 'The DNS check has started. Refresh in a minute to see the result.'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(DOMAIN_PAGE))
  const canEdit = can(t.user, { all: ['WRITE_DOMAIN'] })
  const canEditCustom = canEdit && (await mayChangeCustomDomain(t, request))
  const edit = new URL(request.url).searchParams.get('edit')
  const { toast, headers } = await takeToast(request)
  return data(
    {
      domain: await getDomain(t),
      platformHost: platformHost(),
      canEdit,
      canEditCustom,
      editing: (canEdit && edit === 'subdomain') || (canEditCustom && edit === 'customdomain') ? edit : null,
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'subdomain':
      return saveSubdomain(request, t, form)
    case 'customdomain':
      return saveCustomDomain(request, t, form)
    case 'verify':
      await verifyDomainSoon(t.clientId)
      return redirectWithToast(request, DOMAIN_PAGE, CHECK_STARTED)
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function saveSubdomain(request: Request, t: Tenant, form: FormData) {
  const result = await subdomainValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await domainActions.setSubdomain(t, request, result.data.subDomain)
  if (!saved.ok) return validationError({ fieldErrors: { subDomain: saved.error } }, result.submittedData)
  return redirectWithToast(request, DOMAIN_PAGE, SAVED)
}

async function saveCustomDomain(request: Request, t: Tenant, form: FormData) {
  const result = await customDomainValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await domainActions.setCustomDomain(t, request, result.data.customDomain, { verifyNow: verifyDomainSoon, tellOwners: tellOwnersOfDomainChange })
  if (!saved.ok && saved.status === 403) throw forbidden(saved.error)
  if (!saved.ok) return validationError({ fieldErrors: { customDomain: saved.error } }, result.submittedData)
  return redirectWithToast(request, DOMAIN_PAGE, SAVED)
}

export default function DomainRoute() {
  const { domain, platformHost, canEdit, canEditCustom, editing, toast } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Domain" />
      <SuccessAlert>{toast}</SuccessAlert>
      {editing === 'subdomain' ? <SubdomainModal value={domain.subDomain ?? ''} platformHost={platformHost} hasCustomDomain={!!domain.customDomain} /> : null}
      {editing === 'customdomain' ? <CustomDomainModal value={domain.customDomain ?? ''} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <SubdomainCard domain={domain} canEdit={canEdit} />
        <CustomDomainCard domain={domain} canEdit={canEditCustom} />
      </div>
      <SystemEmailsCard domain={domain} />
      <DnsInstructions domain={domain} canEdit={canEdit} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Domain | Draftdesk' }]
