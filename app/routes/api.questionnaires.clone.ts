// POST /api/questionnaires/clone {templateId, name, items}: a new draft form from a sample or an own form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { formCloneSchema } from '#app/models/forms.schema'
import { formActions, formCloneSource, toFormJson } from '#app/models/forms.server'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

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
