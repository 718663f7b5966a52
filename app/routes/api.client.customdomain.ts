// POST /api/client/customdomain {customDomain}: the portal's custom domain, owner-only (ADR 0080); its DNS is checked
// right away, then on schedule, and every owner is told of the change by e-mail.
import type { ActionFunctionArgs } from '@remix-run/node'
import { tellOwnersOfDomainChange } from '#app/models/domain-notices.server'
import { domainActions, verifyDomainSoon } from '#app/models/domains.server'
import { customDomainSchema } from '#app/models/website-settings.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const body = await parseBody(request, customDomainSchema)
  if (!body.ok) return body.response
  const result = await domainActions.setCustomDomain(t, request, body.data.customDomain, { verifyNow: verifyDomainSoon, tellOwners: tellOwnersOfDomainChange })
  if (!result.ok) return apiJson({ status: false, error: result.error, errors: { customDomain: result.error } }, result.status)
  return apiJson({ status: true, message: 'Saved Successfully!', data: result.domain })
}

export const loader = () => methodNotAllowed()
