// GET /api/client/emails-templates?between={channel}: {status, websiteSettings, emailsTemplates};
// POST: the first customised copy of a default template (template fields plus between and description) → {emailTemplate}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { createTemplateSchema, listTemplatesQuery } from '#app/models/email-templates.schema'
import { emailSettingsFlags, emailTemplateActions, listChannelTemplates } from '#app/models/email-templates.server'
import { methodNotAllowed, parseBody, parseQuery } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { TEMPLATE_SAVED } from '#app/rules/email-templates'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_SYSTEM_EMAILS_TEMPLATES'] })
  const query = parseQuery(request, listTemplatesQuery)
  if (!query.ok) return query.response
  const [emailsTemplates, websiteSettings] = await Promise.all([listChannelTemplates(t, query.data.between), emailSettingsFlags(t)])
  return apiJson({ status: true, websiteSettings, emailsTemplates })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_SYSTEM_EMAILS_TEMPLATES'] })
  const body = await parseBody(request, createTemplateSchema)
  if (!body.ok) return body.response
  const result = await emailTemplateActions.create(t, request, body.data)
  if (!result.ok) return apiJson({ status: false, error: result.error, ...(result.field ? { errors: { [result.field]: result.error } } : {}) }, result.status)
  return apiJson({ status: true, message: TEMPLATE_SAVED, emailTemplate: result.template })
}
