// /crm/user/edit/{id}: a CRM user's names, e-mail, password (optional) and flags; the admin CRM user is refused.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { CrmUserForm } from '#app/components/crm/crm-user-form'
import { PageHeader } from '#app/components/page'
import { CRM_ADMIN_LOCKED, CRM_USER_NOT_FOUND, CRM_USER_UPDATED, crmUserUpdateValidator } from '#app/models/crm.schema'
import { crmChanges, getCrmUser, toCrmUserJson } from '#app/models/crm.server'
import { isLockedCrmUser } from '#app/rules/crm'
import { redirectWithToast } from '#app/services/flash.server'
import { Card } from '#app/ui/card'
import { Alert } from '#app/ui/alert'
import { crmChangeRefusal, requireCrm } from './crm-request.server'
import { readForm } from '#app/services/form-request.server'
import { forbidden, notFound } from '#app/services/http.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t, status } = await requireCrm(request)
  const row = await getCrmUser(t, params.id ?? '')
  if (!row) throw notFound(CRM_USER_NOT_FOUND)
  if (isLockedCrmUser(row)) throw forbidden(CRM_ADMIN_LOCKED)
  return { user: toCrmUserJson(row), enabledFlags: status.plan!.enabled, borrowed: await crmChangeRefusal(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { t } = await requireCrm(request)
  const result = await crmUserUpdateValidator.validate(await readForm(request))
  const kept = { ...result.submittedData, password: '' }
  if (result.error) return validationError(result.error, kept)
  const borrowed = await crmChangeRefusal(request)
  if (borrowed) return validationError({ fieldErrors: { _form: borrowed } }, kept)
  const updated = await crmChanges.updateUser(t, request, params.id ?? '', result.data)
  if (!updated.ok) {
    if (updated.status === 404) throw notFound(updated.error)
    if (updated.status === 403) throw forbidden(updated.error)
    return validationError({ fieldErrors: { [updated.field ?? '_form']: updated.error } }, kept)
  }
  return redirectWithToast(request, '/crm/user/view/all', CRM_USER_UPDATED)
}

export default function CrmUserEditRoute() {
  const { user, enabledFlags, borrowed } = useLoaderData<typeof loader>()
  const granted = Object.entries(user.crmData.permissions)
    .filter(([, on]) => on)
    .map(([k]) => k)
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Edit CRM User" crumbs={[{ to: '/crm/user/view/all', label: 'CRM Users' }]} />
      {borrowed ? <Alert tone="warning">{borrowed}</Alert> : null}
      <Card>
        <CrmUserForm
          validator={crmUserUpdateValidator}
          mode="update"
          enabledFlags={enabledFlags}
          defaults={{ firstName: user.crmData.firstName, lastName: user.crmData.lastName, email: user.crmData.email, crmPermissions: granted }}
        />
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Edit CRM User | Draftdesk' }]
