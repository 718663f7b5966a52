// The plan's user limit through the real server (issue 28): creates racing for the last seat, and an
// unarchive, take a seat under one lock, so an organisation never has more active users than its plan.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { userLimitReached } from '#app/models/subscription.schema'
import { platformDb } from '#app/services/db.server'
import { createPlan, seatsTaken } from '#tests/factories/subscriptions'
import { browsers, ORIGIN_HEADERS } from './helpers'
import { checkoutBody } from '#tests/factories/checkout'

const open = browsers()
const uid = () => randomBytes(5).toString('hex')

test('ten parallel creates for the last seat: one gets it; an unarchive past the limit is refused', async ({ playwright }) => {
  // A one-time plan of two users bought at the checkout: the owner and one seat left.
  const plan = await createPlan({ name: `Duo ${uid()}`, oneTime: true, priceCents: 5000, maxUsers: 2 })
  const owner = await open(playwright)
  const id = uid()
  const bought = await owner.post('/api/checkout', {
    headers: { ...ORIGIN_HEADERS, 'Idempotency-Key': `seats-${id}${uid()}` },
    data: checkoutBody(plan.public_id, { subDomain: `seats${id}` }),
  })
  expect(bought.status(), await bought.text()).toBe(200)

  const create = (n: number) =>
    owner.post('/api/client/users', {
      headers: ORIGIN_HEADERS,
      data: { firstName: 'Staff', lastName: `Number ${n}`, email: `staff${n}.${id}@seats.test`, password: 'Staff-pass-2026', permissions: ['READ_ORDERS'] },
    })
  const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => create(n)))
  const statuses = answers.map((a) => a.status()).sort()
  expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400])
  const refused = answers.find((a) => a.status() === 400)!
  expect(await refused.json()).toMatchObject({ status: false, error: userLimitReached(2) })
  const first = (await answers.find((a) => a.status() === 200)!.json()).user._id as string

  // Archived, the seat is free again and another takes it; the first cannot come back past the limit.
  const archive = (userId: string, archived: boolean) => owner.patch(`/api/client/users/${userId}`, { headers: ORIGIN_HEADERS, data: { archived } })
  expect((await archive(first, true)).status()).toBe(200)
  const second = await create(20)
  expect(second.status()).toBe(200)
  const back = await archive(first, false)
  expect(back.status()).toBe(400)
  expect(await back.json()).toMatchObject({ status: false, error: userLimitReached(2) })
  // The organisation holds exactly its plan's two seats: the owner and the second staff member.
  const org = await platformDb.selectFrom('organisations').select('id').where('subdomain', '=', `seats${id}`).executeTakeFirstOrThrow()
  expect(await seatsTaken(org.id)).toBe(2)
})
