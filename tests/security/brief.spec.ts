// The customer's brief through the real HTTP server (issue 25, ADR 0061): answers, documents and appointments of
// another customer's order (same organisation or another) are 404s; a completed module refuses answers (409); an
// HTML page or a script under a .docx or .pdf name is refused; signed-out visitors and staff sessions get 401;
// malformed bodies are 400s that say what is wrong, oversized ones 413.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createBriefOrders } from '#tests/factories/brief'
import { TEST_PASSWORD } from '#tests/factories/index'
import { sessionCookieFrom, signInOnHost, tenantWithSubdomain } from './helpers'
import { rawRequest } from './raw-http'

type World = Awaited<ReturnType<typeof world>>

async function world(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const data = await createBriefOrders(tenant.org.id)
  return { ...tenant, ...data }
}

const customerSession = (w: World, email = w.customer.email) => signInOnHost(w.host, email)
const staffSession = (w: World) => signInOnHost(w.host, w.owner.email, w.org.publicId)

const headers = (w: World, cookie: string | undefined, type = 'application/json') => ({
  Host: w.host,
  Origin: `http://${w.host}`,
  'Content-Type': type,
  ...(cookie ? { Cookie: cookie } : {}),
})

const postJson = (w: World, path: string, cookie: string | undefined, body: unknown) =>
  rawRequest({ method: 'POST', path, headers: headers(w, cookie), body: typeof body === 'string' ? body : JSON.stringify(body) })

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----brief${Math.random().toString(36).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`))
    parts.push(file.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) }
}

const upload = (w: World, orderId: string, cookie: string | undefined, file: { name: string; type: string; data: Buffer }) => {
  const m = multipart({}, file)
  return rawRequest({ method: 'POST', path: `/api/portal/orders/${orderId}/documents`, headers: headers(w, cookie, m.type), body: m.body })
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')

test('a customer answers, uploads and submits on their own order through the calls', async () => {
  const a = await world('bra')
  const cookie = await customerSession(a)
  const id = a.orders.order.public_id
  const saved = await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: { title: 'Engineer' }, submit: false })
  expect(saved.status, saved.body).toBe(200)
  expect(JSON.parse(saved.body)).toMatchObject({ status: 'saved', submitted: false, answers: { title: 'Engineer' }, serviceId: a.serviceId })
  const missing = await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: {}, submit: true })
  expect(missing.status).toBe(422)
  expect(JSON.parse(missing.body).errors).toHaveProperty('level')
  const done = await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: { level: 'Senior' }, submit: true })
  expect(JSON.parse(done.body)).toMatchObject({ status: 'submitted', submitted: true })

  const up = await upload(a, id, cookie, { name: 'cv.pdf', type: 'application/pdf', data: PDF })
  expect(up.status, up.body).toBe(201)
  const doc = JSON.parse(up.body).document
  const gone = await rawRequest({ method: 'DELETE', path: `/api/portal/orders/${id}/documents/${doc._id}`, headers: headers(a, cookie) })
  expect(gone.status, gone.body).toBe(200)
  const submit = await postJson(a, `/api/portal/orders/${id}/documents/submit`, cookie, {})
  expect(submit.status, submit.body).toBe(200)
})

test('answers to a completed module are refused with 409 and a clear message', async () => {
  const a = await world('brb')
  const cookie = await customerSession(a)
  const id = a.orders.order.public_id
  await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: { title: 'x', level: 'Junior' }, submit: true })
  const again = await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: { title: 'changed' }, submit: false })
  expect(again.status).toBe(409)
  expect(JSON.parse(again.body)).toEqual({ statusCode: 409, status: false, error: 'This step is already done: its answers can no longer be changed.' })
  // A module the team completed (revision process is not the customer's at all) and a done upload alike.
  expect((await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: 'revision_process', answers: {}, submit: false })).status).toBe(404)
  await postJson(a, `/api/portal/orders/${id}/documents/submit`, cookie, {})
  expect((await upload(a, id, cookie, { name: 'late.pdf', type: 'application/pdf', data: PDF })).status).toBe(409)
})

test("another customer's order, of the same organisation or another, is a 404 for answers, documents and appointments", async () => {
  const a = await world('brc')
  const b = await world('brd')
  const cookie = await customerSession(a)
  for (const [order, form] of [
    [a.orders.othersOrder.public_id, a.form.publicId],
    [a.orders.testOrder.public_id, a.form.publicId],
    [b.orders.order.public_id, b.form.publicId],
  ] as const) {
    const answers = await postJson(a, `/api/portal/orders/${order}/answers`, cookie, { moduleId: form, answers: { title: 'x' }, submit: false })
    expect(answers.status, order).toBe(404)
    expect(answers.body).not.toContain('Nora')
    expect((await upload(a, order, cookie, { name: 'cv.pdf', type: 'application/pdf', data: PDF })).status).toBe(404)
    expect((await postJson(a, `/api/portal/orders/${order}/appointment`, cookie, { time: '2031-01-01T10:00' })).status).toBe(404)
    expect((await rawRequest({ path: `/my-orders/${order}/tasks/${a.serviceId}/${form}`, headers: { Host: a.host, Cookie: cookie } })).status).toBe(404)
  }
  // Another customer's document cannot be removed through one's own order either.
  const other = await customerSession(a, a.other.email)
  const theirs = JSON.parse((await upload(a, a.orders.othersOrder.public_id, other, { name: 'nora.pdf', type: 'application/pdf', data: PDF })).body).document
  const steal = await rawRequest({ method: 'DELETE', path: `/api/portal/orders/${a.orders.order.public_id}/documents/${theirs._id}`, headers: headers(a, cookie) })
  expect(steal.status).toBe(404)
  // A's session on B's host is nobody.
  expect((await postJson(b, `/api/portal/orders/${b.orders.order.public_id}/answers`, cookie, { moduleId: b.form.publicId, answers: {}, submit: false })).status).toBe(401)
})

test('an HTML page or a script under a .docx or .pdf name is refused; a comma in the name too', async () => {
  const a = await world('bre')
  const cookie = await customerSession(a)
  const id = a.orders.order.public_id
  for (const file of [
    {
      name: 'resume.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>'),
    },
    { name: 'resume.pdf', type: 'application/pdf', data: Buffer.from('<script>alert(1)</script>') },
    { name: 'resume.pdf', type: 'application/pdf', data: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    { name: 'notes.txt', type: 'text/plain', data: Buffer.from('<svg onload=alert(1)>') },
  ]) {
    const res = await upload(a, id, cookie, file)
    expect(res.status, file.name).toBe(400)
    expect(JSON.parse(res.body).error).toMatch(/PDF, Word, text or image/)
  }
  const comma = await upload(a, id, cookie, { name: 'my,cv.pdf', type: 'application/pdf', data: PDF })
  expect(comma.status).toBe(400)
  expect(JSON.parse(comma.body).error).toBe('Please do not use any commas or apostrophes in the file name!')
})

test('signed-out visitors and staff sessions get 401 from every brief call', async () => {
  const a = await world('brf')
  const staff = await staffSession(a)
  const id = a.orders.order.public_id
  for (const cookie of [undefined, staff]) {
    expect((await postJson(a, `/api/portal/orders/${id}/answers`, cookie, { moduleId: a.form.publicId, answers: {}, submit: false })).status).toBe(401)
    expect((await upload(a, id, cookie, { name: 'cv.pdf', type: 'application/pdf', data: PDF })).status).toBe(401)
    expect((await postJson(a, `/api/portal/orders/${id}/documents/submit`, cookie, {})).status).toBe(401)
    expect((await postJson(a, `/api/portal/orders/${id}/appointment`, cookie, { time: '2031-01-01T10:00' })).status).toBe(401)
    const page = await rawRequest({ path: `/my-orders/${id}/tasks/${a.serviceId}/${a.form.publicId}`, headers: { Host: a.host, ...(cookie ? { Cookie: cookie } : {}) } })
    expect(page.status).toBe(302)
  }
  const answers = await platformDb.selectFrom('brief_responses').select('id').where('order_id', '=', a.orders.order.id).execute()
  expect(answers).toEqual([])
})

test('malformed bodies are 400s that say what is wrong; oversized bodies are 413', async () => {
  const a = await world('brg')
  const cookie = await customerSession(a)
  const path = `/api/portal/orders/${a.orders.order.public_id}/answers`
  const cases: [unknown, RegExp][] = [
    ['{"moduleId": ', /not valid JSON/],
    ['[1,2]', /JSON object/],
    [{ answers: {} }, /moduleId is required/],
    [{ moduleId: a.form.publicId, answers: 'text' }, /answers must be an object/],
    [{ moduleId: a.form.publicId, submit: 'yes' }, /submit must be true or false/],
    [{ moduleId: a.form.publicId, answers: { level: 'Chief' } }, /choose one of the options/],
  ]
  for (const [body, message] of cases) {
    const res = await postJson(a, path, cookie, body)
    expect(res.status, String(body)).toBe(400)
    expect(JSON.parse(res.body).error).toMatch(message)
  }
  const form = await rawRequest({ method: 'POST', path, headers: headers(a, cookie, 'application/x-www-form-urlencoded'), body: 'moduleId=x' })
  expect(form.status).toBe(415)
  const huge = await postJson(a, path, cookie, { moduleId: a.form.publicId, answers: { story: 'x'.repeat(2 * 1024 * 1024) } })
  expect(huge.status).toBe(413)
  const bigFile = await upload(a, a.orders.order.public_id, cookie, { name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]) })
  expect(bigFile.status).toBe(413)
  const missingTime = await postJson(a, `/api/portal/orders/${a.orders.order.public_id}/appointment`, cookie, {})
  expect(missingTime.status).toBe(400)
  expect(JSON.parse(missingTime.body).error).toBe('time is required')
})

test("the project page's brief forms: staff who update orders and the order's writer only, never another organisation's order", async () => {
  const a = await world('brh')
  const b = await world('bri')
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', a.org.id).executeTakeFirstOrThrow()
  const login = async (w: World, email: string, clientId: string) => {
    const res = await rawRequest({
      method: 'POST',
      path: '/api/auth/login',
      headers: { Host: w.host, Origin: `http://${w.host}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, clientId }),
    })
    expect(res.status, res.body).toBe(200)
    return sessionCookieFrom([res.headers['set-cookie'] ?? []].flat())!
  }
  const send = (w: World, cookie: string | undefined, orderId: string, serviceId: string) =>
    rawRequest({
      method: 'POST',
      path: `/project/view/${orderId}?brief=post`,
      headers: headers(w, cookie, 'application/x-www-form-urlencoded'),
      body: new URLSearchParams({ intent: 'follow-up-questions', serviceId, questions: 'Why?\nWhen?' }).toString(),
    })
  const writer = await login(a, a.writer.email, org.public_id)
  // The writer of this order may send; on an order that is not theirs they are refused and nothing is stored.
  expect((await send(a, writer, a.orders.order.public_id, a.serviceId)).status).toBe(302)
  expect((await send(a, writer, a.orders.unassigned.public_id, a.serviceId)).status).toBe(403)
  const rows = await platformDb.selectFrom('brief_responses').select(['order_id', 'questions']).where('client_id', '=', a.org.id).execute()
  expect(rows.map((r) => r.order_id)).toEqual([a.orders.order.id])
  // Another organisation's owner, on their own host, cannot reach this order; a customer and a visitor are no staff.
  const bOrg = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', b.org.id).executeTakeFirstOrThrow()
  const bOwner = await login(b, b.owner.email, bOrg.public_id)
  expect((await send(b, bOwner, a.orders.unassigned.public_id, a.serviceId)).status).toBe(404)
  for (const cookie of [await customerSession(a), undefined]) {
    const res = await send(a, cookie, a.orders.unassigned.public_id, a.serviceId)
    expect([302, 401, 403]).toContain(res.status)
    if (res.status === 302) expect(res.headers.location).toMatch(/^\/login/)
  }
  expect(await platformDb.selectFrom('brief_responses').select('id').where('order_id', '=', a.orders.unassigned.id).execute()).toEqual([])
})

