// Whether a subdomain can still be given to a new organisation: the rule, then the organisations table.
import { checkSubdomain, SUBDOMAIN_TAKEN, type SubdomainCheck } from '#app/rules/subdomain'
import { platformDb } from '#app/services/db.server'

/**
 * The rule's answer, or 'already taken' when an organisation holds the name in any letter case (the
 * column's collation is case-insensitive and names are stored lowercase). The checkout must still
 * rely on the unique key when it creates the organisation: two buyers may check the same free name.
 */
export async function subdomainAvailability(value: unknown): Promise<SubdomainCheck> {
  const check = checkSubdomain(value)
  if (!check.ok) return check
  const holder = await platformDb.selectFrom('organisations').select('id').where('subdomain', '=', check.subdomain).executeTakeFirst()
  return holder ? { ok: false, error: SUBDOMAIN_TAKEN } : check
}
