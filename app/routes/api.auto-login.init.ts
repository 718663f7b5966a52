// POST /api/auto-login/init {_id, type: 'client'}: a single-use link that signs the platform superadmin in as the
// client's owner; platform staff get 403 (ADR 13). The link works only in the session that asked for it.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { startLoginAsClient } from '#app/models/impersonation.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import { requirePlatform } from '#app/models/auth-guards.server'

const initSchema = z.object({
  _id: z.string({ required_error: 'Client id is required' }).trim().min(1, 'Client id is required').max(64),
  type: z.literal('client', { errorMap: () => ({ message: "type must be 'client'" }) }),
})

export async function loader() {
  return methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requirePlatform(request, 'clients')
  const parsed = await parseBody(request, initSchema)
  if (!parsed.ok) return parsed.response
  const outcome = await startLoginAsClient(actor, request, parsed.data._id)
  if (!outcome.ok) return apiError(outcome.status, outcome.error)
  return apiJson({ status: true, link: outcome.link })
}
