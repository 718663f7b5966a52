// GET /api/client/website/settings/draft-auto-accept: days a delivered draft waits for the customer before it is
// accepted for them (ADR 0062); POST {days} (UPDATE_FEATURES): 1 to 60. The features page saves the same way.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requirePermission } from '#app/models/auth-guards.server'
import { auditAction } from '#app/models/audit.server'
import { AUTO_ACCEPT_DAYS_INVALID, autoAcceptDays, saveAutoAcceptDays } from '#app/models/customer-drafts.server'
import { methodNotAllowed, parseBody } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

const bodySchema = z.object({
  days: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ invalid_type_error: AUTO_ACCEPT_DAYS_INVALID, required_error: AUTO_ACCEPT_DAYS_INVALID })
      .int(AUTO_ACCEPT_DAYS_INVALID)
      .min(1, AUTO_ACCEPT_DAYS_INVALID)
      .max(60, AUTO_ACCEPT_DAYS_INVALID),
  ),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request)
  return apiJson({ status: true, draftAutoAcceptDays: await autoAcceptDays(t) })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const t = await requirePermission(request, { all: ['UPDATE_FEATURES'] })
  const body = await parseBody(request, bodySchema)
  if (!body.ok) return body.response
  const saved = await saveAutoAcceptDays(t, body.data.days)
  if (!saved.ok) return apiJson({ status: false, error: saved.error }, saved.status)
  await auditAction(t, request, { module: 'website_settings', action: 'draft_auto_accept', message: `Drafts are accepted automatically after ${saved.days} days` })
  return apiJson({ status: true, message: 'Saved Successfully!', draftAutoAcceptDays: saved.days })
}
