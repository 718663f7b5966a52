// Whether a subdomain can still be given to an organisation: the rule, the organisations table and the names
// released in the last 30 days (held for the organisation that gave them up, ADR 0081), under one lock.
import type { Kysely } from 'kysely'
import { checkSubdomain, SUBDOMAIN_TAKEN, type SubdomainCheck } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'
import { holdingNamedLock } from '#app/services/named-lock.server'
import type { Database } from '#db/types'

/** The handle a check runs on: the pool, or the one connection that holds the subdomain lock. */
type Db = Kysely<Database>

/** How long a released subdomain stays held for the organisation that released it. */
export const SUBDOMAIN_HOLD_MS = 30 * 24 * 60 * 60 * 1000

// Prefixed with the database's name in the query: named locks are server-wide.
const SUBDOMAIN_LOCK = ':draftdesk:subdomains'

/**
 * The rule's answer, or 'already taken' when an organisation holds the name in any letter case (the
 * column's collation is case-insensitive and names are stored lowercase), or another organisation released
 * it less than 30 days ago (`forClientId` may take back its own). The checkout must still rely on the unique
 * key when it creates the organisation: two buyers may check the same free name.
 */
export async function subdomainAvailability(value: unknown, forClientId: number | null = null, db: Db = platformDb): Promise<SubdomainCheck> {
  const check = checkSubdomain(value)
  if (!check.ok) return check
  const holder = await db.selectFrom('organisations').select('id').where('subdomain', '=', check.subdomain).executeTakeFirst()
  const hold = await heldFor(db, check.subdomain)
  if (holder && holder.id !== forClientId) return { ok: false, error: SUBDOMAIN_TAKEN }
  if (hold !== null && hold !== forClientId) return { ok: false, error: SUBDOMAIN_TAKEN }
  return check
}

/** The organisation a released name is held for, or null when it is not held (never held, or its 30 days are over). */
async function heldFor(db: Db, subdomain: string): Promise<number | null> {
  const row = await db.selectFrom('subdomain_holds').select('released_by').where('subdomain', '=', subdomain.toLowerCase()).where('held_until', '>', new Date()).executeTakeFirst()
  return row ? Number(row.released_by) : null
}

/**
 * Records that `clientId` released `subdomain` (a rename): held for it for 30 days. Taking a name back
 * (`taken`) ends its hold. Runs inside holdingSubdomains, with the rename's write.
 */
export async function recordRename(db: Db, clientId: number, released: string | null, taken: string): Promise<void> {
  const heldUntil = new Date(Date.now() + SUBDOMAIN_HOLD_MS)
  await db.deleteFrom('subdomain_holds').where('subdomain', '=', taken.toLowerCase()).execute()
  if (!released || released.toLowerCase() === taken.toLowerCase()) return
  await db
    .insertInto('subdomain_holds')
    .values({ subdomain: released.toLowerCase(), released_by: clientId, held_until: heldUntil })
    .onDuplicateKeyUpdate({ released_by: clientId, held_until: heldUntil })
    .execute()
}

/**
 * Runs `work` (an availability check and the write that takes a name) under the platform's subdomain lock, a
 * MariaDB named lock: a name released by a rename and taken by another organisation's checkout or rename at the
 * same moment cannot both pass (the check would read no hold yet, and the unique key no longer holds the old
 * name). Renames and checkouts are rare, so one lock for every name costs nothing worth a finer one. The work
 * runs on the lock's own connection (holdingNamedLock, ADR 0100).
 */
export function holdingSubdomains<T>(work: (db: Db) => Promise<T>): Promise<T> {
  return holdingNamedLock(SUBDOMAIN_LOCK, work)
}
