// POST /api/questionnaires/create {name}: a new, empty draft form.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { nameSchema } from '#app/models/forms.schema'
import { createForm, toFormJson } from '#app/models/forms.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_QUESTIONNAIRES'] })
  const body = await parseBody(request, nameSchema)
  if (!body.ok) return body.response
  const row = await createForm(t, { name: body.data.name })
  await auditAction(t, request, { module: 'QUESTIONNAIRES', action: 'CREATE', message: `Form "${row.name}" created` })
  return apiJson({ status: true, key: row.public_id, questionnaire: toFormJson(row) })
}