test("a questionnaire's file item through the call: the customer's own order only, documents only, taken off again", async () => {
  const a = await world('brj')
  const cookie = await customerSession(a)
  const send = (orderId: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }, who = cookie) => {
    const m = multipart(fields, file)
    return rawRequest({ method: 'POST', path: `/api/portal/orders/${orderId}/answers/files`, headers: headers(a, who || undefined, m.type), body: m.body })
  }
  const ok = await send(a.orders.order.public_id, { moduleId: a.form.publicId, itemId: 'cv' }, { name: 'cv.pdf', type: 'application/pdf', data: PDF })
  expect(ok.status, ok.body).toBe(201)
  const file = JSON.parse(ok.body).answers.cv[0]
  expect(file).toMatchObject({ name: 'cv.pdf' })
  const html = await send(
    a.orders.order.public_id,
    { moduleId: a.form.publicId, itemId: 'cv' },
    { name: 'cv.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script>') },
  )
  expect(html.status).toBe(400)
  const notFile = await send(a.orders.order.public_id, { moduleId: a.form.publicId, itemId: 'title' }, { name: 'cv.pdf', type: 'application/pdf', data: PDF })
  expect(notFile.status).toBe(400)
  expect(JSON.parse(notFile.body).error).toBe('This question takes no file')
  expect((await send(a.orders.othersOrder.public_id, { moduleId: a.form.publicId, itemId: 'cv' }, { name: 'cv.pdf', type: 'application/pdf', data: PDF })).status).toBe(404)
  expect((await send(a.orders.order.public_id, { moduleId: a.form.publicId, itemId: 'cv' }, { name: 'cv.pdf', type: 'application/pdf', data: PDF }, '')).status).toBe(401)
  const removed = await postJson(a, `/api/portal/orders/${a.orders.order.public_id}/answers`, cookie, {
    moduleId: a.form.publicId,
    removeFiles: [{ itemId: 'cv', fileId: file._id }],
  })
  expect(removed.status, removed.body).toBe(200)
  expect(JSON.parse(removed.body).answers.cv).toEqual([])
})
