// GET /api/subdomains/validate?subdomain: whether a new organisation may take the name ({status} or {status, error}).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { subdomainQuerySchema } from '#app/models/checkout.schema'
import { subdomainAvailability } from '#app/models/subdomains.server'
import { consume, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { methodNotAllowed, parseQuery } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, subdomainQuerySchema)
  if (!parsed.ok) return parsed.response
  if (!(await consume('subdomainChecksPerIp', clientIp(request)))) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  // A taken or reserved name is an answer to a well-formed question: 200 with status false (ADR 0034).
  const availability = await subdomainAvailability(parsed.data.subdomain)
  return availability.ok ? apiJson({ status: true }) : apiJson({ status: false, error: availability.error })
}

export const action = () => methodNotAllowed()
