// Audit logs: the names the browser needs, without zod (issue 27, ADR 0077); audit-logs.schema.ts re-exports them.
export const AUDIT_PAGE_SIZES = [100, 150, 200] as const
