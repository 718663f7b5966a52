// Audit log listing for one organisation (its owner's /audit-logs), and who may read which logs.
import type { AuthUser } from './account.server'
import { type AuditVariants, filterOptions, pageOfLogs } from './audit-log-query.server'
import type { AuditQuery } from './audit-logs.schema'
import { allAuditFilterOptions, listAllAuditLogs } from './platform-audit-logs.server'
import { hasFullAccess } from '#app/rules/permissions'
import { tenantOf } from './auth-guards.server'
import { scoped, type TenantScope } from '#db/tenant'

export type { AuditLogJson } from './audit-log-query.server'

export async function listAuditLogs(t: TenantScope, q: AuditQuery & AuditVariants) {
  return pageOfLogs(scoped(t, 'audit_logs'), q, t)
}

export async function auditFilterOptions(t: TenantScope) {
  return filterOptions(scoped(t, 'audit_logs'))
}

export type AuditScope = {
  platform: boolean
  list: (q: AuditQuery & AuditVariants) => ReturnType<typeof pageOfLogs>
  options: () => ReturnType<typeof filterOptions>
}

/**
 * Who reads which logs (ADR: audit log access): superadmin and platform staff holding the
 * audit-logs module read every organisation's; a client owner with full access reads their
 * organisation's; everyone else (staff, restricted owners) none.
 */
export async function auditScopeFor(user: AuthUser): Promise<AuditScope | null> {
  if (user.clientId === null) {
    if (user.role !== 'superadmin' && !(user.roleModules ?? []).includes('audit-logs')) return null
    return { platform: true, list: listAllAuditLogs, options: allAuditFilterOptions }
  }
  if (user.role !== 'client' || !hasFullAccess(user)) return null
  const t = tenantOf({ ...user, clientId: user.clientId })
  return { platform: false, list: (q) => listAuditLogs(t, q), options: () => auditFilterOptions(t) }
}
