// POST /api/auth/reset-password {email}: 200 means sent (the same answer whether or not the account exists).
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { emailField, RESET_LINK_SENT } from '#app/models/login.schema'
import { requestPasswordReset } from '#app/models/password-reset.server'
import { TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'

// The spec's payload also names a password; it is not used at this step.
const schema = z.object({ email: emailField, password: z.string().optional() })

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, schema)
  if (!parsed.ok) return parsed.response
  const result = await requestPasswordReset(parsed.data.email, { ip: clientIp(request), hostClientId: hostClientId(request) })
  if (!result.ok) return apiJson({ status: false, error: TOO_MANY_ATTEMPTS }, 429)
  return apiJson({ status: true, message: RESET_LINK_SENT })
}
