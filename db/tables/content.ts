// Catalog (issue 4): files, contracts, forms, coupons and their platform templates.
// Add one interface per table to ContentTables and tenant-owned table names to CONTENT_TENANT_TABLES.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContentTables {}

export const CONTENT_TENANT_TABLES = [] as const
