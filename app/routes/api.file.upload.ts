// POST /api/file/upload (multipart, field `image` or `file`, optional `purpose`): stores a sniffed upload for
// the organisation within its storage quota. Without a purpose it is a generic upload, readable by its
// uploader until something (a downloadable) claims it.
import type { ActionFunctionArgs } from '@remix-run/node'
import { saveUpload } from '#app/models/files.server'
import { canUploadFile, DEFAULT_FILE_PURPOSE, isFilePurpose, UNKNOWN_FILE_PURPOSE } from '#app/rules/file-purposes'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import { requirePermission } from '#app/models/auth-guards.server'
import { DOCUMENT_TYPES, isUploadError, MAX_UPLOAD_BYTES, readMultipart, sniffUpload } from '#app/services/storage.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson, FORBIDDEN_MESSAGE } from '#app/services/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request)
  const form = await readMultipart(request)
  if (isUploadError(form)) return apiJson({ status: false, error: form.error }, form.status ?? 400)
  const purpose = form.get('purpose') ?? DEFAULT_FILE_PURPOSE
  if (!isFilePurpose(purpose)) return apiError(400, UNKNOWN_FILE_PURPOSE)
  if (!canUploadFile(t.user, purpose)) return apiError(403, FORBIDDEN_MESSAGE)
  const file = (form.get('file') ?? form.get('image')) as File | null
  if (file instanceof File && !isAllowedFileName(file.name)) return apiJson({ status: false, error: FILE_NAME_RULE }, 400)
  const upload = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: MAX_UPLOAD_BYTES })
  if (isUploadError(upload)) return apiJson({ status: false, error: upload.error }, upload.status ?? 400)
  const stored = await saveUpload(t, upload, purpose)
  if (isUploadError(stored)) return apiJson({ status: false, error: stored.error }, stored.status ?? 400)
  return apiJson({ status: true, file: stored })
}
