// The file pages' multipart post: title through the shared schema, the upload sniffed and stored.
import { validationError } from 'remix-validated-form'
import { saveUpload, type StoredFile } from './files.server'
import { DOWNLOADABLE_MAX_BYTES, downloadableValidator, FILE_REQUIRED } from './downloadables.schema'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'
import type { Tenant } from './auth-guards.server'
import { DOCUMENT_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'

export type FilePost = { ok: true; title: string; file: StoredFile | null } | { ok: false; response: Response }

/** Reads title and file; the file is required unless `fileOptional` (edit keeps the current one). */
export async function readFilePost(t: Tenant, request: Request, fileOptional: boolean): Promise<FilePost> {
  const form = await readMultipart(request)
  if (isUploadError(form)) return { ok: false, response: validationError({ fieldErrors: { file: form.error } }) }
  const result = await downloadableValidator.validate(form)
  const title = String(form.get('title') ?? '')
  const fail = (fieldErrors: Record<string, string>) => ({ ok: false as const, response: validationError({ fieldErrors }, { title }) })
  const upload = form.get('file')
  const hasFile = upload instanceof File && upload.size > 0
  const errors: Record<string, string> = result.error ? { ...result.error.fieldErrors } : {}
  if (!hasFile && !fileOptional) errors.file = FILE_REQUIRED
  if (hasFile && !isAllowedFileName((upload as File).name)) errors.file = FILE_NAME_RULE
  if (Object.keys(errors).length) return fail(errors)
  if (!hasFile) return { ok: true, title: result.data!.title, file: null }
  const sniffed = await sniffUpload(upload as File, { allowed: DOCUMENT_TYPES, maxBytes: DOWNLOADABLE_MAX_BYTES })
  if (isUploadError(sniffed)) return fail({ file: sniffed.error })
  const file = await saveUpload(t, sniffed, 'downloadable')
  if (isUploadError(file)) return fail({ file: file.error })
  return { ok: true, title: result.data!.title, file }
}
