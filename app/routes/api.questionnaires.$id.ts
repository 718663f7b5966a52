// PATCH /api/questionnaires/{id} {archived, isTemplate}: archive a form, or hide a provider sample for this organisation.
import type { ActionFunctionArgs } from '@remix-run/node'
import { archiveSchema } from '#app/models/downloadables.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { formActions, getForm, getSampleForm, toFormJson } from '#app/models/forms.server'

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
    await formActions.setSampleHidden(t, request, sample, body.data.archived)
    return apiJson({ status: true })
  }
  const row = await getForm(t, id)
  if (!row) return apiError(404, 'Form not found')
  await formActions.setArchived(t, request, row, body.data.archived)
  return apiJson({ status: true, questionnaire: toFormJson((await getForm(t, id))!) })
}
