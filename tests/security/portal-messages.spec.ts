// The customer's messages, invoices and notifications attacked through the real HTTP server and a real
// websocket (issue 25, ADR 0063): a customer's socket opens only the two rooms of their own orders (never
// another customer's or organisation's order, a test or hidden one, the team chat); a customer session is
// nothing on another organisation's host; an upgrade without our Origin is refused; another customer's
// invoice or notification is a 404; a log-in-as session cannot pay; hidden invoices are 404; malformed
// bodies are 400s, never 500s.
import { expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { saveWebsiteSettings } from '#app/models/organisation-settings.server'
import { notifyPortal } from '#app/models/notifications.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { startSession } from '#app/services/session.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { TEST_PASSWORD } from '#tests/factories/index'
import { createInvoice } from '#tests/factories/order-invoices'
import { sessionCookieFrom, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest } from './raw-http'

type World = Awaited<ReturnType<typeof world>>

async function world(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const data = await createCustomerOrders(tenant.org.id)
  const row = (id: number) => platformDb.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const invoice = await createInvoice(tenant.org.id, [await row(data.orders.writing.id)], { status: 'unpaid' })
  const othersInvoice = await createInvoice(tenant.org.id, [await row(data.orders.othersOrder.id)], { status: 'unpaid' })
  const testInvoice = await createInvoice(tenant.org.id, [await row(data.orders.brief.id)], { status: 'unpaid', isTest: true })
  return { ...tenant, ...data, invoices: { invoice, othersInvoice, testInvoice } }
}

const get = (host: string, path: string, cookie?: string) => rawRequest({ path, headers: { Host: host, ...(cookie ? { Cookie: cookie } : {}) } })
const post = (host: string, path: string, cookie: string | undefined, body: string, type = 'application/json') =>
  rawRequest({ method: 'POST', path, headers: { Host: host, Origin: `http://${host}`, 'Content-Type': type, ...(cookie ? { Cookie: cookie } : {}) }, body })

async function customerSession(w: World, email = w.customer.email): Promise<string> {
  const res = await post(w.host, '/api/portal/auth/login', undefined, JSON.stringify({ email, password: TEST_PASSWORD }))
  expect(res.status, res.body).toBe(200)
  return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
}

/** A log-in-as session of the customer (as a hand-off code opens it), written straight into the sessions table. */
async function loginAsSession(w: World): Promise<string> {
  const ownerId = w.owner.accounts.get(w.org.id)!.id
  const setCookie = await startSession(new Request('http://localhost/'), {
    userId: w.customer.userId,
    clientId: w.org.id,
    remember: false,
    impersonatorUserId: ownerId,
    impersonatorClientId: w.org.id,
  })
  return setCookie.split(';')[0]!
}

type Socket = { ws: WebSocket; next: (match: (frame: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>; close: () => void }

/** A socket to /ws on `host`; resolves 'open' with a frame reader, or the HTTP status of the refusal. */
function connect(host: string, headers: Record<string, string>): Promise<{ outcome: 'open'; socket: Socket } | { outcome: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, { headers: { Host: host, ...headers } })
    const frames: Record<string, unknown>[] = []
    const waiters: { match: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }[] = []
    ws.on('message', (m) => {
      const frame = JSON.parse(String(m)) as Record<string, unknown>
      const i = waiters.findIndex((w) => w.match(frame))
      if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame)
      else frames.push(frame)
    })
    const next = (match: (f: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((res, rej) => {
        const i = frames.findIndex(match)
        if (i >= 0) return res(frames.splice(i, 1)[0]!)
        waiters.push({ match, resolve: res })
        setTimeout(() => rej(new Error(`no matching frame; got ${JSON.stringify(frames)}`)), 5000)
      })
    ws.once('open', () => resolve({ outcome: 'open', socket: { ws, next, close: () => ws.close() } }))
    ws.once('unexpected-response', (_req, res) => resolve({ outcome: res.statusCode ?? 0 }))
    ws.once('error', reject)
  })
}

async function openSocket(host: string, cookie: string): Promise<Socket> {
  const result = await connect(host, { Cookie: cookie, Origin: `http://${host}` })
  expect(result.outcome).toBe('open')
  if (result.outcome !== 'open') throw new Error('not open')
  return result.socket
}

const answerTo = (orderId: string) => (f: Record<string, unknown>) => f.orderId === orderId && (f.type === 'all_messages' || f.type === 'error')

test("a customer's socket opens its own order's rooms only: other customers', other organisations', test and hidden orders and the team chat are refused", async () => {
  const a = await world('pma')
  const b = await world('pmb')
  const socket = await openSocket(a.host, await customerSession(a))
  const own = a.orders.writing.public_id
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'adminToCustomer', orderId: own }))
  expect(await socket.next(answerTo(own))).toMatchObject({ type: 'all_messages', chatType: 'adminToCustomer', orderId: own })
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'customerToWriter', orderId: own }))
  expect(await socket.next(answerTo(own))).toMatchObject({ type: 'all_messages', chatType: 'writerToCustomer' })

  for (const orderId of [a.orders.othersOrder.public_id, a.orders.testOrder.public_id, a.orders.hidden.public_id, b.orders.writing.public_id]) {
    for (const chatType of ['adminToCustomer', 'customerToWriter', 'writerToCustomer']) {
      socket.ws.send(JSON.stringify({ type: 'subscribe', chatType, orderId }))
      expect(await socket.next(answerTo(orderId)), `${chatType} ${orderId}`).toMatchObject({ type: 'error', code: 'not_found' })
    }
    // Sending without a subscription is refused too.
    socket.ws.send(JSON.stringify({ type: 'new_message', chatType: 'adminToCustomer', orderId, content: 'hi' }))
    expect(await socket.next(answerTo(orderId))).toMatchObject({ type: 'error', code: 'bad_request' })
  }
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'project', orderId: own }))
  expect(await socket.next((f) => f.type === 'error' && f.chatType === 'project')).toMatchObject({ code: 'forbidden' })
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'adminToWriter', writerId: a.writer.publicId }))
  expect(await socket.next((f) => f.type === 'error' && f.chatType === 'adminToWriter')).toMatchObject({ code: 'forbidden' })
  // Malformed frames are answered, not crashed on.
  socket.ws.send('not json')
  expect(await socket.next((f) => f.type === 'error' && f.message === 'Not JSON')).toMatchObject({ code: 'bad_request' })
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'somethingElse', orderId: own }))
  expect(await socket.next((f) => f.type === 'error' && f.code === 'bad_request')).toBeTruthy()

  // A message to its own room is stored and comes back on the customer's channel, with the customer on the right.
  socket.ws.send(JSON.stringify({ type: 'new_message', chatType: 'adminToCustomer', orderId: own, content: '<p>Hello team</p><img src=x onerror=alert(1)>' }))
  const back = await socket.next((f) => f.type === 'new_message' && f.chatType === 'adminToCustomer')
  expect(back.message).toMatchObject({ role_label: 'CUSTOMER', isRight: true })
  expect(JSON.stringify(back.message)).not.toContain('onerror')
  socket.close()
})

