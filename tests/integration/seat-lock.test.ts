// The seat lock under a burst (issue 28, ADR 0100): more parallel staff creates than the pool has connections,
// at its real size, all answer (none stalls until the lock's timeout) and exactly the plan's free seats are taken.
import { describe, expect, it } from 'vitest'
import { userLimitReached } from '#app/models/subscription.schema'
import * as usersApi from '#app/routes/api.client.users'
import { platformDb } from '#app/services/db.server'
import { poolOptions } from '#db/connection'
import { createTenant } from '#tests/factories/index'
import { sessionClient } from '#tests/factories/session'
import { createPlan, seatsTaken } from '#tests/factories/subscriptions'

describe('the seat lock', () => {
  it('more parallel creates than pooled connections: every one answers, exactly the free seats are taken', async () => {
    const pool = Number(poolOptions().connectionLimit)
    expect(pool).toBe(20)
    const limit = 4
    const { org, owner } = await createTenant()
    const plan = await createPlan({ oneTime: true, maxUsers: limit })
    await platformDb
      .insertInto('organisation_plans')
      .values({ client_id: org.id, client_package_id: plan.id, max_users: limit, quantity: 1, stripe_subscription_id: null, last_op_key: null })
      .execute()
    const client = await sessionClient({ userId: owner.id, clientId: org.id })

    const create = (n: number) =>
      client.call(usersApi.action as never, {
        path: '/api/client/users',
        body: { firstName: 'Seat', lastName: `Number ${n}`, email: `seat${n}.${org.publicId}@seats.test`, password: 'Staff-pass-2026', permissions: ['READ_ORDERS'] },
      })
    const burst = pool + 5
    const [answers, listed] = await Promise.all([
      Promise.all(Array.from({ length: burst }, (_, n) => create(n))),
      // A request of the same organisation that takes no seat is not starved of connections meanwhile.
      client.call(usersApi.loader as never, { path: '/api/client/users' }),
    ])
    expect(listed.status).toBe(200)
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit - 1)
    expect(statuses.filter((s) => s === 400)).toHaveLength(burst - (limit - 1))
    expect(answers.find((a) => a.status === 400)!.json).toMatchObject({ status: false, error: userLimitReached(limit) })
    expect(await seatsTaken(org.id)).toBe(limit)
  })
})
