// GET /api/client/writers?active=true: contributors with writer_data and ordersStats, for the assign dialog.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { listWriters } from '#app/models/staff.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { any: ['ASSIGN_WRITER_REVIEWER', 'READ_USERS'] })
  const active = new URL(request.url).searchParams.get('active')
  const writers = await listWriters(t, { active: active === 'true' ? true : active === 'false' ? false : undefined })
  return apiJson({ status: true, writers })
}

export const action = () => methodNotAllowed()
