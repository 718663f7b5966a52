// /crm/integrations: the messaging provider account (accountSid, authToken); the token is stored
// encrypted and only its last 4 characters are ever shown again.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { CrmFormError } from '#app/components/crm/crm-error'
import { SaveOrCancel, SuccessAlert, TextField } from '#app/components/forms'
import { PageHeader } from '#app/components/page'
import { CRM_INTEGRATION_SAVED, crmIntegrationValidator } from '#app/models/crm.schema'
import { crmChanges, listIntegrations } from '#app/models/crm.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { Card } from '#app/ui/card'
import { Alert } from '#app/ui/alert'
import { crmChangeRefusal, requireCrm } from './crm-request.server'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requireCrm(request)
  const { toast, headers } = await takeToast(request)
  return data({ integrations: await listIntegrations(t), toast, borrowed: await crmChangeRefusal(request) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await requireCrm(request)
  const result = await crmIntegrationValidator.validate(await readForm(request))
  // The token typed is never sent back, even after a failure.
  const kept = { ...result.submittedData, authToken: '' }
  if (result.error) return validationError(result.error, kept)
  const borrowed = await crmChangeRefusal(request)
  if (borrowed) return validationError({ fieldErrors: { _form: borrowed } }, kept)
  const saved = await crmChanges.saveIntegration(t, request, result.data)
  if (!saved.ok) {
    const fieldErrors: Record<string, string> = { _form: saved.message }
    for (const [field, message] of Object.entries(saved.crmErrors ?? {})) fieldErrors[`_crm.${field}`] = message
    return validationError({ fieldErrors }, kept)
  }
  return redirectWithToast(request, '/crm/integrations', CRM_INTEGRATION_SAVED)
}

export default function CrmIntegrationsRoute() {
  const { integrations, toast, borrowed } = useLoaderData<typeof loader>()
  const current = integrations.find((i) => i.integration === 'twilio')
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader title="Integrations" />
      <SuccessAlert>{toast}</SuccessAlert>
      {borrowed ? <Alert tone="warning">{borrowed}</Alert> : null}
      <Card>
        <h2 className="mb-2 text-base font-semibold text-gray-900">Messaging provider</h2>
        {current ? (
          <dl className="mb-4 grid grid-cols-2 gap-1 text-sm" aria-label="Connected account">
            <dt className="text-gray-500">Account SID</dt>
            <dd className="font-mono">{current.accountSid}</dd>
            <dt className="text-gray-500">Auth Token</dt>
            <dd className="font-mono">••••{current.authTokenLast4}</dd>
          </dl>
        ) : (
          <p className="mb-4 text-sm text-gray-600">No messaging account connected yet.</p>
        )}
        <ValidatedForm
          method="post"
          validator={crmIntegrationValidator}
          defaultValues={{ accountSid: current?.accountSid ?? '', integration: 'twilio' } as never}
          noValidate
          aria-label="Messaging integration"
          className="space-y-4"
        >
          <CrmFormError />
          <input type="hidden" name="integration" value="twilio" />
          <TextField name="accountSid" label="Account SID" autoComplete="off" maxLength={64} />
          <TextField name="authToken" label="Auth Token" type="password" autoComplete="off" maxLength={256} placeholder={current ? `••••${current.authTokenLast4}` : undefined} />
          <SaveOrCancel label="Save" cancelTo="/crm/user/view/all" />
        </ValidatedForm>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Integrations | Draftdesk' }]
