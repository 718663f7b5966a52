// POST /api/profile/update_profile_img (multipart, field `image`): the caller's avatar, jpeg or png up to 2 MB.
import type { ActionFunctionArgs } from '@remix-run/node'
import { profileActions } from '#app/models/profile.server'
import { AVATAR_MAX_BYTES, AVATAR_UPDATED, NOT_YOUR_PROFILE } from '#app/models/profile.schema'
import { requireUser } from '#app/models/auth-guards.server'
import { IMAGE_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireUser(request)
  const form = await readMultipart(request)
  if (isUploadError(form)) return apiJson({ status: false, error: form.error }, 400)
  const id = form.get('_id')
  if (typeof id === 'string' && id && id !== user.publicId) return apiError(403, NOT_YOUR_PROFILE)
  const upload = await sniffUpload((form.get('image') ?? form.get('file')) as File | null, { allowed: IMAGE_TYPES, maxBytes: AVATAR_MAX_BYTES })
  if (isUploadError(upload)) return apiJson({ status: false, error: upload.error }, 400)
  const key = await profileActions.setAvatar(user, request, upload)
  return apiJson({ status: true, message: AVATAR_UPDATED, profile_img: key })
}
