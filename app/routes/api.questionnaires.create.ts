// POST /api/questionnaires/create {name}: a new, empty draft form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { nameSchema } from '#app/models/forms.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { formActions, toFormJson } from '#app/models/forms.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_QUESTIONNAIRES'] })
  const body = await parseBody(request, nameSchema)
  if (!body.ok) return body.response
  const row = await formActions.create(t, request, body.data.name)
  return apiJson({ status: true, key: row.public_id, questionnaire: toFormJson(row) })
}
