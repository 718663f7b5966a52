// The customer portal (issue 24, ADR 0058): carts, their items and the contracts customers accepted.
import type { Generated, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

export type CartStatus = 'open' | 'paying' | 'paid'

export interface CartsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  status: Generated<CartStatus>
  coupon_id: number | null
  coupon_reserved: Bool
  customer_id: number | null
  paying_until: Date | null
  provider_payment_id: string | null
  paid_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CartItemsTable {
  client_id: number
  cart_id: number
  product_id: number
  position: number
}

export interface ContractAcceptancesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  order_id: number
  customer_id: number
  contract_title: string
  contract_html: string
  contract_sha256: string
  signed_name: string
  ip: string
  accepted_at: Date
}

export interface PortalTables {
  carts: CartsTable
  cart_items: CartItemsTable
  contract_acceptances: ContractAcceptancesTable
}

export const PORTAL_TENANT_TABLES = ['carts', 'cart_items', 'contract_acceptances'] as const

export type CartRow = Selectable<CartsTable>
export type ContractAcceptanceRow = Selectable<ContractAcceptancesTable>
