// Catalog (issue 4): workflows (services) with their modules and reminders, products and cart settings.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

export type StoredReminder = { id: string; num: number; numberOfDays: number; email: { subject: string; body: string } }
export type StoredModule = { id: string; title: string; reminders: StoredReminder[] }

export interface WorkflowsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  name: string
  /** resume | cover | linkedin | custom */
  service_type: string
  /** The ordered Workflow column; reminders live with their module (one JSON document per workflow). */
  modules: JSONColumnType<StoredModule[], string, string>
  archived: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProductsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  name: string
  price_cents: number
  /** What the shop shows under the name (plain text; issue 24). */
  description: string | null
  /** contracts.id of the same organisation (content domain); checked by the model, see the migration. */
  contract_id: number | null
  purchasable: Bool
  active: Bool
  archived: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProductWorkflowsTable {
  client_id: number
  product_id: number
  workflow_id: number
  position: number
}

export interface ProductDownloadablesTable {
  client_id: number
  product_id: number
  /** downloadables.id of the same organisation (content domain). */
  downloadable_id: number
  position: number
}

/** The add-to-cart redirect of the customer portal (website customization's cartSettings). */
export interface CartSettingsTable {
  client_id: number
  redirect_to: string
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface WorkflowTables {
  workflows: WorkflowsTable
  products: ProductsTable
  product_workflows: ProductWorkflowsTable
  product_downloadables: ProductDownloadablesTable
  cart_settings: CartSettingsTable
}

export type Workflow = Selectable<WorkflowsTable>
export type Product = Selectable<ProductsTable>

export const WORKFLOW_TENANT_TABLES = ['workflows', 'products', 'product_workflows', 'product_downloadables', 'cart_settings'] as const
