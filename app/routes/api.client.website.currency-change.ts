// POST /api/client/website/currency-change {selectedCurrency}: the organisation's default currency (usd, cad, aud, gbp, eur).
import type { ActionFunctionArgs } from '@remix-run/node'
import { currencySchema } from '#app/models/website-settings.schema'
import { websiteSettingsActions } from '#app/models/website-settings.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_FEATURES'] })
  const body = await parseBody(request, currencySchema)
  if (!body.ok) return body.response
  const result = await websiteSettingsActions.changeCurrency(t, request, body.data.selectedCurrency)
  return apiJson({ status: true, message: 'Saved Successfully!', currencyType: result.currencyType })
}

export const loader = () => methodNotAllowed()
