// GET /api/user/orgs?email: the organisations a person may sign in to (the login picker).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { emailField, NO_ACCOUNT_FOR_EMAIL } from '#app/models/login.schema'
import { organisationsForEmail } from '#app/models/account.server'
import { choicesForHost } from '#app/models/platform-domains.server'
import { consume, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { parseQuery, methodNotAllowed } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'

const querySchema = z.object({ email: emailField })

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseQuery(request, querySchema)
  if (!parsed.ok) return parsed.response
  if (!(await consume('orgLookupsPerIp', clientIp(request)))) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  // On an organisation's own host only that organisation is offered (ADR 0044).
  const userData = await choicesForHost(request, await organisationsForEmail(parsed.data.email))
  if (!userData || userData.length === 0) return apiJson({ status: false, error: NO_ACCOUNT_FOR_EMAIL, userData: [] }, 404)
  return apiJson({ status: true, userData })
}

export const action = () => methodNotAllowed()