test('the writer conversation is refused over the socket and the page while disable_writer_customer_chat is on', async () => {
  const a = await world('pmd')
  await saveWebsiteSettings(tenantForJob(a.org.id), { disable_writer_customer_chat: true })
  const cookie = await customerSession(a)
  const socket = await openSocket(a.host, cookie)
  const own = a.orders.writing.public_id
  socket.ws.send(JSON.stringify({ type: 'subscribe', chatType: 'customerToWriter', orderId: own }))
  expect(await socket.next(answerTo(own))).toMatchObject({ type: 'error', code: 'disabled' })
  socket.close()
  const page = await get(a.host, `/my-orders/${own}/messages?with=writer`, cookie)
  expect(page.status).toBe(302)
  expect(page.headers.location).toBe(`/my-orders/${own}/messages`)
  const posted = await post(
    a.host,
    `/my-orders/${own}/messages?with=writer`,
    cookie,
    '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
    'multipart/form-data; boundary=x',
  )
  expect(posted.status).toBe(403)
  const stored = await platformDb.selectFrom('chat_messages').select('id').where('client_id', '=', a.org.id).where('chat_type', '=', 'customerToWriter').execute()
  expect(stored).toEqual([])
})

test("a customer session is nothing on another organisation's host; an upgrade without our Origin is refused", async () => {
  const a = await world('pme')
  const b = await world('pmf')
  const cookie = await customerSession(a)
  expect((await connect(b.host, { Cookie: cookie, Origin: `http://${b.host}` })).outcome).toBe(401)
  expect((await connect(a.host, { Cookie: cookie })).outcome).toBe(403)
  expect((await connect(a.host, { Cookie: cookie, Origin: 'https://evil.example' })).outcome).toBe(403)
  expect((await connect(a.host, { Origin: `http://${a.host}` })).outcome).toBe(401)
  for (const path of ['/messages', `/my-orders/${a.orders.writing.public_id}/messages`, '/invoices', '/account/notifications']) {
    const res = await get(b.host, path, cookie)
    expect(res.status, path).toBe(302)
    expect(res.headers.location).toMatch(/^\/login/)
  }
  for (const path of ['/api/portal/invoices', '/api/portal/notifications']) expect((await get(b.host, path, cookie)).status, path).toBe(401)
})

