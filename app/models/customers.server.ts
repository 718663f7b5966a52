// Customers of an organisation: a person (`users`) with a membership of role 'customer'.
import type { Tenant } from './auth-guards.server'
import { queueWelcomeEmail } from './customer-links.server'
import type { SortDir } from '#app/rules/table-query'
import { revokeUserSessions } from '#app/services/session.server'
import { scopedAs, scopedUpdate, type AnyExpressionBuilder } from '#db/tenant'
import { CUSTOMER_EXISTS, type CustomerCreateInput, type CustomerSort, type CustomerStatusInput, MEMBER_EXISTS } from './customers.schema'
import { audited } from './audit.server'
import {
  createMember,
  describeStatusChange,
  isMembershipSort,
  MEMBER_COLUMNS,
  type MemberFilter,
  type MemberRow,
  membersQuery,
  pageFromMembershipIndex,
  searchMembers,
  sortMembers,
} from './people.server'

export type CustomerJson = ReturnType<typeof toCustomerJson>

export function toCustomerJson(row: MemberRow) {
  return {
    _id: row.publicId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: 'customer' as const,
    archived: row.archived,
    active: row.active,
    profile_img: row.profileImg,
    createdAt: row.createdAt.toISOString(),
  }
}

function customersQuery(t: Tenant) {
  return membersQuery(t).where('m.role', '=', 'customer')
}

export type CustomerListQuery = {
  archived?: boolean
  active?: boolean
  search?: string
  sort?: CustomerSort
  dir?: SortDir
  start?: number
  size?: number
}

/** Archived customers are a separate view: the default list and the pickers leave them out. */
export async function listCustomers(t: Tenant, q: CustomerListQuery): Promise<{ rows: MemberRow[]; count: number }> {
  const filter: MemberFilter = (query) => {
    let filtered = query.where('m.role', '=', 'customer').where('m.archived', '=', !!q.archived)
    if (q.active !== undefined) filtered = filtered.where('m.active', '=', q.active)
    return filtered
  }
  const sort = q.sort ?? 'createdAt'
  const dir = q.dir ?? 'desc'
  const base = searchMembers(filter(membersQuery(t)), q.search ?? '')
  // Without a search the count needs no join: it is answered from the membership index alone.
  const counted = q.search ? base : filter(scopedAs(t, 'memberships', 'm'))
  const [rows, total] = await Promise.all([
    q.search || !isMembershipSort(sort)
      ? sortMembers(base.select([...MEMBER_COLUMNS]), sort, dir)
          .limit(q.size ?? 5000)
          .offset(q.start ?? 0)
          .execute()
      : pageFromMembershipIndex(t, filter, { sort, dir, start: q.start ?? 0, size: q.size ?? 5000 }),
    counted.select((eb: AnyExpressionBuilder) => eb.fn.countAll().as('n')).executeTakeFirst() as Promise<{ n: number } | undefined>,
  ])
  return { rows: rows as MemberRow[], count: Number(total?.n ?? 0) }
}

export async function findCustomer(t: Tenant, publicId: string): Promise<MemberRow | undefined> {
  return (await customersQuery(t)
    .select([...MEMBER_COLUMNS])
    .where('u.public_id', '=', publicId)
    .executeTakeFirst()) as MemberRow | undefined
}

export type CreateCustomerOutcome = { ok: true; customer: MemberRow } | { ok: false; error: string }

export async function createCustomer(t: Tenant, input: CustomerCreateInput): Promise<CreateCustomerOutcome> {
  const created = await createMember(t, { ...input, role: 'customer', permissions: [] })
  if (!created.ok) return { ok: false, error: created.existingRole === null || created.existingRole === 'customer' ? CUSTOMER_EXISTS : MEMBER_EXISTS }
  const customer = (await findCustomer(t, created.publicId))!
  // The welcome e-mail carries a link to choose a password, never the one typed here (ADR 0059).
  if (input.welcomeEmail) await queueWelcomeEmail(t.clientId, customer, t.user.organisationName ?? 'our team')
  return { ok: true, customer }
}

/** Active and archived toggles; turning either off for access ends the customer's sessions in this organisation. */
export async function setCustomerStatus(t: Tenant, publicId: string, change: CustomerStatusInput): Promise<MemberRow | undefined> {
  const customer = await findCustomer(t, publicId)
  if (!customer) return undefined
  await scopedUpdate(t, 'memberships')
    .set({
      ...(change.active !== undefined ? { active: change.active } : {}),
      ...(change.archived !== undefined ? { archived: change.archived } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', customer.membershipId)
    .execute()
  if (change.active === false || change.archived === true) await revokeUserSessions(customer.userId)
  return findCustomer(t, publicId)
}

/** The customer changes as the pages and JSON routes call them: each writes its audit row. */
export const customerActions = {
  async create(t: Tenant, request: Request, input: CustomerCreateInput) {
    return audited(
      t,
      request,
      { module: 'customers', action: 'create', message: (o) => (o.ok ? `Created customer ${o.customer.email}` : `Customer ${input.email}: ${o.error}`) },
      await createCustomer(t, input),
    )
  },
  /** undefined (nothing audited) when the customer is not this organisation's. */
  async setStatus(t: Tenant, request: Request, publicId: string, change: CustomerStatusInput) {
    const customer = await setCustomerStatus(t, publicId, change)
    if (!customer) return customer
    return audited(t, request, { module: 'customers', action: 'change_status', message: `Customer ${customer.email} ${describeStatusChange(change)}` }, customer)
  },
}
