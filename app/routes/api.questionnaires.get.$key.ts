// GET /api/questionnaires/get/{key} (flag=true for a provider sample): one form with its draft and published data.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sampleFlag } from '#app/models/content-common.server'
import { getForm, getSampleForm, toFormJson } from '#app/models/forms.server'
import { toFormTemplateJson } from '#app/models/form-templates.server'
import { apiError, apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_QUESTIONNAIRES'] })
  const key = params.key ?? ''
  const own = sampleFlag(new URL(request.url)) ? null : await getForm(t, key)
  if (own) return apiJson({ status: true, questionnaire: toFormJson(own) })
  const sample = await getSampleForm(t, key)
  if (!sample) return apiError(404, 'Form not found')
  const json = toFormTemplateJson(sample)
  // Organisations see what the provider published, never its unpublished draft.
  return apiJson({ status: true, questionnaire: { ...json, draft_data: json.published_data ?? { items: [] } } })
}

export const action = () => methodNotAllowed()
