// The dashboard's stat cards: per organisation (also GET /api/client/homepage) and for the platform.
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { scoped, type TenantScope } from '#db/tenant'
import { orderCounts } from './dashboard.server'

export type HomepageStats = {
  totalWriters: number
  totalCustomers: number
  totalOrders: number
  pendingOrders: number
  completedOrders: number
}

async function countWriters(t: TenantScope): Promise<number> {
  const row = await scoped(t, 'memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.role', '=', 'user')
    .where('memberships.active', '=', true)
    .where('memberships.archived', '=', false)
    .where(sql<boolean>`JSON_CONTAINS(memberships.permissions, '"WRITER"')`)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

async function countCustomers(t: TenantScope): Promise<number> {
  const row = await scoped(t, 'memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.role', '=', 'customer')
    .where('memberships.archived', '=', false)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function getHomepageStats(t: TenantScope): Promise<HomepageStats> {
  // Order counts come from the rollups (ADR 0043): their cost does not grow with the orders.
  const [totalWriters, totalCustomers, orders] = await Promise.all([countWriters(t), countCustomers(t), orderCounts(t)])
  return { totalWriters, totalCustomers, ...orders }
}

export type PlatformStats = { totalOrganisations: number; activeOrganisations: number; totalUsers: number }

/** The superadmin dashboard spans every organisation, so it reads the unscoped handle. */
export async function getPlatformStats(): Promise<PlatformStats> {
  const [orgs, users] = await Promise.all([
    platformDb
      .selectFrom('organisations')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(sql`CASE WHEN active = 1 THEN 1 ELSE 0 END`).as('active')])
      .executeTakeFirst(),
    platformDb
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
  ])
  return {
    totalOrganisations: Number(orgs?.total ?? 0),
    activeOrganisations: Number(orgs?.active ?? 0),
    totalUsers: Number(users?.total ?? 0),
  }
}
