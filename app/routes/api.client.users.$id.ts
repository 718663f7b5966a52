// GET /api/client/users/{id}; PATCH /api/client/users/{id} with user fields and permissions, or {active} / {archived}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { staffStatusSchema, staffUpdateSchema, USER_UPDATED } from '#app/models/staff.schema'
import { findStaff, staffActions, toStaffJson, writerProfile } from '#app/models/staff.server'
import { mergeWithCurrent, staffAnswer } from '#app/models/staff-responses.server'
import { methodNotAllowed, readBody, zodErrors } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_USERS'] })
  const user = await findStaff(t, params.id ?? '')
  if (!user) return apiError(404, 'User not found')
  return apiJson({ status: true, user: toStaffJson(user, await writerProfile(t, user.userId)) })
}

export const STATUS_ALONE = 'Change active or archived in a request of its own'

const USER_FIELDS = [
  'firstName',
  'lastName',
  'password',
  'permissions',
  'fullPermissions',
  'writer_data',
  'levels',
  'services',
  'languages',
  'certificates',
  'expertise',
  'availableDays',
  'schedulingLink',
]

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_USERS'] })
  const id = params.id ?? ''
  const body = await readBody(request)
  const invalid = (error: import('zod').ZodError) => {
    const errors = zodErrors(error)
    return apiJson({ status: false, error: Object.values(errors)[0], errors }, 400)
  }

  const changesUser = USER_FIELDS.some((f) => f in body)
  // A status change is its own call (its own rule and audit row): mixed with user fields it would be half done.
  if (changesUser && ('active' in body || 'archived' in body)) return apiError(400, STATUS_ALONE)
  if (!changesUser) {
    const parsed = staffStatusSchema.safeParse(body)
    if (!parsed.success) return invalid(parsed.error)
    return staffAnswer(t, await staffActions.setStatus(t, request, id, parsed.data), USER_UPDATED)
  }

  const merged = await mergeWithCurrent(t, id, body)
  if (!merged) return apiError(404, 'User not found')
  const parsed = staffUpdateSchema.safeParse(merged)
  if (!parsed.success) return invalid(parsed.error)
  return staffAnswer(t, await staffActions.update(t, request, id, parsed.data), USER_UPDATED)
}
