// POST /api/downloadable/edit {id, title, data}: rename and/or replace the file; at least one change.
import type { ActionFunctionArgs } from '@remix-run/node'
import { CHANGE_REQUIRED, editDownloadableSchema, FILE_REQUIRED } from '#app/models/downloadables.schema'
import { downloadableActions, getDownloadable, ownedUpload, toDownloadableJson } from '#app/models/downloadables.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_DOWNLOADABLES'] })
  const body = await parseBody(request, editDownloadableSchema)
  if (!body.ok) return body.response
  const row = await getDownloadable(t, body.data.id)
  if (!row) return apiError(404, 'File not found')
  let file = null
  if (body.data.data?.key && body.data.data.key !== row.file_key) {
    file = await ownedUpload(t, body.data.data.key)
    if (!file) return apiJson({ status: false, error: FILE_REQUIRED, errors: { data: FILE_REQUIRED } }, 400)
    if (!isAllowedFileName(file.originalname)) return apiJson({ status: false, error: FILE_NAME_RULE, errors: { data: FILE_NAME_RULE } }, 400)
  }
  const updated = await downloadableActions.update(t, request, row, { title: body.data.title, file })
  if (updated === 'unchanged') return apiJson({ status: false, error: CHANGE_REQUIRED }, 400)
  return apiJson({ status: true, downloadable: toDownloadableJson(updated) })
}
