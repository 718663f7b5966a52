// Email templates through the real HTTP server: the four channels' defaults, customise (POST), save
// again (PATCH), reset (DELETE), the spec's validation messages, permissions and other tenants' ids,
// and a customised template in the e-mail the product then sends.
import { expect, test } from '@playwright/test'
import { CHANNEL_KEYS, channelTemplates } from '#app/rules/email-templates'
import { createOrderWorld } from '#tests/factories/orders'
import { waitForMail } from '#tests/mailbox'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const LIST = '/api/client/emails-templates'
const content = { subject: 'Hi {{customerFirstName}}', title: 'Your order', body: '<p>Thanks, {{customerName}}.</p>', button_text: 'Open' }

test('lists each channel’s default templates with their fields, and the two website settings', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  for (const between of CHANNEL_KEYS) {
    const res = await a.request.get(`${LIST}?between=${between}`)
    expect(res.status()).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: true, websiteSettings: { disable_customer_rating: false, enable_revisions_approval_feature: false } })
    expect(body.emailsTemplates.map((t: { code: string }) => t.code)).toEqual(channelTemplates(between).map((t) => t.code))
    for (const t of body.emailsTemplates) {
      expect(t).toMatchObject({ _id: null, between, customised: false, inCodeDynamicFields: ['buttonLink'] })
      expect(t.subject && t.title && t.body && t.button_text && t.description).toBeTruthy()
      expect(t.dynamicFields.length).toBeGreaterThan(0)
    }
  }
  expect((await a.request.get(LIST)).status()).toBe(400)
  expect((await (await a.request.get(`${LIST}?between=everyone`)).json()).error).toBe('Choose one of the four e-mail channels')
})

test('customise with POST, save again with PATCH, reset with DELETE', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const created = await a.request.post(LIST, {
    headers: ORIGIN_HEADERS,
    data: {
      ...content,
      code: 'order_received',
      between: 'adminToCustomer',
      description: 'ignored',
      body: '<p onclick="x()">Thanks, {{customerName}}.</p><script>alert(1)</script>',
    },
  })
  expect(created.status(), await created.text()).toBe(200)
  const template = (await created.json()).emailTemplate
  expect((await created.json()).message).toBe('successfully saved.')
  expect(template).toMatchObject({
    code: 'order_received',
    between: 'adminToCustomer',
    customised: true,
    subject: 'Hi {{customerFirstName}}',
    body: '<p>Thanks, {{customerName}}.</p>',
  })
  expect(template.description).toBe('Sent to the customer after their order is placed.')
  expect(template._id).toMatch(/^\w{10,}$/)

  const again = await a.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, code: 'order_received', between: 'adminToCustomer' } })
  expect(again.status()).toBe(409)

  const patched = await a.request.patch(`${LIST}/${template._id}`, {
    headers: ORIGIN_HEADERS,
    data: { ...content, subject: 'Order {{orderId}} received', between: 'adminToCustomer' },
  })
  expect(patched.status()).toBe(200)
  expect((await patched.json()).message).toBe('successfully saved.')
  expect((await patched.json()).emailTemplate).toMatchObject({ _id: template._id, subject: 'Order {{orderId}} received' })
  const listed = (await (await a.request.get(`${LIST}?between=adminToCustomer`)).json()).emailsTemplates.find((t: { code: string }) => t.code === 'order_received')
  expect(listed).toMatchObject({ _id: template._id, customised: true, subject: 'Order {{orderId}} received' })

  const reset = await a.request.delete(`${LIST}/${template._id}`, { headers: ORIGIN_HEADERS })
  expect(reset.status()).toBe(200)
  expect(await reset.json()).toMatchObject({ status: true, message: 'Deleted!', emailTemplate: { _id: null, customised: false, subject: 'We received your order {{orderId}}' } })
  expect((await a.request.delete(`${LIST}/${template._id}`, { headers: ORIGIN_HEADERS })).status()).toBe(404)
})

test('refuses blank fields with the spec’s messages, and templates of another channel or none', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const post = (data: Record<string, unknown>) =>
    a.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, code: 'order_received', between: 'adminToCustomer', ...data } })
  const cases: [Record<string, unknown>, string, string][] = [
    [{ subject: '  ' }, 'subject', 'Please enter the email subject'],
    [{ body: '<p><br></p>' }, 'body', 'Please enter email body'],
    [{ body: undefined }, 'body', 'Please enter email body'],
    [{ title: '' }, 'title', 'Please enter the email title'],
    [{ button_text: '' }, 'button_text', 'Please enter the button text'],
    [{ between: 'adminToWriter' }, 'between', 'This e-mail template belongs to another channel'],
    [{ code: 'two_factor_code', between: 'adminToCustomer' }, 'code', 'This e-mail template does not exist'],
    [{ code: 'nope' }, 'code', 'This e-mail template does not exist'],
  ]
  for (const [data, field, message] of cases) {
    const res = await post(data)
    expect(res.status(), JSON.stringify(data)).toBe(400)
    const body = await res.json()
    expect(body.errors[field]).toBe(message)
  }
})

