// Contracts customers accepted at checkout (issue 24, ADR 0058): the text as shown, its SHA-256, the
// typed name, the address and the time, kept immutable with the order; read by the project page and
// by the customer who signed.
import { scopedAs, scopedJoin, type TenantScope } from '#db/tenant'

export type ContractAcceptanceJson = { title: string; html: string; sha256: string; signedName: string; ip: string; acceptedAt: string }

function acceptances(t: TenantScope, orderPublicId: string) {
  return scopedAs(t, 'contract_acceptances', 'ca')
    .innerJoin('orders as o', (j) => scopedJoin(t, 'o', j.onRef('o.id', '=', 'ca.order_id')))
    .select(['ca.contract_title', 'ca.contract_html', 'ca.contract_sha256', 'ca.signed_name', 'ca.ip', 'ca.accepted_at', 'o.customer_id'])
    .where('o.public_id', '=', orderPublicId)
}

const toJson = (row: { contract_title: string; contract_html: string; contract_sha256: string; signed_name: string; ip: string; accepted_at: Date }): ContractAcceptanceJson => ({
  title: row.contract_title,
  html: row.contract_html,
  sha256: row.contract_sha256,
  signedName: row.signed_name,
  ip: row.ip,
  acceptedAt: new Date(row.accepted_at).toISOString(),
})

/** The order's accepted contract, for the back office's project page; null when none was signed. */
export async function acceptanceOfOrder(t: TenantScope, orderPublicId: string): Promise<ContractAcceptanceJson | null> {
  const row = await acceptances(t, orderPublicId).executeTakeFirst()
  return row ? toJson(row) : null
}

/** The same, only for the customer whose order it is (anyone else: null, as if there were none). */
export async function acceptanceForCustomer(t: TenantScope, customerId: number, orderPublicId: string): Promise<ContractAcceptanceJson | null> {
  const row = await acceptances(t, orderPublicId).where('o.customer_id', '=', customerId).executeTakeFirst()
  return row ? toJson(row) : null
}
