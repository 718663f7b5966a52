// CRM test tenants (ADR 0049): an organisation on a plan with CRM flags and a CRM user limit,
// optionally with its CRM location already provisioned through the adapter (the emulator).
import { crmStatus, provisionCrmLocation } from '#app/models/crm.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createTenant, createUser } from './index'
import { createPlan } from './subscriptions'

export async function crmTenant(opts: { flags?: Record<string, boolean>; maxCrmUsers?: number; provision?: boolean } = {}) {
  const tenant = await createTenant()
  const plan = await createPlan()
  await platformDb
    .updateTable('client_packages')
    .set({ crm_user_permissions: JSON.stringify(opts.flags ?? {}), max_crm_users: opts.maxCrmUsers ?? 3 })
    .where('id', '=', plan.id)
    .execute()
  await platformDb
    .insertInto('organisation_plans')
    .values({ client_id: tenant.org.id, client_package_id: plan.id, stripe_subscription_id: null, quantity: 1, max_users: 5, last_op_key: null })
    .execute()
  const t = tenantForJob(tenant.org.id)
  if (opts.provision !== false) await provisionCrmLocation(t, { publicId: tenant.org.publicId, name: tenant.org.name })
  return { ...tenant, t, plan }
}

/** A staff member of the organisation with exactly these permissions. */
export function crmStaff(clientId: number, permissions: string[]) {
  return createUser({ memberships: [{ clientId, role: 'user', permissions }] })
}

export { crmStatus }
