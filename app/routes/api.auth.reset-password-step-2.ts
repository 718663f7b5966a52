// POST /api/auth/reset-password-step-2 {code, password}: sets the new password and ends every session.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { newPasswordField } from '#app/models/login.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson, clientIp } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'
import { resetPassword } from '#app/models/password-reset.server'

const schema = z.object({
  code: z.string({ required_error: 'Code is required' }).min(1, 'Code is required'),
  password: newPasswordField,
})

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = await parseBody(request, schema)
  if (!parsed.ok) return parsed.response
  const result = await resetPassword(parsed.data.code, parsed.data.password, { ip: clientIp(request), hostClientId: hostClientId(request) })
  if (!result.ok) return apiJson({ status: false, error: result.message }, 400)
  return apiJson({ status: true, message: 'Password updated successfully' })
}
