// Leads (ADR 0050): one row per organisation and e-mail, with a history of notes.
import type { Generated, Selectable } from 'kysely'
import type { Timestamp } from './core'

export type LeadSource = 'crm' | 'checkout' | 'cart' | 'manual'
export type LeadStatus = 'new' | 'contacted' | 'won' | 'lost'
export type LeadNoteKind = 'note' | 'status' | 'capture' | 'convert'

export interface LeadsTable {
  id: Generated<number>
  public_id: string
  client_id: number
  email: string
  first_name: string | null
  last_name: string | null
  phone: string | null
  source: LeadSource
  status: Generated<LeadStatus>
  external_id: string | null
  customer_user_id: number | null
  converted_at: Date | null
  last_captured_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface LeadNotesTable {
  id: Generated<number>
  client_id: number
  lead_id: number
  kind: LeadNoteKind
  body: string
  author_user_id: number | null
  author_name: string | null
  created_at: Timestamp
}

export interface LeadTables {
  leads: LeadsTable
  lead_notes: LeadNotesTable
}

export const LEAD_TENANT_TABLES = ['leads', 'lead_notes'] as const

export type LeadRow = Selectable<LeadsTable>
export type LeadNoteRow = Selectable<LeadNotesTable>
