// Demo data for the people domain (filled in by its issue).
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { OrgIds } from './core'

export async function seedPeople(_db: Kysely<Database>, _orgIds: OrgIds): Promise<void> {}
