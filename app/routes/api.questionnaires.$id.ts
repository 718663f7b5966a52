// PATCH /api/questionnaires/{id} {archived, isTemplate}: archive a form, or hide a provider sample for this organisation.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditAction } from '#app/models/audit.server'
import { setTemplateHidden } from '#app/models/content-common.server'
import { archiveSchema } from '#app/models/downloadables.schema'
import { getForm, getSampleForm, setFormArchived, toFormJson } from '#app/models/forms.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_QUESTIONNAIRES'] })
  const body = await parseBody(request, archiveSchema)
  if (!body.ok) return body.response
  const id = params.id ?? ''
  if (body.data.isTemplate) {
    const sample = await getSampleForm(t, id)
    if (!sample) return apiError(404, 'Form not found')
    await setTemplateHidden(t, 'form', sample.id, body.data.archived)
    await auditAction(t, request, {
      module: 'QUESTIONNAIRES',
      action: body.data.archived ? 'HIDE_TEMPLATE' : 'SHOW_TEMPLATE',
      message: `Sample form "${sample.name}" ${body.data.archived ? 'hidden' : 'shown'}`,
    })
    return apiJson({ status: true })
  }
  const row = await getForm(t, id)
  if (!row) return apiError(404, 'Form not found')
  await setFormArchived(t, row, body.data.archived)
  await auditAction(t, request, {
    module: 'QUESTIONNAIRES',
    action: body.data.archived ? 'ARCHIVE' : 'UNARCHIVE',
    message: `Form "${row.name}" ${body.data.archived ? 'archived' : 'restored'}`,
  })
  return apiJson({ status: true, questionnaire: toFormJson((await getForm(t, id))!) })
}
