// Clients (cross-tenant): each organisation with its owner, contributor and customer counts, trial state.
import { sql } from 'kysely'
import { daysLeftInTrial } from '#app/rules/account-status'
import { likePattern, type TableQuery } from '#app/rules/table-query'
import { platformDb } from '#app/services/db.server'

// The owner is the organisation's first client membership; an organisation may have several.
function ownerIdOf() {
  return sql<number>`(SELECT m.user_id FROM memberships m WHERE m.client_id = o.id AND m.role = 'client' AND m.archived = 0 ORDER BY m.id LIMIT 1)`
}

function countOf(condition: ReturnType<typeof sql>) {
  return sql<number>`(SELECT COUNT(*) FROM memberships m WHERE m.client_id = o.id AND m.archived = 0 AND ${condition})`
}

function clientsQuery() {
  return platformDb
    .selectFrom('organisations as o')
    .leftJoin('users as u', (join) => join.on('u.id', '=', ownerIdOf()))
    .select([
      'o.id',
      'o.public_id',
      'o.name',
      'o.active',
      'o.package_status',
      'o.trial_ends_at',
      'o.created_at',
      'u.id as owner_id',
      'u.public_id as owner_public_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.profile_img',
      'u.active as owner_active',
      countOf(sql`m.role = 'user' AND JSON_CONTAINS(m.permissions, '"WRITER"')`).as('writers'),
      countOf(sql`m.role = 'customer'`).as('customers'),
    ])
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof clientsQuery>['executeTakeFirstOrThrow']>>

/** The spec's Client entity; `_id` is the organisation's public id (a person may own several). */
export function toClientJson(row: ClientRow, now = new Date()) {
  const trialDaysLeft = daysLeftInTrial(row.package_status, row.trial_ends_at, now)
  return {
    _id: row.public_id,
    client_id: row.public_id,
    owner_id: row.owner_public_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    role: 'client' as const,
    companyDetails: { companyName: row.name },
    active: !!row.active && (row.owner_active === null ? false : !!row.owner_active),
    writers: Number(row.writers),
    customers: Number(row.customers),
    trialUser: row.package_status === 'trial',
    trialDaysLeft,
    client_package_status: row.package_status,
    profile_img: row.profile_img,
    createdAt: row.created_at.toISOString(),
  }
}

export type ClientJson = ReturnType<typeof toClientJson>

/** One page of /clients/view, searched by organisation, owner name or e-mail; newest first (a new row shows on the first page), paged in SQL. */
export async function pageClients(page: Pick<TableQuery, 'search' | 'start' | 'size'>): Promise<{ rows: ClientJson[]; count: number }> {
  let filter = platformDb.selectFrom('organisations as o').leftJoin('users as u', (join) => join.on('u.id', '=', ownerIdOf()))
  let query = clientsQuery()
  if (page.search) {
    const like = likePattern(page.search)
    const match = sql<boolean>`(o.name LIKE ${like} OR u.email LIKE ${like} OR CONCAT(u.first_name, ' ', u.last_name) LIKE ${like})`
    filter = filter.where(match)
    query = query.where(match)
  }
  const { count } = await filter.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(page.size).offset(page.start).execute()
  const now = new Date()
  return { rows: rows.map((r) => toClientJson(r, now)), count: Number(count) }
}

export async function listClients(): Promise<ClientJson[]> {
  const rows = await clientsQuery().orderBy('o.name').orderBy('o.id').execute()
  const now = new Date()
  return rows.map((r) => toClientJson(r, now))
}

/** The organisation and owner a "Login As Client" link signs in as; null when either is missing. */
export async function clientLoginTarget(publicId: string): Promise<{ clientId: number; ownerId: number; name: string; email: string } | null> {
  const row = await clientsQuery().where('o.public_id', '=', publicId).executeTakeFirst()
  if (!row || row.owner_id === null) return null
  return { clientId: row.id, ownerId: row.owner_id, name: row.name, email: row.email ?? '' }
}
