// The demo customer's orders (issue 25): four Demo Writing Co orders in different states, so customer@demo.test
// sees "My orders" filled at once: a brief to fill, one with the team, one with its first module done, one completed.
import type { Kysely } from 'kysely'
import { statusPercentage } from '../../app/rules/order-tasks'
import type { OrderServiceSnapshot } from '../tables/orders'
import type { Database } from '../types'
import { inTransaction } from '../transaction'
import type { OrgIds } from './core'
import { seedId } from './ids'
import { DEMO_CUSTOMER } from './people'

const DAY = 86_400_000
const orderId = (n: number) => seedId(`order:demo:portal-customer:${n}`)

type Plan = { placedDaysAgo: number; dueInDays: number | null; done: 'none' | 'customer' | 'first' | 'all'; writer: boolean }

const PLANS: Plan[] = [
  { placedDaysAgo: 40, dueInDays: -20, done: 'all', writer: true },
  { placedDaysAgo: 12, dueInDays: 2, done: 'customer', writer: true },
  { placedDaysAgo: 6, dueInDays: 9, done: 'first', writer: true },
  { placedDaysAgo: 1, dueInDays: null, done: 'none', writer: false },
]

function doneModules(services: OrderServiceSnapshot[], done: Plan['done']): { serviceId: string; taskId: string; serviceType: string }[] {
  const all = services.flatMap((s) => s.serviceModules.map((m) => ({ serviceId: s._id, taskId: m.id, serviceType: s.serviceType })))
  if (done === 'all') return all
  if (done === 'first') return all.slice(0, 1)
  if (done === 'customer') {
    // Every module up to (not including) the first one that is the team's: the brief is in, the team is writing.
    const firstTeam = all.findIndex((m) => ['revision_process', 'final_document', 'final_linkedin'].includes(m.taskId))
    return firstTeam < 0 ? all.slice(0, 1) : all.slice(0, firstTeam)
  }
  return []
}

/** Idempotent: skipped once the first of these orders exists; dates are relative to `now` like the other orders. */
export async function seedPortalCustomerOrders(db: Kysely<Database>, orgIds: OrgIds, now = new Date()): Promise<void> {
  const clientId = orgIds.demo
  if (await db.selectFrom('orders').select('id').where('public_id', '=', orderId(0)).executeTakeFirst()) return
  const customer = await db.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', DEMO_CUSTOMER.email).executeTakeFirst()
  const writer = await db.selectFrom('users').select('id').where('client_id', '=', clientId).where('email', '=', 'writer@demo.test').executeTakeFirst()
  if (!customer) return
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents'])
    .where('client_id', '=', clientId)
    .where('active', '=', true)
    .where('archived', '=', false)
    .orderBy('id')
    .execute()
  const links = await db
    .selectFrom('product_workflows as pw')
    .innerJoin('workflows as w', 'w.id', 'pw.workflow_id')
    .select(['pw.product_id', 'w.public_id', 'w.name', 'w.service_type', 'w.modules'])
    .where('pw.client_id', '=', clientId)
    .orderBy('pw.product_id')
    .orderBy('pw.position')
    .execute()
  const withServices = products
    .map((p) => ({
      ...p,
      // The same snapshot placeOrder takes.
      services: links
        .filter((l) => l.product_id === p.id)
        .map((l): OrderServiceSnapshot => ({
          _id: l.public_id,
          serviceName: l.name,
          serviceType: l.service_type,
          serviceModules: l.modules.map((m) => ({ id: m.id, title: m.title })),
        })),
    }))
    .filter((p) => p.services.length > 0)
  if (withServices.length === 0) return

  await inTransaction(db, async (trx) => {
    for (const [n, plan] of PLANS.entries()) {
      const product = withServices[n % withServices.length]!
      const placed = new Date(now.getTime() - plan.placedDaysAgo * DAY)
      const tasks = doneModules(product.services, plan.done)
      const percentage = statusPercentage(product.services, tasks)
      const last = tasks.at(-1)
      const result = await trx
        .insertInto('orders')
        .values({
          public_id: orderId(n),
          client_id: clientId,
          customer_id: customer.id,
          product_id: product.id,
          customer_first_name: DEMO_CUSTOMER.firstName,
          customer_last_name: DEMO_CUSTOMER.lastName,
          customer_name: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`,
          customer_email: DEMO_CUSTOMER.email,
          package_name: product.name,
          services: JSON.stringify(product.services),
          module_count: product.services.reduce((sum, s) => sum + s.serviceModules.length, 0),
          price_cents: Number(product.price_cents),
          writer_id: plan.writer ? (writer?.id ?? null) : null,
          assigned_at: plan.writer && writer ? new Date(placed.getTime() + DAY / 2) : null,
          status_percentage: percentage,
          due_date: plan.dueInDays === null ? null : new Date(now.getTime() + plan.dueInDays * DAY),
          completed_at: percentage >= 100 ? new Date(now.getTime() - 21 * DAY) : null,
          archived: false,
          test_order: false,
          hide_order: false,
          marked_as_complete: false,
          last_task_id: last?.taskId ?? null,
          last_task_at: last ? new Date(placed.getTime() + DAY) : null,
          created_at: placed,
          updated_at: placed,
        })
        .executeTakeFirstOrThrow()
      const id = Number(result.insertId)
      if (tasks.length) {
        await trx
          .insertInto('order_tasks')
          .values(
            tasks.map((x, i) => ({
              client_id: clientId,
              order_id: id,
              service_id: x.serviceId,
              task_id: x.taskId,
              service_type: x.serviceType,
              created_at: new Date(placed.getTime() + ((i + 1) * DAY) / 4),
            })),
          )
          .execute()
      }
      await trx
        .insertInto('order_activity')
        .values({ client_id: clientId, order_id: id, actor_user_id: null, content: 'Order placed by the customer', created_at: placed })
        .execute()
    }
  })
}
