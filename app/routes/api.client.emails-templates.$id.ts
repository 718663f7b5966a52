// PATCH /api/client/emails-templates/{id}: save a customised template again → {emailTemplate};
// DELETE: reset it to the default → {message, emailTemplate (the default)}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { updateTemplateSchema } from '#app/models/email-templates.schema'
import { emailTemplateActions } from '#app/models/email-templates.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { TEMPLATE_SAVED } from '#app/rules/email-templates'
import { requirePermission } from '#app/models/auth-guards.server'

export const loader = () => methodNotAllowed()

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH' && request.method !== 'DELETE') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_SYSTEM_EMAILS_TEMPLATES'] })
  const id = params.id ?? ''
  if (request.method === 'DELETE') {
    const result = await emailTemplateActions.reset(t, request, id)
    if (!result.ok) return apiJson({ status: false, error: result.error }, result.status)
    return apiJson({ status: true, message: 'Deleted!', emailTemplate: result.template })
  }
  const body = await parseBody(request, updateTemplateSchema)
  if (!body.ok) return body.response
  const result = await emailTemplateActions.update(t, request, id, body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: TEMPLATE_SAVED, emailTemplate: result.template })
}
