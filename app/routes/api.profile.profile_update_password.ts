// POST /api/profile/profile_update_password {_id, password}: a new password; the person's other sessions end.
import type { ActionFunctionArgs } from '@remix-run/node'
import { auditUserAction } from '#app/models/audit.server'
import { changePassword } from '#app/models/profile.server'
import { NOT_YOUR_PROFILE, PASSWORD_CHANGED, passwordApiSchema } from '#app/models/profile.schema'
import { getAuth, requireUser } from '#app/services/auth.server'
import { methodNotAllowed, parseBody } from '#app/utils/api.server'
import { apiError, apiJson } from '#app/utils/http.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireUser(request)
  const parsed = await parseBody(request, passwordApiSchema)
  if (!parsed.ok) return parsed.response
  if (parsed.data._id && parsed.data._id !== user.publicId) return apiError(403, NOT_YOUR_PROFILE)
  const { session } = await getAuth(request)
  await changePassword(user, parsed.data.password, session.id || undefined)
  await auditUserAction(user, request, { module: 'profile', action: 'change_password', message: 'Changed own password; other sessions ended' })
  return apiJson({ status: true, message: PASSWORD_CHANGED })
}
