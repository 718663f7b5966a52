// GET /api/client/users (start, size, filters, sorting, archived, active, permissions, requiredFields) → {data, count, message};
// POST /api/client/users (user fields, permissions, skipWriterValidation) → {user, message} or {error}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { fromWriterData, staffCreateSchema, USER_CREATED } from '#app/models/staff.schema'
import { listStaff, staffActions } from '#app/models/staff.server'
import { parseStaffQuery, staffAnswer, staffRowsJson } from '#app/models/staff-responses.server'
import { can } from '#app/rules/permissions'
import { methodNotAllowed, readBody, zodErrors } from '#app/services/api-request.server'
import { apiError, apiJson, FORBIDDEN_MESSAGE } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // The assign dialog's reviewer picker filters by permission; it needs ASSIGN_WRITER_REVIEWER, not READ_USERS.
  const t = await requirePermission(request, { any: ['READ_USERS', 'ASSIGN_WRITER_REVIEWER'] })
  const parsed = parseStaffQuery(new URL(request.url).searchParams)
  if (!parsed.ok) return parsed.response
  const { query, requiredFields, hasPermissionFilter } = parsed.value
  if (!can(t.user, { all: ['READ_USERS'] })) {
    if (!hasPermissionFilter) return apiError(403, FORBIDDEN_MESSAGE)
    query.active = true
    query.archived = false
  }
  const { rows, count } = await listStaff(t, query)
  return apiJson({ status: true, message: 'Users fetched successfully', data: await staffRowsJson(t, rows, requiredFields), count })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_USERS'] })
  const parsed = staffCreateSchema.safeParse(fromWriterData(await readBody(request)))
  if (!parsed.success) {
    const errors = zodErrors(parsed.error)
    return apiJson({ status: false, error: Object.values(errors)[0], errors }, 400)
  }
  return staffAnswer(t, await staffActions.create(t, request, parsed.data), USER_CREATED)
}
