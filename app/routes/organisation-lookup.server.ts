// The sign-in's organisation picker (GET /api/user/orgs and the no-JS e-mail step of /login): which
// organisations an e-mail may sign in to, behind two budgets per address. Every lookup spends from a
// generous one (the form looks up as the e-mail is typed); a lookup that finds nothing also spends from
// a small one, given back when it finds something, like the promo box (issue 28): a visitor can no longer
// test address after address to learn who has an account.
import { type OrganisationChoice, organisationsForEmail } from '#app/models/account.server'
import { choicesForHost } from '#app/models/platform-domains.server'
import { clientIp } from '#app/services/http.server'
import { consume, refund } from '#app/services/rate-limit.server'

export type OrganisationLookup = { ok: true; orgs: OrganisationChoice[] | null } | { ok: false }

export async function lookUpOrganisations(request: Request, email: string): Promise<OrganisationLookup> {
  const address = clientIp(request)
  // Spent before the lookup (atomic), so parallel guesses cannot overrun either budget.
  if (!(await consume('orgLookupsPerIp', address))) return { ok: false }
  if (!(await consume('orgLookupMissesPerIp', address))) return { ok: false }
  // On an organisation's own host only that organisation is offered (ADR 0044).
  const orgs = await choicesForHost(request, await organisationsForEmail(email))
  if (orgs && orgs.length > 0) await refund('orgLookupMissesPerIp', address)
  return { ok: true, orgs }
}