test('reading needs READ_SYSTEM_EMAILS_TEMPLATES; changing needs WRITE_SYSTEM_EMAILS_TEMPLATES', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const mine = (await (await a.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, code: 'order_received', between: 'adminToCustomer' } })).json()).emailTemplate
  const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_SYSTEM_EMAILS_TEMPLATES'])
  expect((await reader.request.get(`${LIST}?between=adminToCustomer`)).status()).toBe(200)
  expect((await reader.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, code: 'invoice_created', between: 'adminToCustomer' } })).status()).toBe(403)
  expect((await reader.request.patch(`${LIST}/${mine._id}`, { headers: ORIGIN_HEADERS, data: content })).status()).toBe(403)
  expect((await reader.request.delete(`${LIST}/${mine._id}`, { headers: ORIGIN_HEADERS })).status()).toBe(403)
  const nobody = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
  expect((await nobody.request.get(`${LIST}?between=adminToCustomer`)).status()).toBe(403)
  const anonymous = await open(playwright)
  expect((await anonymous.get(`${LIST}?between=adminToCustomer`)).status()).toBe(401)
  expect((await anonymous.delete(`${LIST}/${mine._id}`, { headers: ORIGIN_HEADERS })).status()).toBe(401)
  const writer = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_SYSTEM_EMAILS_TEMPLATES', 'WRITE_SYSTEM_EMAILS_TEMPLATES'])
  expect((await writer.request.patch(`${LIST}/${mine._id}`, { headers: ORIGIN_HEADERS, data: content })).status()).toBe(200)
})

test("another organisation's template ids are not found, and its customisations are its own", async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await ownerSession(open, playwright)
  const theirs = (
    await (await b.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, subject: 'B only', code: 'order_received', between: 'adminToCustomer' } })).json()
  ).emailTemplate
  expect((await a.request.patch(`${LIST}/${theirs._id}`, { headers: ORIGIN_HEADERS, data: content })).status()).toBe(404)
  expect((await a.request.delete(`${LIST}/${theirs._id}`, { headers: ORIGIN_HEADERS })).status()).toBe(404)
  const aList = (await (await a.request.get(`${LIST}?between=adminToCustomer`)).json()).emailsTemplates
  expect(aList.find((t: { code: string }) => t.code === 'order_received')).toMatchObject({ _id: null, customised: false })
  const bList = (await (await b.request.get(`${LIST}?between=adminToCustomer`)).json()).emailsTemplates
  expect(bList.find((t: { code: string }) => t.code === 'order_received')).toMatchObject({ _id: theirs._id, subject: 'B only' })
  // A's first customisation of the same template is its own row, B's untouched.
  expect((await a.request.post(LIST, { headers: ORIGIN_HEADERS, data: { ...content, code: 'order_received', between: 'adminToCustomer' } })).status()).toBe(200)
})

test('the e-mail the product sends uses the organisation’s customised template', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const world = await createOrderWorld(a.org.id, 1)
  const res = await a.request.post(LIST, {
    headers: ORIGIN_HEADERS,
    data: {
      code: 'order_assigned',
      between: 'adminToWriter',
      subject: 'Custom: {{ordersAssigned}} for {{contributorFirstName}}',
      title: 'Work for you',
      body: '<p>{{orderList}}</p><p>Our own words.</p>',
      button_text: 'Go',
    },
  })
  expect(res.status()).toBe(200)
  const since = new Date()
  const assign = await a.request.post('/api/client/orders/assign_writer', {
    headers: ORIGIN_HEADERS,
    data: { selectedOrdersIds: [world.orders[0]!.public_id], writerId: world.writer.accounts.get(a.org.id)!.publicId },
  })
  expect(assign.status()).toBe(200)
  const mail = await waitForMail(world.writer.email, /^Custom: New order for Wren$/, since)
  expect(mail.text).toContain('Our own words.')
  expect(mail.text).toContain(world.orders[0]!.public_id)
  // The button opens the order in the contributor's workspace (ADR 0068).
  expect(mail.text).toMatch(new RegExp(`Go:\\nhttps?://\\S+/work/orders/${world.orders[0]!.public_id}\\n`))
  expect(mail.html).toContain(`>${a.org.name}<`)
})
