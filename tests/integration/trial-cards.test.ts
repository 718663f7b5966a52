// One free trial per card (issue 28, ADR 0095), through POST /api/checkout: a second trial with the same card is
// refused with a clear message and leaves no active organisation; parallel checkouts with one card get one trial.
import { randomBytes } from 'node:crypto'
import { checkoutBody } from '#tests/factories/checkout'
import { describe, expect, it } from 'vitest'
import { TRIAL_CARD_USED } from '#app/models/checkout.schema'
import { action } from '#app/routes/api.checkout'
import { platformDb } from '#app/services/db.server'
import { seedId } from '#db/seed/ids'
import { Client } from './helpers'

const TRIAL = seedId('client-package:solo')
const PAID = seedId('client-package:team')
const uid = () => randomBytes(5).toString('hex')

/** A buyer from an address of its own (the card-testing budget is per address). */
function buy(card: string, item = TRIAL) {
  const id = uid()
  const client = new Client(`203.0.113.${randomBytes(1)[0]! % 250}-${id}`)
  const body = checkoutBody(item, { payment: card })
  return client.call(action as never, { path: '/api/checkout', body, headers: { 'Idempotency-Key': uid() + uid() } }).then((res) => ({ ...res, body }))
}

const statusOf = (subDomain: string) =>
  platformDb.selectFrom('organisations').select(['package_status', 'active']).where('subdomain', '=', subDomain.toLowerCase()).executeTakeFirst()

describe('one free trial per card', () => {
  it('a second trial with the same card is refused on the card field; another card or a paid plan goes through', async () => {
    const card = `pm_card_visa_x${uid()}`
    const first = await buy(card)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json.user).toMatchObject({ trialUser: true })

    const again = await buy(card)
    expect(again.status).toBe(400)
    expect(again.json).toMatchObject({ status: false, error: TRIAL_CARD_USED, errors: { payment: TRIAL_CARD_USED } })
    expect((await statusOf(again.body.subDomain))?.active ?? false).toBe(false)

    const [otherCard, paid] = await Promise.all([buy(`pm_card_visa_x${uid()}`), buy(card, PAID)])
    expect(otherCard.status).toBe(200)
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(await statusOf(paid.body.subDomain)).toMatchObject({ package_status: 'active', active: true })
  })

  it('ten parallel trial checkouts with one card: exactly one trial', async () => {
    const card = `pm_card_mastercard_x${uid()}`
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(card)))
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)])
    for (const r of results.filter((r) => r.status === 400)) expect(r.json.error).toBe(TRIAL_CARD_USED)
  })
})
