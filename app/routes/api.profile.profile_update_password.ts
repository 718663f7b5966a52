// POST /api/profile/profile_update_password {_id, password, currentPassword}: a new password for the caller's own
// account; wrong current passwords are rate-limited, a log-in-as session is refused, the other sessions end (ADR 13).
import type { ActionFunctionArgs } from '@remix-run/node'
import { profileActions } from '#app/models/profile.server'
import { NOT_YOUR_PROFILE, PASSWORD_CHANGED, passwordApiSchema } from '#app/models/profile.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { getAuth, requireOwnCredentials } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireOwnCredentials(request)
  const parsed = await parseBody(request, passwordApiSchema)
  if (!parsed.ok) return parsed.response
  if (parsed.data._id && parsed.data._id !== user.publicId) return apiError(403, NOT_YOUR_PROFILE)
  const { session } = await getAuth(request)
  const outcome = await profileActions.changePassword(user, request, parsed.data, session.id || undefined)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, errors: { [outcome.field]: outcome.error } }, outcome.status)
  return apiJson({ status: true, message: PASSWORD_CHANGED })
}
