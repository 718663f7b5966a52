// Platform administration (issue 3): platform roles and other cross-tenant tables.
// Add one interface per table to PlatformTables and tenant-owned table names to PLATFORM_TENANT_TABLES.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
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

/** The CRM flags of a plan (crmUserPermissions), each named with the Enabled suffix. */
export type CrmUserPermissions = Record<string, boolean>

/** Subscription plans organisations buy (the spec's Client package); prices in cents (ADR 0032). */
export interface ClientPackagesTable {
  id: Generated<number>
  public_id: string
  package_name: string
  max_users: number
  price_cents: number
  currency: ColumnType<string, string | undefined, string>
  stripe_price_id: string
  stripe_product_id: string | null
  trial_package: ColumnType<boolean, boolean | undefined, boolean>
  trial_days: number | null
  one_time_pay: ColumnType<boolean, boolean | undefined, boolean>
  leads_package: ColumnType<boolean, boolean | undefined, boolean>
  users_upgrade_package: ColumnType<boolean, boolean | undefined, boolean>
  recurring_interval: ColumnType<'month' | 'year', 'month' | 'year' | undefined, 'month' | 'year'>
  description: string | null
  is_visible: ColumnType<boolean, boolean | undefined, boolean>
  active: ColumnType<boolean, boolean | undefined, boolean>
  crm_user_permissions: JSONColumnType<CrmUserPermissions, string, string>
  max_crm_users: number
  created_at: Timestamp
  updated_at: Timestamp
}

/** Platform promotion codes, mirrored to a Stripe coupon and promotion code. */
export interface PromotionsTable {
  id: Generated<number>
  public_id: string
  coupon_code: string
  discount_type: 'percent' | 'flat'
  /** DECIMAL: mysql2 returns a string. */
  value: ColumnType<string | number, number, number>
  max_redemptions: number
  availed_times: ColumnType<number, number | undefined, number>
  duration: 'once' | 'forever' | 'repeating'
  duration_in_months: number | null
  redeem_by: Date
  stripe_coupon_id: string
  stripe_promotion_code_id: string
  created_at: Timestamp
}

/** The purchase that holds each counted redemption of a promotion (ADR 0100): a retry of it counts none again. */
export interface PromotionRedemptionsTable {
  promotion_id: number
  ref: string
  created_at: Timestamp
}

export interface PlatformTables {
  platform_roles: PlatformRolesTable
  client_packages: ClientPackagesTable
  promotions: PromotionsTable
  promotion_redemptions: PromotionRedemptionsTable
}

export type PlatformRole = Selectable<PlatformRolesTable>
export type ClientPackage = Selectable<ClientPackagesTable>
export type Promotion = Selectable<PromotionsTable>

export const PLATFORM_TENANT_TABLES = [] as const
