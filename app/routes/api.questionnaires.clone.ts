// POST /api/questionnaires/clone {templateId, name, items}: a new draft form from a sample or an own form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { formCloneSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { formActions, formCloneSource, toFormJson } from '#app/models/forms.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  const body = await parseBody(request, formCloneSchema)
  if (!body.ok) return body.response
  const source = (await formCloneSource(t, body.data.templateId, true)) ?? (await formCloneSource(t, body.data.templateId, false))
  if (!source) return apiError(404, 'Form not found')
  const row = await formActions.clone(t, request, source, { name: body.data.name, items: body.data.items ?? source.items })
  return apiJson({ status: true, key: row.public_id, questionnaire: toFormJson(row) })
}
