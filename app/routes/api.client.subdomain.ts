// POST /api/client/subdomain {subDomain}: the portal subdomain (3 to 20 letters or digits, unique on the platform).
import type { ActionFunctionArgs } from '@remix-run/node'
import { domainActions } from '#app/models/domains.server'
import { subdomainSchema } from '#app/models/website-settings.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const body = await parseBody(request, subdomainSchema)
  if (!body.ok) return body.response
  const result = await domainActions.setSubdomain(t, request, body.data.subDomain)
  if (!result.ok) return apiJson({ status: false, error: result.error, errors: { subDomain: result.error } }, result.status)
  return apiJson({ status: true, message: 'Saved Successfully!', data: result.domain })
}

export const loader = () => methodNotAllowed()
