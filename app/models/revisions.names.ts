// Revisions approval: the names the browser needs, without zod (issue 27, ADR 0077); revisions.schema.ts re-exports them.
export const REVISIONS_PAGE_SIZES = [100, 150, 200] as const
export const REVISION_APPROVED = 'Revision Approved Successfully!'
