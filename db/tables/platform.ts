// Platform administration (issue 3): platform roles and other cross-tenant tables.
// Add one interface per table to PlatformTables and tenant-owned table names to PLATFORM_TENANT_TABLES.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlatformTables {}

export const PLATFORM_TENANT_TABLES = [] as const
