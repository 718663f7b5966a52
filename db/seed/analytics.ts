// Demo data for the dashboard (ADR 0043): tips on some completed orders, then the rollups of every
// organisation built from the seeded rows (the seed writes orders in bulk, past the events).
import type { Kysely } from 'kysely'
import { rebuildAnalytics } from '../../app/models/analytics.server'
import type { Database } from '../types'
import type { OrgIds } from './core'
import { seedId } from './ids'

const TIP_CENTS = [500, 1000, 1500, 2000, 2500]
const DAY = 86_400_000

/** About one completed order in three got a tip from its customer, a few days after completion. */
async function seedTips(db: Kysely<Database>, org: string, clientId: number, now: Date) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'public_id', 'created_at', 'completed_at', 'currency'])
    .where('client_id', '=', clientId)
    .where('status_percentage', '>=', 100)
    .where('test_order', '=', false)
    .where('writer_id', 'is not', null)
    .orderBy('id')
    .execute()
  const tips = orders
    .filter((o) => Number(o.id) % 3 === 0)
    .map((o) => {
      const done = new Date(o.completed_at ?? o.created_at).getTime()
      return {
        public_id: seedId(`tip:${org}:${o.public_id}`),
        client_id: clientId,
        order_id: o.id,
        amount_cents: TIP_CENTS[Number(o.id) % TIP_CENTS.length]!,
        currency: o.currency,
        paid_at: new Date(Math.min(now.getTime(), done + (1 + (Number(o.id) % 5)) * DAY)),
      }
    })
  for (let i = 0; i < tips.length; i += 500)
    await db
      .insertInto('order_tips')
      .ignore()
      .values(tips.slice(i, i + 500))
      .execute()
}

export async function seedAnalytics(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  for (const [org, clientId] of Object.entries(orgIds)) await seedTips(db, org, clientId, now)
  // Every organisation, not only the demo ones: the seed may run on a database that has others.
  const all = await db.selectFrom('organisations').select('id').orderBy('id').execute()
  for (const { id } of all) await rebuildAnalytics({ db, clientId: id }, now)
}
