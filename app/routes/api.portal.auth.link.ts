// POST /api/portal/auth/link {email} on an organisation's host: e-mails a customer a single-use sign-in link.
// The same 200 whether or not the address has an account; 429 once this address has asked too often (ADR 0059).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { portalLinkSchema } from '#app/models/customer-accounts.schema'
import { requestSignInLink, SIGN_IN_LINK_SENT } from '#app/models/customer-links.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson, clientIp } from '#app/services/http.server'
import { requirePortalHost } from '#app/models/portal-auth.server'

export async function action({ request }: ActionFunctionArgs) {
  const { clientId } = requirePortalHost(request)
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, portalLinkSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await requestSignInLink(clientId, parsed.data.email, { ip: clientIp(request) })
  if (!outcome.ok) return apiError(outcome.status, outcome.message)
  return apiJson({ status: true, message: SIGN_IN_LINK_SENT })
}

export function loader({ request }: LoaderFunctionArgs) {
  requirePortalHost(request)
  return methodNotAllowed()
}
