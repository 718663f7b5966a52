// The dashboard's stat cards: per organisation (also GET /api/client/homepage) and for the platform.
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { scoped, type TenantScope } from '#db/tenant'

export type HomepageStats = {
  totalWriters: number
  totalCustomers: number
  totalOrders: number
  pendingOrders: number
  completedOrders: number
}

type OrderCounts = Pick<HomepageStats, 'totalOrders' | 'pendingOrders' | 'completedOrders'>

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

/** ADR 0018: every order but test orders (archived and hidden ones are still sales); completed means 100 percent. */
async function countOrders(t: TenantScope): Promise<OrderCounts> {
  const row = await scoped(t, 'orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('orders.status_percentage', '>=', 100).then(1).else(0).end()).as('completed'),
    ])
    .where('orders.test_order', '=', false)
    .executeTakeFirst()
  const totalOrders = Number(row?.total ?? 0)
  const completedOrders = Number(row?.completed ?? 0)
  return { totalOrders, pendingOrders: totalOrders - completedOrders, completedOrders }
}

export async function getHomepageStats(t: TenantScope): Promise<HomepageStats> {
  const [totalWriters, totalCustomers, orders] = await Promise.all([countWriters(t), countCustomers(t), countOrders(t)])
  return { totalWriters, totalCustomers, ...orders }
}

export type PlatformStats = { totalOrganisations: number; activeOrganisations: number; totalUsers: number }

/** The superadmin dashboard spans every organisation, so it reads the unscoped handle. */
export async function getPlatformStats(): Promise<PlatformStats> {
  const [orgs, users] = await Promise.all([
    platformDb
      .selectFrom('organisations')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sql`CASE WHEN active = 1 THEN 1 ELSE 0 END`).as('active'),
      ])
      .executeTakeFirst(),
    platformDb.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ])
  return {
    totalOrganisations: Number(orgs?.total ?? 0),
    activeOrganisations: Number(orgs?.active ?? 0),
    totalUsers: Number(users?.total ?? 0),
  }
}
