// POST /api/profile/profile_update {_id, firstName, lastName, email, currentPassword}: the caller's own name and
// e-mail. A new e-mail needs the current password, is refused in a log-in-as session, and changes only when
// the link sent to it is opened ({pendingEmail} until then; ADR 13).
import type { ActionFunctionArgs } from '@remix-run/node'
import { loadAuthUser, toUserJson } from '#app/models/account.server'
import { profileActions } from '#app/models/profile.server'
import { EMAIL_CONFIRMATION_SENT, NOT_YOUR_PROFILE, PROFILE_UPDATED, profileSchema } from '#app/models/profile.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requireOwnCredentials, requireUser } from '#app/models/auth-guards.server'

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const user = await requireUser(request)
  const parsed = await parseBody(request, profileSchema)
  if (!parsed.ok) return parsed.response
  if (parsed.data._id && parsed.data._id !== user.publicId) return apiError(403, NOT_YOUR_PROFILE)
  if (parsed.data.email !== user.email) await requireOwnCredentials(request)
  const outcome = await profileActions.update(user, request, parsed.data)
  if (!outcome.ok) return apiJson({ status: false, error: outcome.error, errors: { [outcome.field]: outcome.error } }, outcome.status)
  const updated = await loadAuthUser(user.id, user.clientId)
  // The spec's message stays as it is; the pending change is told beside it.
  const notice = outcome.pendingEmail ? `${EMAIL_CONFIRMATION_SENT} ${outcome.pendingEmail}.` : null
  return apiJson({ status: true, message: PROFILE_UPDATED, user: updated ? toUserJson(updated) : null, pendingEmail: outcome.pendingEmail, notice })
}
