// Platform-wide audit logs (superadmin, and platform staff holding the audit-logs module): every organisation.
import { type AuditVariants, filterOptions, pageOfLogs } from './audit-log-query.server'
import type { AuditQuery } from './audit-logs.schema'
import { platformDb } from '#app/services/db.server'

export async function listAllAuditLogs(q: AuditQuery & AuditVariants) {
  return pageOfLogs(platformDb.selectFrom('audit_logs'), q)
}

export async function allAuditFilterOptions() {
  return filterOptions(platformDb.selectFrom('audit_logs'))
}
