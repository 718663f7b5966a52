// Catalog (issue 4): workflows, modules, reminders, products, cart settings.
// Add one interface per table to WorkflowTables and tenant-owned table names to WORKFLOW_TENANT_TABLES.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkflowTables {}

export const WORKFLOW_TENANT_TABLES = [] as const