test("another customer's order, chat file, invoice and notification are 404s; malformed posts are 400s", async () => {
  const a = await world('pmg')
  const b = await world('pmh')
  const cookie = await customerSession(a)
  for (const order of [a.orders.othersOrder, a.orders.testOrder, a.orders.hidden, b.orders.writing]) {
    expect((await get(a.host, `/my-orders/${order.public_id}/messages`, cookie)).status, order.public_id).toBe(404)
    const posted = await post(
      a.host,
      `/my-orders/${order.public_id}/messages`,
      cookie,
      '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    )
    expect(posted.status, order.public_id).toBe(404)
  }
  expect((await get(a.host, `/my-orders/${a.orders.writing.public_id}/messages/files/${a.org.id}_nope.pdf`, cookie)).status).toBe(404)
  // A body that is not the multipart it claims, or no message at all: refused, never a 500.
  const own = `/my-orders/${a.orders.writing.public_id}/messages`
  expect((await post(a.host, own, cookie, 'garbage', 'multipart/form-data; boundary=x')).status).toBe(400)
  expect((await post(a.host, own, cookie, '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\n   \r\n--x--\r\n', 'multipart/form-data; boundary=x')).status).toBe(400)

  for (const id of [a.invoices.othersInvoice.publicId, a.invoices.testInvoice.publicId, b.invoices.invoice.publicId]) {
    expect((await get(a.host, `/invoices/${id}`, cookie)).status, id).toBe(404)
    expect((await get(a.host, `/api/portal/invoices/${id}`, cookie)).status, id).toBe(404)
    expect((await post(a.host, `/api/portal/invoices/${id}/pay`, cookie, JSON.stringify({ payment: 'pm_card_visa' }))).status, id).toBe(404)
  }
  const list = JSON.parse((await get(a.host, '/api/portal/invoices', cookie)).body)
  expect(list.invoices.map((i: { _id: string }) => i._id)).toEqual([a.invoices.invoice.publicId])
  expect((await post(a.host, `/api/portal/invoices/${a.invoices.invoice.publicId}/pay`, cookie, '{not json')).status).toBe(400)
  expect((await post(a.host, `/api/portal/invoices/${a.invoices.invoice.publicId}/pay`, cookie, JSON.stringify({ payment: '<script>' }))).status).toBe(400)

  const t = tenantForJob(a.org.id)
  const [nora] = await notifyPortal.customerInformed(t, { orderId: a.orders.othersOrder.id, actorUserId: null, content: 'For Nora', link: '/my-orders' })
  expect((await post(a.host, `/api/portal/notifications/${nora!.notification._id}/seen`, cookie, '{}')).status).toBe(404)
  expect((await post(a.host, `/api/portal/notifications/../seen`, cookie, '{}')).status).not.toBe(500)
  expect((await get(a.host, '/api/portal/notifications?page=-1', cookie)).status).toBe(400)
  const notes = JSON.parse((await get(a.host, '/api/portal/notifications', cookie)).body)
  expect(notes.notifications).toEqual([])

  // Opening one's own notification never leaves the host, whatever `next` says.
  const [mine] = await notifyPortal.customerInformed(t, { orderId: a.orders.writing.id, actorUserId: null, content: 'For Olive', link: '/my-orders' })
  for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
    const form = new URLSearchParams({ id: mine!.notification._id, next })
    const res = await post(a.host, '/account/notifications', cookie, form.toString(), 'application/x-www-form-urlencoded')
    expect(res.status, next).toBe(302)
    expect(res.headers.location, next).toBe('/account/notifications')
  }
  // Signed out: nothing.
  expect((await get(a.host, '/api/portal/invoices')).status).toBe(401)
  expect((await get(a.host, '/api/portal/notifications')).status).toBe(401)
})

