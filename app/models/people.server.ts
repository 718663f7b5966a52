// What customers and staff share: a person in `users` plus their membership in this organisation.
import { type Selection, type SelectQueryBuilder, sql } from 'kysely'
import { newPublicId } from '#app/services/crypto.server'
import { hashPassword } from '#app/services/password.server'
import { likePattern, type SortDir } from '#app/rules/table-query'
import { scopedAs, scopedInsert, scopedJoin, type AnyExpressionBuilder, type FilterableQuery, type OrderableQuery, type TenantScope } from '#db/tenant'
import { tenantTransaction } from '#db/transaction'
import type { MembershipRole } from '#db/types'

/** memberships AS m JOIN users AS u, both limited to this organisation. */
export function membersQuery(t: TenantScope) {
  return scopedAs(t, 'memberships', 'm').innerJoin('users as u', (join) => scopedJoin(t, 'u', join.onRef('u.id', '=', 'm.user_id')))
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

/** A member as MEMBER_COLUMNS read it from membersQuery. */
export type MemberRow = ReturnType<typeof membersQuery> extends SelectQueryBuilder<infer DB, infer TB, infer _O> ? Selection<DB, TB, (typeof MEMBER_COLUMNS)[number]> : never

export function searchMembers<Q extends FilterableQuery>(query: Q, search: string): Q {
  if (!search) return query
  const pattern = likePattern(search)
  return query.where((eb: AnyExpressionBuilder) =>
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

export function sortMembers<Q extends OrderableQuery>(query: Q, sort: string, dir: SortDir): Q {
  let q: OrderableQuery = query
  for (const column of SORT_COLUMNS[sort] ?? SORT_COLUMNS.name!) q = q.orderBy(column, dir)
  // A stable tie-break, so a page never repeats or skips a row.
  return q.orderBy('m.id', dir) as Q
}

/** Sorts that read only membership columns, so a page can be found without the accounts. */
export function isMembershipSort(sort: string): boolean {
  const columns = SORT_COLUMNS[sort]
  return !!columns && columns.every((column) => column.startsWith('m.'))
}

/** Narrows a members query (memberships AS m, maybe joined) to one list: role, archived, active... */
export type MemberFilter = <Q extends FilterableQuery>(query: Q) => Q

/**
 * One page of members whose order lives in the membership index: the page's ids are read from the
 * index alone (a deep offset skips index entries, not joined rows), then only those rows join their
 * accounts.
 */
export async function pageFromMembershipIndex(t: TenantScope, filter: MemberFilter, page: { sort: string; dir: SortDir; start: number; size: number }): Promise<MemberRow[]> {
  const index = filter(scopedAs(t, 'memberships', 'm')).select('m.id')
  const ids = await sortMembers(index, page.sort, page.dir).limit(page.size).offset(page.start).execute()
  if (ids.length === 0) return []
  const rows = await sortMembers(
    membersQuery(t)
      .select([...MEMBER_COLUMNS])
      .where(
        'm.id',
        'in',
        ids.map((r) => r.id),
      ),
    page.sort,
    page.dir,
  ).execute()
  return rows as MemberRow[]
}

export type NewMember = { email: string; firstName: string; lastName: string; password: string; role: MembershipRole; permissions: string[]; active?: boolean }
export type NewMemberOutcome = { ok: true; userId: number; publicId: string } | { ok: false; existingRole: MembershipRole | null }

/**
 * Creates this organisation's account and its membership together (ADR 0011: an account belongs to
 * one realm). An account of the same address in another organisation or on the platform is never
 * looked at; one already in this organisation is reported with its role.
 */
export async function createMember(t: TenantScope, input: NewMember): Promise<NewMemberOutcome> {
  const existing = await membersQuery(t).select(['m.role']).where('u.email', '=', input.email).executeTakeFirst()
  if (existing) return { ok: false, existingRole: existing.role }
  const passwordHash = await hashPassword(input.password)
  const publicId = newPublicId()
  try {
    return await tenantTransaction(t, async (tx) => {
      const account = await scopedInsert(tx, 'users', {
        public_id: publicId,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
      }).executeTakeFirstOrThrow()
      const userId = Number(account.insertId)
      await scopedInsert(tx, 'memberships', {
        user_id: userId,
        role: input.role,
        permissions: JSON.stringify(input.permissions),
        ...(input.active !== undefined ? { active: input.active } : {}),
      }).execute()
      return { ok: true as const, userId, publicId }
    })
  } catch (error) {
    // Two creates of one address racing in this organisation: the unique (realm, email) index decides.
    if (isDuplicateKey(error)) return { ok: false, existingRole: null }
    throw error
  }
}

/** 'activated', 'archived', 'deactivated and archived'...: the audit wording of a status change. */
export function describeStatusChange(change: { active?: boolean; archived?: boolean }): string {
  const parts: string[] = []
  if (change.active !== undefined) parts.push(change.active ? 'activated' : 'deactivated')
  if (change.archived !== undefined) parts.push(change.archived ? 'archived' : 'unarchived')
  return parts.join(' and ')
}

export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ER_DUP_ENTRY'
}
