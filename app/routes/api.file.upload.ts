// POST /api/file/upload (multipart, field `image` or `file`): stores a sniffed upload for the organisation.
import type { ActionFunctionArgs } from '@remix-run/node'
import { saveUpload } from '#app/models/files.server'
import { requirePermission } from '#app/services/auth.server'
import { DOCUMENT_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'
import { methodNotAllowed } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'

export const FILE_NAME_RULE = 'Please do not use any commas or apostrophes in the file name!'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request)
  const form = await readMultipart(request)
  if (isUploadError(form)) return apiJson({ status: false, error: form.error }, 400)
  const file = (form.get('file') ?? form.get('image')) as File | null
  if (file && /[,']/.test(file.name)) return apiJson({ status: false, error: FILE_NAME_RULE }, 400)
  const upload = await sniffUpload(file, { allowed: DOCUMENT_TYPES, maxBytes: 20 * 1024 * 1024 })
  if (isUploadError(upload)) return apiJson({ status: false, error: upload.error }, 400)
  const stored = await saveUpload(t, upload, String(form.get('purpose') ?? 'upload').slice(0, 32))
  return apiJson({ status: true, file: stored })
}
