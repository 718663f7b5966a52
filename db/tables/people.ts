// People and access (issue 3): contributor profiles; customers and staff are users + memberships (core).
import type { Generated, JSONColumnType, Selectable } from 'kysely'
import type { Timestamp } from './core'

type StringList = JSONColumnType<string[], string, string>

export interface WriterProfilesTable {
  id: Generated<number>
  client_id: number
  user_id: number
  levels: StringList
  services: StringList
  languages: StringList
  certificates: StringList
  expertise: StringList
  available_days: StringList
  scheduling_link: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PeopleTables {
  writer_profiles: WriterProfilesTable
}

export type WriterProfile = Selectable<WriterProfilesTable>

export const PEOPLE_TENANT_TABLES = ['writer_profiles'] as const
