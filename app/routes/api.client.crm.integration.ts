// POST /api/client/crm/integration {accountSid, authToken, integration}: the messaging provider account,
// checked with the provider, stored with the token encrypted; the answer shows the token's last 4 only.
import type { ActionFunctionArgs } from '@remix-run/node'
import { CRM_INTEGRATION_SAVED, crmIntegrationSchema } from '#app/models/crm.schema'
import { crmChanges, listIntegrations } from '#app/models/crm.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { crmErrorJson, requireCrmChange } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export const loader = () => methodNotAllowed()

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const { t } = await requireCrmChange(request)
  const parsed = await parseBody(request, crmIntegrationSchema)
  if (!parsed.ok) return parsed.response
  const result = await crmChanges.saveIntegration(t, request, parsed.data)
  if (!result.ok) return crmErrorJson(result)
  return apiJson({ status: true, message: CRM_INTEGRATION_SAVED, crmIntegrations: await listIntegrations(t) })
}
