// The customer's orders (issue 25, ADR 0060): only the customer's own, newest first, never test or hidden orders;
// another customer's order (same or other organisation) reads as absent; the timeline, team, agreement and calls.
import { beforeAll, describe, expect, it } from 'vitest'
import { getMyOrder, listMyOrders, myOrderJson } from '#app/models/customer-orders.server'
import { tenantForJob } from '#app/services/db.server'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { createOrganisation } from '#tests/factories/index'

let a: Awaited<ReturnType<typeof createCustomerOrders>>
let b: Awaited<ReturnType<typeof createCustomerOrders>>
let ta: ReturnType<typeof tenantForJob>
let tb: ReturnType<typeof tenantForJob>

beforeAll(async () => {
  const orgA = await createOrganisation({ name: `Orders A ${Date.now()}` })
  const orgB = await createOrganisation({ name: `Orders B ${Date.now()}` })
  ta = tenantForJob(orgA.id)
  tb = tenantForJob(orgB.id)
  a = await createCustomerOrders(orgA.id)
  b = await createCustomerOrders(orgB.id)
})

describe('listMyOrders', () => {
  it("lists the customer's own orders newest first, without test or hidden orders", async () => {
    const { orders, more } = await listMyOrders(ta, a.customer.userId)
    expect(orders.map((o) => o._id)).toEqual([a.orders.writing.public_id, a.orders.brief.public_id, a.orders.done.public_id])
    expect(more).toBe(false)
  })

  it('gives status by the project-status rule and who the order waits on', async () => {
    const { orders } = await listMyOrders(ta, a.customer.userId)
    const byId = new Map(orders.map((o) => [o._id, o]))
    expect(byId.get(a.orders.brief.public_id)).toMatchObject({ status: 'On track', waitingOn: 'you', productName: a.orders.brief.package_name })
    expect(byId.get(a.orders.writing.public_id)).toMatchObject({ status: 'Due soon', waitingOn: 'team' })
    expect(byId.get(a.orders.done.public_id)).toMatchObject({ status: 'Completed', waitingOn: 'nobody' })
  })

  it("gives another customer, or the customer's id in another organisation, nothing of theirs", async () => {
    expect((await listMyOrders(ta, a.other.userId)).orders.map((o) => o._id)).toEqual([a.orders.othersOrder.public_id])
    expect((await listMyOrders(tb, a.customer.userId)).orders).toEqual([])
  })
})

describe('getMyOrder', () => {
  it('shows the timeline in workflow order, the team by customer-facing names, the agreement and downloadables', async () => {
    const order = await getMyOrder(ta, a.customer.userId, a.orders.writing.public_id)
    expect(order).not.toBeNull()
    expect(order!.modules.map((m) => [m.id, m.state, m.waitsOn])).toEqual([
      ['previous_document', 'done', 'you'],
      ['additional_questionnaire', 'done', 'you'],
      ['revision_process', 'next', 'team'],
      ['final_document', 'later', 'team'],
    ])
    expect(order!.team).toEqual([{ role: 'Writer', name: 'Alex the Writer' }])
    expect(order!.hasAgreement).toBe(true)
    expect(order!.downloadables).toEqual([{ _id: expect.any(String), title: 'Interview checklist' }])
    expect(order!.drafts).toEqual([])
    const json = JSON.stringify(myOrderJson(order!))
    expect(json).not.toContain('Realname')
    expect(json).not.toContain(a.writer.email)
  })

  it('has no agreement link and no team for an order without them', async () => {
    const order = await getMyOrder(ta, a.customer.userId, a.orders.brief.public_id)
    expect(order).toMatchObject({ hasAgreement: false, team: [], waitingOn: 'you' })
  })

  it("is null for a test or hidden order, another customer's order in the same or another organisation, and a malformed id", async () => {
    for (const id of [a.orders.testOrder.public_id, a.orders.hidden.public_id, a.orders.othersOrder.public_id, '', 'x'.repeat(65), "1' OR 1=1"]) {
      expect(await getMyOrder(ta, a.customer.userId, id)).toBeNull()
    }
    // Another organisation's order, asked on its own tenant by this customer's id, and on this tenant by its id.
    expect(await getMyOrder(tb, a.customer.userId, b.orders.writing.public_id)).toBeNull()
    expect(await getMyOrder(ta, a.customer.userId, b.orders.writing.public_id)).toBeNull()
  })
})
