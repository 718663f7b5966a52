// The guard of every CRM page and JSON call: the CRM permission, then the organisation's CRM must be
// available ('CRM is not active! ...', ADR 0049). Returns the tenant and the CRM status it checked.
import { impersonatorOf } from '#app/models/audit.server'
import { CRM_NOT_ACTIVE, CRM_OWN_SESSION } from '#app/models/crm.schema'
import { crmAvailability, crmAvailabilityFrom, type CrmAvailability, type CrmPlanAndLocation } from '#app/models/crm.server'
import type { AuthUser } from '#app/models/account.server'
import { crmSidebar } from '#app/rules/crm'
import { requirePermission, type Tenant, tenantOf } from '#app/models/auth-guards.server'
import { crmService } from '#app/services/crm.server'
import { apiJson, forbidden, isApiRequest } from '#app/services/http.server'

export const CRM_GUARD = { all: ['CRM'] }

export async function requireCrm(request: Request): Promise<{ t: Tenant; status: CrmAvailability }> {
  const t = await requirePermission(request, CRM_GUARD)
  const status = await crmAvailability(t)
  if (!status.crmAvailable) {
    if (isApiRequest(request)) throw apiJson({ status: false, error: CRM_NOT_ACTIVE, crmAvailable: false }, 403)
    throw forbidden(CRM_NOT_ACTIVE)
  }
  return { t, status }
}

/**
 * The refusal of a CRM change (users, passwords, the messaging credentials) in a log-in-as session, or
 * null in the account's own session (ADR 0053). Pages show it in their form; JSON calls use requireCrmChange.
 */
export async function crmChangeRefusal(request: Request): Promise<string | null> {
  return (await impersonatorOf(request)) ? CRM_OWN_SESSION : null
}

/** requireCrm for the JSON calls that change CRM users or credentials: a log-in-as session gets 403. */
export async function requireCrmChange(request: Request): Promise<{ t: Tenant; status: CrmAvailability }> {
  const crm = await requireCrm(request)
  const refusal = await crmChangeRefusal(request)
  if (refusal) throw apiJson({ status: false, error: refusal }, 403)
  return crm
}

/** The CRM's refusal as the JSON API returns it: `message`, plus `crmErrors` when the CRM named fields. */
export function crmErrorJson(error: { status: number; message: string; crmErrors: Record<string, string> | null }) {
  return apiJson({ status: false, error: error.crmErrors ?? error.message, message: error.message, ...(error.crmErrors ? { crmErrors: error.crmErrors } : {}) }, error.status)
}

/**
 * The shell's sidebar with the CRM section shown only when CRM is available; `read` is the plan and
 * location the shell already read. Only those who would see the section look (and start provisioning).
 */
export async function crmSidebarFor<T extends { label: string; path?: string; external?: boolean; children?: T[] }>(
  user: AuthUser,
  items: T[],
  read: CrmPlanAndLocation | null,
): Promise<T[]> {
  if (!items.some((i) => i.label === 'menu.crm')) return items
  const available = user.clientId === null || !read ? false : (await crmAvailabilityFrom(tenantOf(user as AuthUser & { clientId: number }), read)).crmAvailable
  return crmSidebar(items as never[], { available, externalUrl: crmService()?.appUrl ?? null }) as T[]
}
