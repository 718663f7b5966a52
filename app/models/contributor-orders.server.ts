// The orders a contributor works on: those whose writer or reviewer they are, in their organisation.
// Every /work page and /api/writer call reaches an order through here, so another person's order is
// simply not found (404), never a 403 that would confirm it exists.
import { contributorRoleOn, type ContributorRole } from '#app/rules/contributor'
import { ORDER_COLUMNS, ordersQuery, type OrderRow } from './orders.server'
import type { Tenant } from './auth-guards.server'

/** A contributor's tenant: the session's organisation and the contributor themselves. */
export type Contributor = Tenant

/** orders AS o of this organisation whose writer or reviewer is the contributor. */
export function contributorOrdersQuery(t: Contributor) {
  return ordersQuery(t).where((eb) => eb.or([eb('o.writer_id', '=', t.user.id), eb('o.reviewer_id', '=', t.user.id)]))
}

export type ContributorOrder = { order: OrderRow; role: ContributorRole }

export async function findContributorOrder(t: Contributor, orderPublicId: string): Promise<ContributorOrder | null> {
  const order = await contributorOrdersQuery(t).select(ORDER_COLUMNS).where('o.public_id', '=', orderPublicId).executeTakeFirst()
  const role = order ? contributorRoleOn(t.user.id, order) : null
  return order && role ? { order, role } : null
}
