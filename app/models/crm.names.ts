// CRM users: the names the browser needs, without zod (issue 27, ADR 0077); crm.schema.ts re-exports them.
export const CRM_USER_DELETED = 'Deleted!'
export const CRM_USERS_PAGE_SIZES = [100, 150, 200] as const
