// POST /api/downloadable/create {title, data}: data is the file object answered by POST /api/file/upload.
import type { ActionFunctionArgs } from '@remix-run/node'
import { createDownloadableSchema, FILE_REQUIRED } from '#app/models/downloadables.schema'
import { downloadableActions, ownedUpload, toDownloadableJson } from '#app/models/downloadables.server'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_DOWNLOADABLES'] })
  const body = await parseBody(request, createDownloadableSchema)
  if (!body.ok) return body.response
  // Only an upload of this organisation can be attached; another tenant's key reads as missing.
  const file = await ownedUpload(t, body.data.data.key)
  if (!file) return apiJson({ status: false, error: FILE_REQUIRED, errors: { data: FILE_REQUIRED } }, 400)
  if (!isAllowedFileName(file.originalname)) return apiJson({ status: false, error: FILE_NAME_RULE, errors: { data: FILE_NAME_RULE } }, 400)
  const row = await downloadableActions.create(t, request, { title: body.data.title, file })
  return apiJson({ status: true, downloadable: toDownloadableJson(row) })
}
