// GET /api/downloadable/all (optional archived=true, search, page, size): the organisation's files.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiPaging } from '#app/models/content-common.server'
import { listDownloadables, toDownloadableJson } from '#app/models/downloadables.server'
import { apiJson } from '#app/services/http.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_DOWNLOADABLES'] })
  const { rows, count } = await listDownloadables(t, apiPaging(request))
  return apiJson({ status: true, downloadables: rows.map(toDownloadableJson), count })
}

export const action = () => methodNotAllowed()
