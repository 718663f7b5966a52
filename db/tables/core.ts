// Core tables: organisations, people, memberships, sessions, tokens, settings, audit.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
export type Bool = ColumnType<boolean, boolean | undefined, boolean>

type Id = ColumnType<number, never, never>

export interface OrganisationsTable {
  id: Generated<number>
  public_id: string
  name: string
  subdomain: string | null
  logo: string | null
  currency_type: Generated<string>
  package_status: Generated<string>
  trial_ends_at: Date | null
  payment_due_since: Date | null
  /** Billing as Stripe last told it (ADR 0031); package_status above is the spec's status derived from it. */
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  subscription_status: string | null
  current_period_end: Date | null
  cancel_at_period_end: Bool
  collection_paused: Bool
  pause_resumes_at: Date | null
  billing_synced_at: Date | null
  /** The Connect account payouts go to (ADR 0037); null until the owner starts payouts setup. */
  stripe_connect_account_id: string | null
  /** The business's details from the checkout (ADR 0035). */
  address: string | null
  city: string | null
  postal_code: string | null
  website: string | null
  country: string | null
  time_zone: string | null
  referral_code: string | null
  active: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

/** An account of one realm: `client_id` NULL is the platform, otherwise the organisation (ADR 0011). */
export interface UsersTable {
  id: Generated<number>
  client_id: number | null
  /** IFNULL(client_id, 0), generated: (realm, email) is unique. */
  realm: ColumnType<number, never, never>
  public_id: string
  email: string
  password_hash: string
  first_name: string
  last_name: string
  is_superadmin: Bool
  platform_role_id: number | null
  profile_img: string | null
  active: Bool
  password_changed_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type MembershipRole = 'client' | 'user' | 'customer'

export interface MembershipsTable {
  id: Generated<number>
  client_id: number
  user_id: number
  role: MembershipRole
  permissions: JSONColumnType<string[], string, string>
  leads_only: Bool
  active: Bool
  archived: Bool
  customer_facing_name: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrganisationSettingsTable {
  client_id: number
  settings: JSONColumnType<Record<string, boolean>, string, string>
  /** Days a delivered draft waits for the customer's answer before it is accepted for them (ADR 0062). */
  draft_auto_accept_days: Generated<number>
  updated_at: Timestamp
}

export interface SessionsTable {
  id: string
  user_id: number | null
  client_id: number | null
  data: JSONColumnType<Record<string, unknown>, string, string>
  expires_at: Date
  created_at: Timestamp
}

export type AuthTokenPurpose = 'password_reset' | 'auto_login' | 'two_factor' | 'email_change' | 'portal_sign_in' | 'portal_welcome' | 'portal_handoff'

export interface AuthTokensTable {
  id: Generated<number>
  purpose: AuthTokenPurpose
  token_hash: string
  user_id: number
  client_id: number | null
  data: JSONColumnType<Record<string, unknown>, string, string>
  attempts: Generated<number>
  expires_at: Date
  used_at: Date | null
  created_at: Timestamp
}

export interface AuditLogsTable {
  id: Generated<number>
  public_id: string
  client_id: number | null
  user_id: number | null
  actor_user_id: number | null
  user_name: string | null
  user_role: string | null
  module: string
  action: string
  status: 'success' | 'failure'
  host_ip: string | null
  message: string
  created_at: Timestamp
}

export interface FilesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  storage_key: string
  original_name: string
  mime_type: string
  size: number
  purpose: string
  uploaded_by: number | null
  created_at: Timestamp
}

export interface CoreTables {
  files: FilesTable
  organisations: OrganisationsTable
  users: UsersTable
  memberships: MembershipsTable
  organisation_settings: OrganisationSettingsTable
  sessions: SessionsTable
  auth_tokens: AuthTokensTable
  audit_logs: AuditLogsTable
}

export type Organisation = Selectable<OrganisationsTable>
export type User = Selectable<UsersTable>
export type Membership = Selectable<MembershipsTable>
export type { Id }

export const CORE_TENANT_TABLES = ['users', 'memberships', 'organisation_settings', 'audit_logs', 'files'] as const
