// What customers and staff share: a person in `users` plus their membership in this organisation.
import { type Kysely, sql, type Transaction } from 'kysely'
import { newPublicId } from '#app/services/crypto.server'
import { hashPassword } from '#app/services/password.server'
import { likePattern, type SortDir } from '#app/rules/table-query'
import { scopedAs, type TenantScope } from '#db/tenant'
import type { Database, MembershipRole } from '#db/types'

/** memberships AS m JOIN users AS u, limited to this organisation. */
export function membersQuery(t: TenantScope) {
  return scopedAs(t, 'memberships', 'm').innerJoin('users as u', 'u.id', 'm.user_id')
}

export const MEMBER_COLUMNS = [
  'm.id as membershipId',
  'm.user_id as userId',
  'm.role as role',
  'm.permissions as permissions',
  'm.active as active',
  'm.archived as archived',
  'm.customer_facing_name as customerFacingName',
  'm.created_at as createdAt',
  'u.public_id as publicId',
  'u.first_name as firstName',
  'u.last_name as lastName',
  'u.email as email',
  'u.profile_img as profileImg',
  'u.active as userActive',
] as const

export type MemberRow = {
  membershipId: number
  userId: number
  role: MembershipRole
  permissions: string[]
  active: boolean
  archived: boolean
  customerFacingName: string | null
  createdAt: Date
  publicId: string
  firstName: string
  lastName: string
  email: string
  profileImg: string | null
  userActive: boolean
}

export function searchMembers<Q extends { where: any }>(query: Q, search: string): Q {
  if (!search) return query
  const pattern = likePattern(search)
  return query.where((eb: any) =>
    eb.or([
      eb('u.email', 'like', pattern),
      eb('u.first_name', 'like', pattern),
      eb('u.last_name', 'like', pattern),
      eb(sql`CONCAT(u.first_name, ' ', u.last_name)`, 'like', pattern),
    ]),
  ) as Q
}

const SORT_COLUMNS: Record<string, string[]> = {
  name: ['u.first_name', 'u.last_name'],
  email: ['u.email'],
  createdAt: ['m.created_at'],
  active: ['m.active'],
  role: ['m.role'],
}

export function sortMembers<Q extends { orderBy: any }>(query: Q, sort: string, dir: SortDir): Q {
  let q: any = query
  for (const column of SORT_COLUMNS[sort] ?? SORT_COLUMNS.name!) q = q.orderBy(column, dir)
  // A stable tie-break, so a page never repeats or skips a row.
  return q.orderBy('m.id', dir) as Q
}

export type PersonOutcome = { userId: number; publicId: string; reused: boolean }

/**
 * The person behind an e-mail: an existing `users` row is reused untouched (ADR 0001: one person,
 * one password), otherwise a new one is created with the given password.
 */
export async function findOrCreatePerson(
  db: Kysely<Database> | Transaction<Database>,
  input: { email: string; firstName: string; lastName: string; password: string },
): Promise<PersonOutcome> {
  const existing = await db.selectFrom('users').select(['id', 'public_id']).where('email', '=', input.email).executeTakeFirst()
  if (existing) return { userId: existing.id, publicId: existing.public_id, reused: true }
  const publicId = newPublicId()
  // INSERT IGNORE: a concurrent create of the same e-mail makes this a no-op, and the re-read finds theirs.
  const result = await db
    .insertInto('users')
    .ignore()
    .values({
      public_id: publicId,
      email: input.email,
      password_hash: await hashPassword(input.password),
      first_name: input.firstName,
      last_name: input.lastName,
    })
    .executeTakeFirst()
  const row = await db.selectFrom('users').select(['id', 'public_id']).where('email', '=', input.email).executeTakeFirstOrThrow()
  return { userId: row.id, publicId: row.public_id, reused: Number(result.numInsertedOrUpdatedRows ?? 0) === 0 }
}

/** Signs a person out of this organisation only; their sessions elsewhere stay. */
export async function revokeMembershipSessions(t: TenantScope, userId: number): Promise<void> {
  await t.db.deleteFrom('sessions').where('user_id', '=', userId).where('client_id', '=', t.clientId).execute()
}

export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ER_DUP_ENTRY'
}

