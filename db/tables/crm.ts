// CRM (issue 13, ADR 0049): the organisation's external CRM location, CRM users and messaging account.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Timestamp } from './core'

type Bool = ColumnType<boolean, boolean | undefined, boolean>

export interface CrmLocationsTable {
  client_id: number
  status: ColumnType<'pending' | 'ready', 'pending' | 'ready' | undefined, 'pending' | 'ready'>
  external_id: string | null
  last_error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** A user of the external CRM (the spec's CRM user): never a login account of this portal. */
export interface CrmUsersTable {
  id: Generated<number>
  public_id: string
  client_id: number
  type: ColumnType<'admin' | 'user', 'admin' | 'user' | undefined, 'admin' | 'user'>
  admin_slot: number | null
  first_name: string
  last_name: string
  email: string
  permissions: JSONColumnType<Record<string, boolean>, string, string>
  pending_password: string | null
  added_to_crm: Bool
  external_id: string | null
  sync_error: string | null
  version: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CrmIntegrationsTable {
  client_id: number
  integration: string
  account_sid: string
  auth_token_encrypted: string
  auth_token_last4: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CrmTables {
  crm_locations: CrmLocationsTable
  crm_users: CrmUsersTable
  crm_integrations: CrmIntegrationsTable
}

export const CRM_TENANT_TABLES = ['crm_locations', 'crm_users', 'crm_integrations'] as const

export type CrmUserRow = Selectable<CrmUsersTable>
export type CrmLocationRow = Selectable<CrmLocationsTable>
