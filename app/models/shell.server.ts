// What the signed-in shell reads of the organisation on every page, in one round trip: the portal
// colours (ADR 0044), the unread badge (ADR 0042) and the plan and location the CRM section needs
// (ADR 0049). Each was a query of its own, and a page's fixed cost decides how much more than its JSON
// a small list page costs (issue 8).
import type { CrmPlanAndLocation } from './crm.server'
import { type Recipient, unreadBadgeQuery } from './notifications.server'
import { PORTAL_COLOUR_COLUMNS, portalColoursFrom } from './website-settings.server'
import type { PortalColours } from '#app/rules/portal-theme'
import { compiledOnce } from '#db/compiled-once'
import { scopedJoin, type TenantScope } from '#db/tenant'

export type ShellFacts = { colours: PortalColours; unread: number; crm: CrmPlanAndLocation }

function shellQuery(t: Recipient) {
  // Every joined table is keyed by client_id, so this is one row; each is pinned to the organisation.
  return t.db
    .selectFrom('organisations as o')
    .leftJoin('website_customizations as wc', (j) => scopedJoin(t, 'wc', j.onTrue()))
    .leftJoin('organisation_plans as op', (j) => scopedJoin(t, 'op', j.onTrue()))
    .leftJoin('client_packages as cp', 'cp.id', 'op.client_package_id')
    .leftJoin('crm_locations as cl', (j) => scopedJoin(t, 'cl', j.onTrue()))
    .select(PORTAL_COLOUR_COLUMNS.map((c) => `wc.${c}` as const))
    .select(['cp.id as crm_package_id', 'cp.crm_user_permissions as crm_flags', 'cp.max_crm_users as crm_max', 'cl.status as crm_status', 'cl.external_id as crm_external_id'])
    .select(() => unreadBadgeQuery(t).as('unread'))
    .where('o.id', '=', t.clientId)
}

type ShellQuery = (userId: number) => Promise<Awaited<ReturnType<ReturnType<typeof shellQuery>['execute']>>>

/**
 * Compiled once per organisation and handle (ADR 0113): the tenant guard checks the SQL, pinned to that
 * organisation, when it is compiled, and each page binds only the person. Under the handle itself, so a
 * transaction's handle never outlives its transaction here; and under the organisation too, so a handle
 * that serves more than one never runs SQL pinned to another.
 */
const compiledShellQueries = new WeakMap<TenantScope['db'], Map<number, ShellQuery>>()

function shellQueryOf(t: TenantScope): ShellQuery {
  let byOrganisation = compiledShellQueries.get(t.db)
  if (!byOrganisation) compiledShellQueries.set(t.db, (byOrganisation = new Map()))
  let run = byOrganisation.get(t.clientId)
  if (!run) byOrganisation.set(t.clientId, (run = compiledOnce(t.db, (userId: number) => shellQuery({ ...t, user: { id: userId } }))))
  return run
}

export async function shellFacts(t: Recipient): Promise<ShellFacts> {
  const [row] = await shellQueryOf(t)(t.user.id)
  if (!row) throw new Error(`No organisation ${t.clientId}`)
  return {
    colours: portalColoursFrom(row),
    unread: Number(row.unread ?? 0),
    crm: {
      plan: row.crm_package_id === null ? null : { flags: row.crm_flags, max: row.crm_max ?? 1 },
      location: row.crm_status === null ? null : { status: row.crm_status, external_id: row.crm_external_id },
    },
  }
}
