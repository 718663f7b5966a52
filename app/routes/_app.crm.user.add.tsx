// /crm/user/add: a CRM user (PENDING until the sync adds it to the CRM); back to the list with 'User Created Successfully'.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { CrmUserForm } from '#app/components/crm/crm-user-form'
import { PageHeader } from '#app/components/page'
import { CRM_USER_CREATED, crmUserCreateValidator } from '#app/models/crm.schema'
import { crmChanges } from '#app/models/crm.server'
import { redirectWithToast } from '#app/services/flash.server'
import { Card } from '#app/ui/card'
import { Alert } from '#app/ui/alert'
import { crmChangeRefusal, requireCrm } from './crm-request.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { status } = await requireCrm(request)
  return { enabledFlags: status.plan!.enabled, maxCrmUsers: status.plan!.maxCrmUsers, borrowed: await crmChangeRefusal(request) }
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await requireCrm(request)
  const result = await crmUserCreateValidator.validate(await readForm(request))
  // The password is never sent back.
  const kept = { ...result.submittedData, password: '' }
  if (result.error) return validationError(result.error, kept)
  const borrowed = await crmChangeRefusal(request)
  if (borrowed) return validationError({ fieldErrors: { _form: borrowed } }, kept)
  const created = await crmChanges.createUser(t, request, result.data)
  if (!created.ok) return validationError({ fieldErrors: { [created.field ?? '_form']: created.error } }, kept)
  return redirectWithToast(request, '/crm/user/view/all', CRM_USER_CREATED)
}

export default function CrmUserAddRoute() {
  const { enabledFlags, borrowed } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Create CRM User" crumbs={[{ to: '/crm/user/view/all', label: 'CRM Users' }]} />
      {borrowed ? <Alert tone="warning">{borrowed}</Alert> : null}
      <Card>
        <CrmUserForm validator={crmUserCreateValidator} mode="create" enabledFlags={enabledFlags} defaults={{ crmPermissions: enabledFlags }} />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Create CRM User | Draftdesk' }]
