// The customer's answer to a draft (issue 25, ADR 0062): accepted, or a revision requested with its reason and files.
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { Bool, Timestamp } from './core'
import type { DraftFile } from './orders'

export type DraftResponseKind = 'accepted' | 'revision'

export interface DraftResponsesTable {
  id: Generated<number>
  public_id: string
  client_id: number
  order_id: number
  draft_id: number
  /** The customer who answered; null when the auto-accept job accepted. */
  customer_id: number | null
  kind: DraftResponseKind
  notes: string | null
  files: ColumnType<DraftFile[] | null, string | null | undefined, string | null>
  automatic: Bool
  created_at: Timestamp
}

export interface DraftResponseTables {
  draft_responses: DraftResponsesTable
}

export type DraftResponse = Selectable<DraftResponsesTable>

export const DRAFT_RESPONSE_TENANT_TABLES = ['draft_responses'] as const
