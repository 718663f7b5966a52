// GET /api/client/domain: the organisation's subdomain, custom domain, ssl status and e-mail delivery records.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDomain } from '#app/models/domains.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, { all: ['READ_WEBSITE_SETTINGS'] })
  return apiJson({ status: true, data: await getDomain(t) })
}

export const action = () => methodNotAllowed()
