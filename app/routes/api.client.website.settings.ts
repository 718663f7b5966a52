// GET /api/client/website/settings: the organisation's feature switches (read by every member's screens);
// POST {settings}: change some of them (UPDATE_FEATURES; two-factor and hide-invoices by the owner only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getWebsiteSettings } from '#app/models/organisation-settings.server'
import { settingsBodySchema } from '#app/models/website-settings.schema'
import { websiteSettingsActions } from '#app/models/website-settings.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request)
  return apiJson({ status: true, settings: await getWebsiteSettings(t) })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_FEATURES'] })
  const body = await parseBody(request, settingsBodySchema)
  if (!body.ok) return body.response
  const result = await websiteSettingsActions.saveFeatures(t, request, body.data.settings)
  if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
  return apiJson({ status: true, message: 'Saved Successfully!', settings: result.settings })
}
