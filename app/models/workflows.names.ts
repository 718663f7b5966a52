// Workflow and product lists: the names the browser needs, without zod (issue 27, ADR 0077); workflows.schema.ts re-exports them.
export const PAGE_SIZE_OPTIONS = [50, 100, 200] as const
/** The spec's message when the workflow list cannot be loaded (section 'Messages'), lower case as written. */
export const WORKFLOW_LIST_FAILED = 'something went wrong'
