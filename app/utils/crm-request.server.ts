// The guard of every CRM page and JSON call: the CRM permission, then the organisation's CRM must be
// available ('CRM is not active! ...', ADR 0049). Returns the tenant and the CRM status it checked.
import { CRM_NOT_ACTIVE } from '#app/models/crm.schema'
import { crmStatus, type CrmStatus } from '#app/models/crm.server'
import type { AuthUser } from '#app/models/account.server'
import { crmSidebar } from '#app/rules/crm'
import { requirePermission, tenantOf, type Tenant } from '#app/services/auth.server'
import { crmService } from '#app/services/crm.server'
import { apiJson, forbidden, isApiRequest } from './http.server'

export const CRM_GUARD = { all: ['CRM'] }

export async function requireCrm(request: Request): Promise<{ t: Tenant; status: CrmStatus }> {
  const t = await requirePermission(request, CRM_GUARD)
  const status = await crmStatus(t)
  if (!status.crmAvailable) {
    if (isApiRequest(request)) throw apiJson({ status: false, error: CRM_NOT_ACTIVE, crmAvailable: false }, 403)
    throw forbidden(CRM_NOT_ACTIVE)
  }
  return { t, status }
}

/** The CRM's refusal as the JSON API returns it: `message`, plus `crmErrors` when the CRM named fields. */
export function crmErrorJson(error: { status: number; message: string; crmErrors: Record<string, string> | null }) {
  return apiJson({ status: false, error: error.crmErrors ?? error.message, message: error.message, ...(error.crmErrors ? { crmErrors: error.crmErrors } : {}) }, error.status)
}

/** The shell's sidebar with the CRM section shown only when CRM is available (one look, only for those who would see it). */
export async function crmSidebarFor<T extends { label: string; path?: string; external?: boolean; children?: T[] }>(user: AuthUser, items: T[]): Promise<T[]> {
  if (!items.some((i) => i.label === 'menu.crm')) return items
  const available = user.clientId === null ? false : (await crmStatus(tenantOf(user as AuthUser & { clientId: number }))).crmAvailable
  return crmSidebar(items as never[], { available, externalUrl: crmService()?.appUrl ?? null }) as T[]
}
