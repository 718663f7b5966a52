// Platform administration (issue 3): platform roles and other cross-tenant tables.
// Add one interface per table to PlatformTables and tenant-owned table names to PLATFORM_TENANT_TABLES.
import type { Generated, Selectable } from 'kysely'
import type { Timestamp } from './core'

export interface PlatformRolesTable {
  id: Generated<number>
  public_id: string
  name: string
  key: string
  /** Comma-separated module keys (users, roles, clients, audit-logs, ...). */
  permissions: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PlatformTables {
  platform_roles: PlatformRolesTable
}

export type PlatformRole = Selectable<PlatformRolesTable>

export const PLATFORM_TENANT_TABLES = [] as const
