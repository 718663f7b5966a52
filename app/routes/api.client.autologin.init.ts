// POST /api/client/autologin/init {_id, type customer | writer | reviewer}: a single-use log-in-as link ({status, link}).
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { LOGIN_AS_GUARD, LOGIN_AS_TYPES, startLoginAs } from '#app/models/impersonation.server'
import { publicId } from '#app/models/people-fields.schema'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

const schema = z.object({ _id: publicId, type: z.enum(LOGIN_AS_TYPES, { errorMap: () => ({ message: 'type must be customer, writer or reviewer' }) }) })

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  await requirePermission(request, { any: ['LOGIN_AS_CUSTOMER', 'LOGIN_AS_WRITER'] })
  const body = await parseBody(request, schema)
  if (!body.ok) return body.response
  const t = await requirePermission(request, LOGIN_AS_GUARD[body.data.type])
  const outcome = await startLoginAs(t, request, { id: body.data._id, type: body.data.type })
  if (!outcome.ok) return apiError(outcome.status, outcome.error)
  return apiJson({ status: true, link: outcome.link })
}

export const loader = () => methodNotAllowed()
