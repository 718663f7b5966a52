// The contributor's order through the real HTTP server and socket (issue 26, ADR 0067): another writer of the same
// organisation or of another one gets a 404 on the page, the calls and the files; the customer's last name, e-mail
// and the price never reach a writer through the page HTML, the JSON or a chat frame; a reviewer cannot decide a
// draft outside their orders; an HTML file named .pdf, oversized and malformed bodies are clean 4xx; the page's
// action needs our Origin; a log-in-as session reads but never works in the contributor's name; /project/view
// sends the order's contributor to their page.
import { expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { openRoom, sendChatMessage } from '#app/models/chat.server'
import { customerChatActor } from '#app/models/customer-messages.server'
import { LOG_IN_AS_REFUSED } from '#app/rules/work-order'
import { platformDb, tenantDb } from '#app/services/db.server'
import { startSession } from '#app/services/session.server'
import { HTML_BYTES, PDF_BYTES } from '#tests/factories/draft-files'
import { createOrganisation, createUser } from '#tests/factories/index'
import { createContributor, createCustomer, createDraft, createOrder, createProductWithWorkflow } from '#tests/factories/orders'
import { PORT, rawRequest } from './raw-http'

const HOST = `localhost:${PORT}`
const ORIGIN = `http://${HOST}`
const MB = 1024 * 1024

async function world() {
  const org = await createOrganisation({ settings: { enable_revisions_approval_feature: true, hide_customer_price: true } })
  const product = await createProductWithWorkflow(org.id, { priceCents: 98_765 })
  const customer = await createCustomer(org.id, { firstName: 'Priya', lastName: 'Secretname', email: `priya-${Date.now()}@hidden.example` })
  const writer = await createContributor(org.id, { firstName: 'Wanda', lastName: 'Words' })
  const otherWriter = await createContributor(org.id)
  const reviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const otherReviewer = await createContributor(org.id, { role: 'REVIEWER' })
  const owner = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  const order = await createOrder(org.id, { customerUserId: customer.userId, productId: product.productId }, { writerUserId: writer.userId, reviewerUserId: reviewer.userId })
  const elsewhere = await createOrder(
    org.id,
    { customerUserId: customer.userId, productId: product.productId },
    { writerUserId: otherWriter.userId, reviewerUserId: otherReviewer.userId },
  )
  const draft = await createDraft(org.id, order, { approval: 'pending' })
  const foreignDraft = await createDraft(org.id, elsewhere, { approval: 'pending' })
  const email = (await platformDb.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email
  return { org, order, elsewhere, draft, foreignDraft, customer, writer, otherWriter, reviewer, otherReviewer, owner: owner.accounts.get(org.id)!.id, email }
}

/** A socket of the tenant host with the session's cookie, collecting every frame it receives. */
async function openSocket(cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, { headers: { Host: HOST, Origin: ORIGIN, Cookie: cookie } })
  const frames: string[] = []
  ws.on('message', (m) => frames.push(String(m)))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return { ws, frames }
}

async function session(userId: number, clientId: number, impersonatorUserId?: number): Promise<string> {
  const setCookie = await startSession(new Request(`${ORIGIN}/`), {
    userId,
    clientId,
    remember: false,
    impersonatorUserId,
    impersonatorClientId: impersonatorUserId ? clientId : undefined,
  })
  return setCookie.split(';')[0]!
}

const get = (path: string, cookie: string) => rawRequest({ path, headers: { Host: HOST, Cookie: cookie } })
const post = (path: string, cookie: string, body: string | Buffer, type: string, origin: string | null = ORIGIN) =>
  rawRequest({ method: 'POST', path, headers: { Host: HOST, Cookie: cookie, 'Content-Type': type, ...(origin ? { Origin: origin } : {}) }, body })

function multipart(fields: Record<string, string>, files: { field: string; name: string; type: string; data: Buffer }[] = []) {
  const boundary = `----work${Math.random().toString(36).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) }
}

const pdfDraft = (serviceId: string, name = 'draft.pdf', data = PDF_BYTES) => multipart({ serviceId }, [{ field: 'dataPdf', name, type: 'application/pdf', data }])

test('a writer or reviewer not on the order, of this organisation or another, gets 404 on the page, the calls and the files', async () => {
  const w = await world()
  const b = await world()
  const id = w.order.public_id
  const serviceId = w.order.services[0]!._id
  const key = (w.draft.data as { dataPdf: { file: { key: string } } }).dataPdf.file.key
  const outsiders = [await session(w.otherWriter.userId, w.org.id), await session(w.otherReviewer.userId, w.org.id), await session(b.writer.userId, b.org.id)]
  for (const cookie of outsiders) {
    expect((await get(`/work/orders/${id}`, cookie)).status).toBe(404)
    const json = await get(`/api/writer/orders/${id}`, cookie)
    expect(json.status).toBe(404)
    expect(JSON.parse(json.body)).toMatchObject({ statusCode: 404, message: 'Order not found' })
    const upload = pdfDraft(serviceId)
    expect((await post(`/api/writer/orders/${id}/drafts`, cookie, upload.body, upload.type)).status).toBe(404)
    expect((await post(`/api/writer/orders/${id}/drafts/${w.draft.public_id}/approve`, cookie, '', 'application/json')).status).toBe(404)
    expect((await post(`/api/writer/orders/${id}/tasks/revision_process/done`, cookie, '{}', 'application/json')).status).toBe(404)
    expect((await get(`/work/orders/${id}/file?ref=${encodeURIComponent(key)}`, cookie)).status).toBe(404)
  }
  expect(await platformDb.selectFrom('drafts').select('id').where('order_id', '=', w.order.id).execute()).toHaveLength(1)
  // The order's own reviewer cannot decide a draft of another order through their order's URL, nor the writer their own.
  const reviewer = await session(w.reviewer.userId, w.org.id)
  expect((await post(`/api/writer/orders/${id}/drafts/${w.foreignDraft.public_id}/approve`, reviewer, '', 'application/json')).status).toBe(404)
  const writer = await session(w.writer.userId, w.org.id)
  const own = await post(`/api/writer/orders/${id}/drafts/${w.draft.public_id}/approve`, writer, '', 'application/json')
  expect(own.status).toBe(403)
  expect(JSON.parse(own.body)).toMatchObject({ statusCode: 403, message: expect.any(String) })
  const decided = await post(`/api/writer/orders/${id}/drafts/${w.draft.public_id}/approve`, reviewer, '', 'application/json')
  expect(decided.status, decided.body).toBe(200)
})

test('the customer’s last name, e-mail and the price reach a writer through neither the page, the JSON nor a chat frame', async () => {
  const w = await world()
  const id = w.order.public_id
  const cookie = await session(w.writer.userId, w.org.id)
  const hidden = ['Secretname', w.email, '987.65', '98765']
  const page = await get(`/work/orders/${id}`, cookie)
  expect(page.status).toBe(200)
  expect(page.body).toContain('Priya')
  const json = await get(`/api/writer/orders/${id}`, cookie)
  expect(json.status).toBe(200)
  expect(JSON.parse(json.body).order).toMatchObject({ _id: id, customer: { firstName: 'Priya', lastName: '', email: null }, drafts: [{ _id: w.draft.public_id }] })
  for (const body of [page.body, json.body]) for (const text of hidden) expect(body).not.toContain(text)

  // The writer's socket in the writer–customer chat: the history and a live message of the customer.
  const customer = { id: w.customer.userId, publicId: 'p', clientId: w.org.id, email: w.email, firstName: 'Priya', lastName: 'Secretname', impersonatorUserId: null }
  const actor = customerChatActor({ db: tenantDb(w.org.id), clientId: w.org.id }, customer)
  const room = await openRoom(actor, { chatType: 'customerToWriter', orderId: id })
  if (!room.ok) throw new Error(room.error)
  expect(await sendChatMessage(actor, room.room, { kind: 'text', content: 'Hello from before', format: 'text' })).toMatchObject({ ok: true })
  const { ws, frames } = await openSocket(cookie)
  ws.send(JSON.stringify({ type: 'subscribe', chatType: 'writerToCustomer', orderId: id }))
  await expect.poll(() => frames.some((f) => f.includes('all_messages'))).toBe(true)
  expect(await sendChatMessage(actor, room.room, { kind: 'text', content: 'Hello live', format: 'text' })).toMatchObject({ ok: true })
  await expect.poll(() => frames.some((f) => f.includes('Hello live'))).toBe(true)
  ws.close()
  const messages = frames.map((f) => JSON.parse(f) as { type: string; message?: { name: string }; messages?: { name: string }[] })
  expect(messages.find((f) => f.type === 'all_messages')!.messages!.map((m) => m.name)).toEqual(['Priya'])
  expect(messages.find((f) => f.type === 'new_message')!.message!.name).toBe('Priya')
  for (const text of hidden) expect(frames.join('\n')).not.toContain(text)
})

test('uploads: an HTML file named .pdf, an oversized body and malformed bodies are clean refusals; nothing is stored', async () => {
  const w = await world()
  const id = w.order.public_id
  const serviceId = w.order.services[0]!._id
  const cookie = await session(w.writer.userId, w.org.id)
  const html = pdfDraft(serviceId, 'cv.pdf', HTML_BYTES)
  const refused = await post(`/api/writer/orders/${id}/drafts`, cookie, html.body, html.type)
  expect(refused.status).toBe(400)
  expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 400, message: expect.any(String) })
  const big = pdfDraft(serviceId, 'big.pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(21 * MB, 1)]))
  expect((await post(`/api/writer/orders/${id}/drafts`, cookie, big.body, big.type)).status).toBe(413)
  const broken = await post(`/api/writer/orders/${id}/drafts`, cookie, 'not multipart at all', 'multipart/form-data; boundary=nothing')
  expect(broken.status).toBe(400)
  const badJson = await post(`/api/writer/orders/${id}/tasks/revision_process/done`, cookie, '{"serviceId":', 'application/json')
  expect(badJson.status).toBe(400)
  expect(JSON.parse(badJson.body)).toMatchObject({ statusCode: 400 })
  const customerStep = await post(`/api/writer/orders/${id}/tasks/previous_document/done`, cookie, '{}', 'application/json')
  expect(customerStep.status).toBe(403)
  expect(await platformDb.selectFrom('drafts').select('id').where('order_id', '=', w.order.id).execute()).toHaveLength(1)
  const ok = pdfDraft(serviceId)
  const created = await post(`/api/writer/orders/${id}/drafts`, cookie, ok.body, ok.type)
  expect(created.status, created.body).toBe(201)
  expect(JSON.parse(created.body)).toMatchObject({ draft: { serviceId, adminApproval: { pending: true }, data: { dataPdf: { file: { originalname: 'draft.pdf' } } } } })
})

test('the page action needs our Origin; a log-in-as session reads the order but does no work in the contributor’s name', async () => {
  const w = await world()
  const id = w.order.public_id
  const serviceId = w.order.services[0]!._id
  const cookie = await session(w.writer.userId, w.org.id)
  const form = pdfDraft(serviceId)
  const withIntent = multipart({ intent: 'deliver-draft', serviceId }, [{ field: 'dataPdf', name: 'draft.pdf', type: 'application/pdf', data: PDF_BYTES }])
  expect((await post(`/work/orders/${id}`, cookie, withIntent.body, withIntent.type, null)).status).toBe(403)
  expect((await post(`/work/orders/${id}`, cookie, withIntent.body, withIntent.type, 'https://evil.example')).status).toBe(403)

  const asWriter = await session(w.writer.userId, w.org.id, w.owner)
  expect((await get(`/work/orders/${id}`, asWriter)).status).toBe(200)
  const call = await post(`/api/writer/orders/${id}/drafts`, asWriter, form.body, form.type)
  expect(call.status).toBe(403)
  expect(JSON.parse(call.body)).toMatchObject({ message: LOG_IN_AS_REFUSED })
  expect((await post(`/work/orders/${id}`, asWriter, withIntent.body, withIntent.type)).status).toBe(403)
  expect((await post(`/work/orders/${id}?chat=post`, asWriter, 'content=hi', 'application/x-www-form-urlencoded')).status).toBe(403)
  expect(await platformDb.selectFrom('drafts').select('id').where('order_id', '=', w.order.id).execute()).toHaveLength(1)
  // Nor over the socket: the frame is refused and nothing is stored.
  const { ws, frames } = await openSocket(asWriter)
  ws.send(JSON.stringify({ type: 'subscribe', chatType: 'writerToCustomer', orderId: id }))
  await expect.poll(() => frames.some((f) => f.includes('all_messages'))).toBe(true)
  ws.send(JSON.stringify({ type: 'new_message', chatType: 'writerToCustomer', orderId: id, message_type: 'text', content: 'Sent by someone else' }))
  await expect.poll(() => frames.some((f) => f.includes(LOG_IN_AS_REFUSED))).toBe(true)
  ws.close()
  expect(await platformDb.selectFrom('chat_messages').select('id').where('content', 'like', '%Sent by someone else%').execute()).toEqual([])
  // The real writer's page action works.
  const done = await post(`/work/orders/${id}`, cookie, withIntent.body, withIntent.type)
  expect(done.status, done.body.slice(0, 300)).toBe(302)
})

test('/project/view/{id}: the order’s contributor without READ_ORDERS goes to /work/orders/{id}; others are unchanged', async () => {
  const w = await world()
  const id = w.order.public_id
  const writer = await get(`/project/view/${id}`, await session(w.writer.userId, w.org.id))
  expect(writer.status).toBe(302)
  expect(writer.headers.location).toBe(`/work/orders/${id}`)
  expect((await get(`/project/view/${id}`, await session(w.otherWriter.userId, w.org.id))).status).toBe(403)
  expect((await get(`/project/view/${id}`, await session(w.owner, w.org.id))).status).toBe(200)
})
