// The event mails through the real HTTP server, its in-process workers and the SMTP sink (ADR 0051):
// an order created with POST /api/client/orders/create mails its customer once, with a link on the
// organisation's own portal; a hidden-invoices organisation sends no invoice mail.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { createCustomer, createProductWithWorkflow } from '#tests/factories/orders'
import { linkFrom, mailsTo, waitForMail } from '#tests/mailbox'
import { browsers, ORIGIN_HEADERS, ownerSession } from './helpers'

const open = browsers()
const CREATE = '/api/client/orders/create'

test.describe('mails of POST /api/client/orders/create', () => {
  test("order_received and invoice_created reach the customer once, linking to the organisation's portal", async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const subdomain = `mail${a.org.publicId.slice(0, 6).toLowerCase()}`
    await platformDb.updateTable('organisations').set({ subdomain }).where('id', '=', a.org.id).execute()
    const product = await createProductWithWorkflow(a.org.id, {
      name: 'Executive Resume',
      priceCents: 19900,
    })
    const customer = await createCustomer(a.org.id, {
      firstName: 'Olive',
      lastName: 'Order',
    })
    const res = await a.request.post(CREATE, {
      headers: ORIGIN_HEADERS,
      data: {
        customer_id: customer.publicId,
        package_id: product.productPublicId,
        markAsPaid: false,
        createInvoice: true,
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    const { order, invoice } = await res.json()

    const received = await waitForMail(customer.email, /We received your order/)
    expect(received.subject).toBe(`We received your order ${order._id}`)
    expect(received.text).toContain('Hi Olive,')
    const platform = new URL(env().PUBLIC_URL)
    expect(linkFrom(received, /\/login/)).toBe(`${platform.protocol}//${subdomain}.${platform.hostname}${platform.port ? `:${platform.port}` : ''}/login`)
    const invoiceMail = await waitForMail(customer.email, /New invoice from/)
    expect(invoiceMail.text).toContain(`(invoice ${invoice._id})`)
    await new Promise((r) => setTimeout(r, 1000))
    expect((await mailsTo(customer.email)).map((m) => m.subject).sort()).toEqual([invoiceMail.subject, received.subject].sort())
  })

  test('hide_invoices: the order mail only', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    await platformDb
      .updateTable('organisation_settings')
      .set({ settings: JSON.stringify({ hide_invoices: true }) })
      .where('client_id', '=', a.org.id)
      .execute()
    const product = await createProductWithWorkflow(a.org.id)
    const customer = await createCustomer(a.org.id)
    const res = await a.request.post(CREATE, {
      headers: ORIGIN_HEADERS,
      data: {
        customer_id: customer.publicId,
        package_id: product.productPublicId,
        markAsPaid: true,
        createInvoice: true,
      },
    })
    expect(res.status()).toBe(200)
    await waitForMail(customer.email, /We received your order/)
    await new Promise((r) => setTimeout(r, 1000))
    expect(await mailsTo(customer.email)).toHaveLength(1)
  })
})
