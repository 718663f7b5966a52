// The guards of the leads page and its JSON routes (ADR 0050), and the organisation a public capture
// call belongs to: the one its Host resolved to, never a client id from the body or a forwarded header.
import { canConvertLeads, canReadLeads, canWorkLeads } from '#app/rules/leads'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { tenantDb } from '#app/services/db.server'
import type { TenantScope } from '#db/tenant'
import { apiError, FORBIDDEN_MESSAGE, forbidden, isApiRequest } from '#app/services/http.server'
import { hostClientId } from '#app/services/request-host.server'

function deny(request: Request): never {
  throw isApiRequest(request) ? apiError(403, FORBIDDEN_MESSAGE) : forbidden()
}

export type LeadsAccess = 'read' | 'work' | 'convert'

/** Session, organisation and the leads rule of app/rules/leads.ts (which lets leads-only users in). */
export async function requireLeads(request: Request, access: LeadsAccess = 'read'): Promise<Tenant> {
  const t = await requirePermission(request)
  const ok = access === 'read' ? canReadLeads(t.user) : access === 'work' ? canWorkLeads(t.user) : canConvertLeads(t.user)
  if (!ok) deny(request)
  return t
}

/**
 * The organisation whose portal host (subdomain or verified custom domain) the request came to, as
 * server/tenant-host.ts resolved it from the Host header; null on the platform host or any other.
 * Like tenantForJob(), a scope without a user: the capture route writes leads and nothing else.
 */
export function tenantForHost(request: Request): TenantScope | null {
  const clientId = hostClientId(request)
  return clientId === null ? null : { db: tenantDb(clientId), clientId }
}
