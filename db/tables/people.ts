// People and access (issue 3): customer and writer profiles, platform roles.
// Add one interface per table to PeopleTables and tenant-owned table names to PEOPLE_TENANT_TABLES.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PeopleTables {}

export const PEOPLE_TENANT_TABLES = [] as const
