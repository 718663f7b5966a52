// Demo data for the platform domain (filled in by its issue).
import type { Kysely } from 'kysely'
import type { Database } from '../types'
import type { OrgIds } from './core'

export async function seedPlatform(_db: Kysely<Database>, _orgIds: OrgIds): Promise<void> {}