test('a log-in-as session reads but cannot pay or send; hidden invoices are 404 on every page and call', async () => {
  const a = await world('pmi')
  await createConnectedAccount({ clientId: a.org.id })
  const borrowed = await loginAsSession(a)
  const id = a.invoices.invoice.publicId
  expect((await get(a.host, `/invoices/${id}`, borrowed)).status).toBe(200)
  const paid = await post(a.host, `/api/portal/invoices/${id}/pay`, borrowed, JSON.stringify({ payment: 'pm_card_visa' }))
  expect(paid.status, paid.body).toBe(403)
  const page = await post(a.host, `/invoices/${id}`, borrowed, 'payment=pm_card_visa', 'application/x-www-form-urlencoded')
  expect(page.status).toBe(403)
  const sent = await post(
    a.host,
    `/my-orders/${a.orders.writing.public_id}/messages`,
    borrowed,
    '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nas you\r\n--x--\r\n',
    'multipart/form-data; boundary=x',
  )
  expect(sent.status).toBe(403)
  const row = await platformDb.selectFrom('order_invoices').select('status').where('public_id', '=', id).executeTakeFirstOrThrow()
  expect(row.status).toBe('unpaid')

  const cookie = await customerSession(a)
  await saveWebsiteSettings(tenantForJob(a.org.id), { hide_invoices: true })
  for (const path of ['/invoices', `/invoices/${id}`]) expect((await get(a.host, path, cookie)).status, path).toBe(404)
  for (const path of ['/api/portal/invoices', `/api/portal/invoices/${id}`]) expect((await get(a.host, path, cookie)).status, path).toBe(404)
  expect((await post(a.host, `/api/portal/invoices/${id}/pay`, cookie, JSON.stringify({ payment: 'pm_card_visa' }))).status).toBe(404)
  expect((await get(a.host, '/my-orders', cookie)).body).not.toContain('href="/invoices"')
})

test('disable_customer_email_reassign: /account has no e-mail field and a crafted post cannot change the address', async () => {
  const a = await world('pmj')
  await saveWebsiteSettings(tenantForJob(a.org.id), { disable_customer_email_reassign: true })
  const cookie = await customerSession(a)
  const page = await get(a.host, '/account', cookie)
  expect(page.status).toBe(200)
  expect(page.body).not.toContain('type="email"')
  expect(page.body).toContain('Your e-mail address cannot be changed here.')
  const form = new URLSearchParams({ intent: 'profile', firstName: 'Olive', lastName: 'Owner', email: 'moved@example.test', currentPassword: TEST_PASSWORD })
  const res = await post(a.host, '/account', cookie, form.toString(), 'application/x-www-form-urlencoded')
  // A validation answer (remix-validated-form's 422) on the e-mail field.
  expect(res.status).toBe(422)
  expect(res.body).toContain('Your e-mail address cannot be changed here.')
  const user = await platformDb.selectFrom('users').select('email').where('id', '=', a.customer.userId).executeTakeFirstOrThrow()
  expect(user.email).toBe(a.customer.email)
  const pending = await platformDb.selectFrom('auth_tokens').select('id').where('user_id', '=', a.customer.userId).where('purpose', '=', 'email_change').execute()
  expect(pending).toEqual([])
})
