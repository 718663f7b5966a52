// POST /api/profile/profile_update {_id, firstName, lastName, email}: the caller's own name and e-mail.
import type { ActionFunctionArgs } from '@remix-run/node'
import { loadAuthUser, toUserJson } from '#app/models/account.server'
import { auditUserAction } from '#app/models/audit.server'
import { updateProfile } from '#app/models/profile.server'
import { NOT_YOUR_PROFILE, PROFILE_UPDATED, profileSchema } from '#app/models/profile.schema'
import { requireUser } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireUser(request)
  const parsed = await parseBody(request, profileSchema)
  if (!parsed.ok) return parsed.response
  if (parsed.data._id && parsed.data._id !== user.publicId) return apiError(403, NOT_YOUR_PROFILE)
  const outcome = await updateProfile(user, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, errors: { [outcome.field]: outcome.error } }, 400)
  await auditUserAction(user, request, { module: 'profile', action: 'update', message: 'Updated own profile' })
  const updated = await loadAuthUser(user.id, user.clientId)
  return apiJson({ status: true, message: PROFILE_UPDATED, user: updated ? toUserJson(updated) : null })
}
