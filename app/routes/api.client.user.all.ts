// GET /api/client/user/all: the organisation's CRM users, paged 100/150/200 (?page, ?size, ?q).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CRM_USERS_PAGE_SIZES } from '#app/models/crm.schema'
import { pageCrmUsers, toCrmUserJson } from '#app/models/crm.server'
import { parseTableQuery } from '#app/rules/table-query'
import { methodNotAllowed } from '#app/services/api-request.server'
import { requireCrm } from './crm-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requireCrm(request)
  const query = parseTableQuery(new URL(request.url).searchParams, { sizes: CRM_USERS_PAGE_SIZES, sortable: ['createdAt'], defaultSort: 'createdAt' })
  const { rows, count } = await pageCrmUsers(t, query)
  return apiJson({ status: true, users: rows.map(toCrmUserJson), count, page: query.page, size: query.size })
}

export const action = () => methodNotAllowed()
