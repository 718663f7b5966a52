// GET /api/client/writers/get: the organisation's contributors (data) and unread chat counts per contributor
// (writerUnreadMessages: 0 until the contributor chat exists).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listWriters } from '#app/models/staff.server'
import { requirePermission } from '#app/services/auth.server'
import { methodNotAllowed } from '#app/utils/api.server'
import { apiJson } from '#app/utils/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['ASSIGN_WRITER_REVIEWER', 'READ_USERS'] })
  const data = await listWriters(t, { active: true })
  const writerUnreadMessages = Object.fromEntries(data.map((w) => [w._id, 0]))
  return apiJson({ status: true, data, writerUnreadMessages })
}

export const action = () => methodNotAllowed()
