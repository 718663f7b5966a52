// Catalog (issue 4): files, contracts, forms, coupons and their platform templates.
// Add one interface per table to ContentTables and tenant-owned table names to CONTENT_TENANT_TABLES.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'

/** One question of a form; `options` only for single and multiple choice. */
export type FormItem = {
  id: string
  type: 'short_text' | 'long_text' | 'single_choice' | 'multiple_choice' | 'date' | 'file_upload' | 'section_heading'
  text: string
  required: boolean
  options?: string[]
}
export type FormContent = { items: FormItem[] }

type Json<T extends object> = JSONColumnType<T, string, string>

export interface DownloadablesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  title: string
  file_key: string
  file_name: string
  file_size: number
  archived: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ContractTemplatesTable {
  id: Generated<number>
  public_id: string
  title: string
  content: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ContractsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  title: string
  content: string
  template_id: number | null
  archived: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FormTemplatesTable {
  id: Generated<number>
  public_id: string
  name: string
  draft_data: Json<FormContent>
  published_data: ColumnType<FormContent | null, string | null | undefined, string | null>
  published_at: Date | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FormsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  name: string
  draft_data: Json<FormContent>
  published_data: ColumnType<FormContent | null, string | null | undefined, string | null>
  published_at: Date | null
  template_id: number | null
  archived: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface HiddenTemplatesTable {
  client_id: number
  kind: 'contract' | 'form'
  template_id: number
  created_at: Timestamp
}

export interface CouponsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  coupon_code: string
  discount_type: 'percent' | 'flat'
  value: number
  max_redemptions: number
  availed_times: ColumnType<number, number | undefined, number>
  redeem_by: Date
  product_id: number | null
  created_at: Timestamp
}

export interface ContentTables {
  downloadables: DownloadablesTable
  contract_templates: ContractTemplatesTable
  contracts: ContractsTable
  form_templates: FormTemplatesTable
  forms: FormsTable
  hidden_templates: HiddenTemplatesTable
  coupons: CouponsTable
}

export type Downloadable = Selectable<DownloadablesTable>
export type Contract = Selectable<ContractsTable>
export type Form = Selectable<FormsTable>
export type Coupon = Selectable<CouponsTable>

export const CONTENT_TENANT_TABLES = ['downloadables', 'contracts', 'forms', 'hidden_templates', 'coupons'] as const
