// POST /api/leads/capture {email, source: cart|checkout, firstName?, lastName?, phone?}: a cart or
// checkout visitor of an organisation's portal leaves their e-mail before buying (ADR 0050). The
// organisation is the one the Host resolved to; a client id in the body is never read.
import type { ActionFunctionArgs } from '@remix-run/node'
import { captureLead } from '#app/models/leads.server'
import { LEAD_CAPTURED, publicLeadCaptureSchema } from '#app/models/leads.schema'
import { consume, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'
import { tenantForHost } from './leads-request.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = tenantForHost(request)
  // The platform host has no organisation to capture for: its own checkout is not an organisation's lead.
  if (!t) return apiJson({ status: false, error: 'Not Found' }, 404)
  if (!(await consume('leadCapturesPerIp', clientIp(request)))) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  const body = await parseBody(request, publicLeadCaptureSchema)
  if (!body.ok) return body.response
  await captureLead(t, body.data)
  // The same answer for a new and a known address: the call must not tell a stranger who is on the list.
  return apiJson({ status: true, message: LEAD_CAPTURED })
}

export const loader = () => methodNotAllowed()
