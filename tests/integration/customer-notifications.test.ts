// A customer's notifications on the portal and the account switch of issue 25 (ADR 0063): the customer reads
// and marks seen only their own notifications (same organisation or another: someone else's is not found);
// `disable_customer_email_reassign` refuses an e-mail change on the server, names still change.
import { beforeAll, describe, expect, it } from 'vitest'
import { customerProfileActions, EMAIL_REASSIGN_DISABLED } from '#app/models/customer-accounts.server'
import { customerNav } from '#app/models/customer-nav.server'
import { customerNotifications, customerRecipient, customerUnreadBadge } from '#app/models/customer-notifications.server'
import { notifyPortal } from '#app/models/notifications.server'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { loadPortalCustomer, type PortalCustomer } from '#app/models/portal-auth.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { createTenant } from '#tests/factories/index'

async function portalCustomer(userId: number, clientId: number): Promise<PortalCustomer> {
  const c = await loadPortalCustomer(userId, clientId)
  if (!c) throw new Error('no such customer')
  return { ...c, impersonatorUserId: null }
}

async function world() {
  const { org } = await createTenant()
  const t = tenantForJob(org.id)
  const data = await createCustomerOrders(org.id)
  const customer = await portalCustomer(data.customer.userId, org.id)
  const other = await portalCustomer(data.other.userId, org.id)
  for (const content of ['Your draft is ready', 'Follow-up questions for you']) {
    await notifyPortal.customerInformed(t, { orderId: data.orders.writing.id, actorUserId: null, content, link: `/my-orders/${data.orders.writing.public_id}` })
  }
  await notifyPortal.customerInformed(t, { orderId: data.orders.othersOrder.id, actorUserId: null, content: 'For Nora', link: '/my-orders/x' })
  return { org, t, data, customer, other }
}

let a: Awaited<ReturnType<typeof world>>
let b: Awaited<ReturnType<typeof world>>
beforeAll(async () => {
  a = await world()
  b = await world()
})

const request = () => new Request('http://localhost/account', { headers: { 'x-draftdesk-client-ip': '10.1.1.1' } })

describe("the customer's notifications", () => {
  it('lists only their own, newest first, with the unread count; the bell says the same', async () => {
    const page = await customerNotifications.list(customerRecipient(a.t, a.customer))
    expect(page.notifications.map((n) => n.contant)).toEqual(['Follow-up questions for you', 'Your draft is ready'])
    expect(page.count).toBe(2)
    expect(page.notifications.every((n) => n.kind === 'order_update' && !n.seen)).toBe(true)
    expect(await customerUnreadBadge(a.t, a.customer)).toBe(2)
    expect(await customerNav(a.t, a.customer)).toEqual({ unread: 2, invoices: true, messages: 0 })
  })

  it("marks one seen; another customer's (same or other organisation) is not found and stays unseen", async () => {
    const mine = (await customerNotifications.list(customerRecipient(a.t, a.customer))).notifications[0]!
    const nora = (await customerNotifications.list(customerRecipient(a.t, a.other))).notifications[0]!
    const elsewhere = (await customerNotifications.list(customerRecipient(b.t, b.customer))).notifications[0]!
    expect(await customerNotifications.clearOne(customerRecipient(a.t, a.customer), nora._id)).toBeNull()
    expect(await customerNotifications.clearOne(customerRecipient(a.t, a.customer), elsewhere._id)).toBeNull()
    expect(await customerNotifications.clearOne(customerRecipient(b.t, a.customer), elsewhere._id)).toBeNull()
    expect(await customerNotifications.clearOne(customerRecipient(a.t, a.customer), mine._id)).toEqual({ count: 1 })
    const seen = await platformDb.selectFrom('notifications').select(['public_id', 'seen']).where('public_id', 'in', [nora._id, elsewhere._id]).execute()
    expect(seen.every((r) => !r.seen)).toBe(true)
  })

  it('marks all seen, only their own', async () => {
    const page = await customerNotifications.clearAll(customerRecipient(a.t, a.customer))
    expect(page.count).toBe(0)
    expect((await customerNotifications.list(customerRecipient(a.t, a.other))).count).toBe(1)
    expect(await customerUnreadBadge(a.t, a.customer)).toBe(0)
  })

  it('hide_invoices takes Invoices out of the shell', async () => {
    await saveWebsiteSettings(b.t, { hide_invoices: true })
    expect((await customerNav(b.t, b.customer)).invoices).toBe(false)
  })
})

describe('disable_customer_email_reassign', () => {
  it('refuses an e-mail change on the server while names still change', async () => {
    const w = await world()
    await saveWebsiteSettings(w.t, { disable_customer_email_reassign: true })
    const base = { _id: w.customer.publicId, firstName: 'Olivia', lastName: 'Owner' }
    expect(await customerProfileActions.update(w.customer, request(), { ...base, email: 'elsewhere@example.test', currentPassword: 'x' })).toEqual({
      ok: false,
      field: 'email',
      error: EMAIL_REASSIGN_DISABLED,
    })
    expect(await customerProfileActions.update(w.customer, request(), { ...base, email: w.customer.email })).toMatchObject({ ok: true })
    const row = await platformDb.selectFrom('users').select(['email', 'first_name']).where('id', '=', w.customer.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ email: w.customer.email, first_name: 'Olivia' })
  })
})
