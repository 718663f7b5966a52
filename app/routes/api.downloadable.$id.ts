// GET /api/downloadable/{id}: one file of the organisation; PATCH {archived}: archive or restore it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { archiveSchema } from '#app/models/downloadables.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'
import { downloadableActions, getDownloadable, toDownloadableJson } from '#app/models/downloadables.server'

export const NOT_FOUND = 'File not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_DOWNLOADABLES'] })
  const row = await getDownloadable(t, params.id ?? '')
  if (!row) return apiError(404, NOT_FOUND)
  return apiJson({ status: true, downloadable: toDownloadableJson(row) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_DOWNLOADABLES'] })
  const body = await parseBody(request, archiveSchema)
  if (!body.ok) return body.response
  const row = await getDownloadable(t, params.id ?? '')
  if (!row) return apiError(404, NOT_FOUND)
  await downloadableActions.setArchived(t, request, row, body.data.archived)
  return apiJson({ status: true, downloadable: toDownloadableJson((await getDownloadable(t, row.public_id))!) })
}
