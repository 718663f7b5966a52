// Shared by the brief's portal calls (issue 25, ADR 0061): the host's organisation and the signed-in customer,
// and a JSON body read strictly (malformed JSON is a 400 that says so, not an empty object).
import type { ZodTypeAny, z } from 'zod'
import type { BriefCustomer } from '#app/models/brief.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { zodErrors } from '#app/services/api-request.server'
import { apiError, apiJson } from '#app/services/http.server'
import type { TenantScope } from '#db/tenant'

export async function briefCaller(request: Request): Promise<{ t: TenantScope; who: BriefCustomer }> {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  return { t, who: { id: customer.id, firstName: customer.firstName, lastName: customer.lastName, impersonatorUserId: customer.impersonatorUserId } }
}

export async function jsonBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    return { ok: false, response: apiError(415, 'Please send a JSON body (Content-Type: application/json)') }
  let body: unknown
  try {
    body = JSON.parse(await request.text())
  } catch {
    return { ok: false, response: apiError(400, 'The body is not valid JSON') }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, response: apiError(400, 'The body must be a JSON object') }
  const result = schema.safeParse(body)
  if (result.success) return { ok: true, data: result.data }
  const errors = zodErrors(result.error)
  return { ok: false, response: apiJson({ status: false, error: Object.values(errors)[0], errors }, 400) }
}

/** A refusal of the model as the call's answer (with field errors when there are some). */
export function refusal(r: { status: number; error: string; errors?: Record<string, string> }) {
  return apiJson({ status: false, error: r.error, ...(r.errors ? { errors: r.errors } : {}) }, r.status)
}
