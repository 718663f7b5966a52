// Drafts through the real HTTP server (issue 25, ADR 0062): a customer reaches only the drafts they may see
// (their own order, approved or needing no approval, not withdrawn), on the page, the files and the calls;
// a file that is HTML under a .pdf or .docx name never renders as HTML; signed out, staff and another
// organisation get nothing; a log-in-as session cannot tip; malformed bodies get clear 400s, never 500s.
import { expect, test } from '@playwright/test'
import { ANSWER_IMPERSONATION } from '#app/models/customer-drafts.server'
import { deliverDraft } from '#app/models/draft-delivery.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { storage } from '#app/services/storage.server'
import { createConnectedAccount } from '#tests/factories/connect'
import { createCustomerOrders } from '#tests/factories/customer-orders'
import { docxUpload, HTML_BYTES, pdfUpload, upload } from '#tests/factories/draft-files'
import { sessionCookie } from '#tests/factories/session'
import { signInOnHost, tenantWithSubdomain } from './helpers'
import { PORT, rawRequest } from './raw-http'

type World = Awaited<ReturnType<typeof world>>

async function world(prefix: string, settings: Record<string, boolean> = {}) {
  const tenant = await tenantWithSubdomain(prefix)
  if (Object.keys(settings).length) {
    await platformDb
      .insertInto('organisation_settings')
      .values({ client_id: tenant.org.id, settings: JSON.stringify(settings) })
      .onDuplicateKeyUpdate({ settings: JSON.stringify(settings) })
      .execute()
  }
  const data = await createCustomerOrders(tenant.org.id)
  const ownerId = (await platformDb.selectFrom('users').select('id').where('email', '=', tenant.owner.email).where('client_id', '=', tenant.org.id).executeTakeFirstOrThrow()).id
  const staff = { ...tenantForJob(tenant.org.id), user: { id: ownerId, firstName: 'Olga', lastName: 'Owner' } }
  const order = data.orders.writing
  const delivered = await deliverDraft(staff, { orderPublicId: order.public_id, serviceId: order.services[0]!._id, pdf: pdfUpload(), word: docxUpload(), notes: 'Draft one' })
  if (!delivered.ok) throw new Error(delivered.error)
  return { ...tenant, ...data, staff, ownerId, order, draftId: delivered.draftId }
}

const headers = (w: { host: string }, cookie?: string, json = false) => ({
  Host: w.host,
  Origin: `http://${w.host}`,
  ...(cookie ? { Cookie: cookie } : {}),
  ...(json ? { 'Content-Type': 'application/json' } : {}),
})
const get = (w: { host: string }, path: string, cookie?: string) => rawRequest({ path, headers: headers(w, cookie) })
const post = (w: { host: string }, path: string, cookie: string | undefined, body: unknown) =>
  rawRequest({ method: 'POST', path, headers: headers(w, cookie, true), body: typeof body === 'string' ? body : JSON.stringify(body) })

const customerSession = (w: World, email = w.customer.email) => signInOnHost(w.host, email)

/** A log-in-as session of the customer opened by the owner, as the hand-off leaves it. */
function impersonatedSession(w: World): Promise<string> {
  return sessionCookie({ userId: w.customer.userId, clientId: w.org.id, impersonatorUserId: w.ownerId, impersonatorClientId: w.org.id })
}

const staffSession = (w: World) => signInOnHost(w.host, w.owner.email, w.org.publicId)

const paths = (w: World, draftId = w.draftId, orderId = w.order.public_id) => ({
  page: `/my-orders/${orderId}/drafts/${draftId}`,
  pdf: `/my-orders/${orderId}/drafts/${draftId}/pdf`,
  download: `/my-orders/${orderId}/drafts/${draftId}/files/pdf/0`,
  word: `/my-orders/${orderId}/drafts/${draftId}/files/word/0`,
  accept: `/api/portal/drafts/${draftId}/accept`,
  revision: `/api/portal/drafts/${draftId}/revision`,
  rating: `/api/portal/drafts/${draftId}/rating`,
})

test('the customer reads their draft: the page, the PDF inline with its own policy, the files as attachments, the call', async () => {
  const a = await world('dra')
  const cookie = await customerSession(a)
  const p = paths(a)
  const page = await get(a, p.page, cookie)
  expect(page.status).toBe(200)
  expect(page.body).toContain('Draft one')
  const pdf = await get(a, p.pdf, cookie)
  expect(pdf.status).toBe(200)
  expect(pdf.headers['content-type']).toBe('application/pdf')
  expect(pdf.headers['content-disposition']).toMatch(/^inline;/)
  expect(pdf.headers['x-content-type-options']).toBe('nosniff')
  expect([pdf.headers['content-security-policy']].flat().join(',')).toContain("default-src 'none'")
  const download = await get(a, p.download, cookie)
  expect(download.headers['content-type']).toBe('application/octet-stream')
  expect(download.headers['content-disposition']).toMatch(/^attachment;/)
  const call = await get(a, `/api/portal/orders/${a.order.public_id}`, cookie)
  const drafts = JSON.parse(call.body).order.drafts
  expect(drafts).toHaveLength(1)
  expect(drafts[0]).toMatchObject({ _id: a.draftId, approved: true })
  expect(drafts[0].files.map((f: { slot: string }) => f.slot)).toEqual(['pdf', 'word'])
  // No storage keys in what the customer is given.
  expect(call.body).not.toMatch(/"key"/)
})

test("another customer's draft (same organisation, other organisation), an unapproved and a withdrawn draft are 404 everywhere", async () => {
  const a = await world('drb')
  const b = await world('drc')
  const pendingWorld = await world('drd', { enable_revisions_approval_feature: true })
  const other = await customerSession(a, a.other.email)
  const own = await customerSession(a)
  const check = async (w: { host: string }, p: ReturnType<typeof paths>, cookie: string, what: string) => {
    for (const path of [p.page, p.pdf, p.download, p.word]) {
      const res = await get(w, path, cookie)
      expect(res.status, `${what} ${path}`).toBe(404)
      expect(res.body).not.toContain('Draft one')
    }
    for (const [path, body] of [
      [p.accept, {}],
      [p.revision, { notes: 'x' }],
      [p.rating, { rating: 5, review: '' }],
    ] as const) {
      const res = await post(w, path, cookie, body)
      expect(res.status, `${what} ${path}`).toBe(404)
    }
  }
  await check(a, paths(a), other, "another customer's")
  // B's draft under A's order id, and B's draft on A's host.
  await check(a, paths(a, b.draftId), own, "another organisation's under one's own order")
  await check(a, paths(b), own, "another organisation's")
  // Pending approval: not the customer's to see yet.
  const pendingCookie = await customerSession(pendingWorld)
  await check(pendingWorld, paths(pendingWorld), pendingCookie, 'unapproved')
  // Withdrawn.
  await platformDb.updateTable('drafts').set({ deleted_at: new Date(), deleted_by: a.ownerId }).where('public_id', '=', a.draftId).execute()
  await check(a, paths(a), own, 'withdrawn')
  expect(JSON.parse((await get(a, `/api/portal/orders/${a.order.public_id}`, own)).body).order.drafts).toEqual([])
})

test('a file that is HTML under a .pdf or .docx name is never served as HTML', async () => {
  const a = await world('dre')
  const cookie = await customerSession(a)
  // The sniffer calls it text; delivered as the "other" file with a .pdf name.
  const delivered = await deliverDraft(a.staff, { orderPublicId: a.order.public_id, serviceId: a.order.services[0]!._id, other: upload('evil.pdf', HTML_BYTES, 'text/plain') })
  if (!delivered.ok) throw new Error(delivered.error)
  const other = await get(a, `/my-orders/${a.order.public_id}/drafts/${delivered.draftId}/files/other/0`, cookie)
  expect(other.status).toBe(200)
  expect(other.headers['content-type']).toBe('application/octet-stream')
  // Saved under the sniffed type's extension, never the uploaded one.
  expect(other.headers['content-disposition']).toBe("attachment; filename*=UTF-8''evil.txt")
  expect(other.headers['x-content-type-options']).toBe('nosniff')
  // A draft whose PDF and Word slots name HTML bytes (as if stored wrongly): the inline route refuses, downloads stay attachments, the preview has no script.
  const key = `${a.org.id}_${newPublicId()}.pdf`
  await storage().put(key, HTML_BYTES)
  const forged = { file: { key, originalname: 'cv.pdf', size: HTML_BYTES.length, mimetype: 'application/pdf' } }
  const forgedWord = { file: { key, originalname: 'cv.docx', size: HTML_BYTES.length, mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } }
  const draftId = newPublicId()
  await platformDb
    .insertInto('drafts')
    .values({
      public_id: draftId,
      client_id: a.org.id,
      order_id: a.order.id,
      service_id: a.order.services[0]!._id,
      data: JSON.stringify({ dataPdf: forged, dataWord: forgedWord, additionalFiles: [], notes: '' }),
      approval_status: null,
    })
    .execute()
  const p = paths(a, draftId)
  const inline = await get(a, p.pdf, cookie)
  expect(inline.status).toBe(404)
  expect(inline.headers['content-type']).toMatch(/^text\/plain/)
  expect(inline.body).not.toContain('<script>')
  for (const path of [p.download, p.word]) {
    const res = await get(a, path, cookie)
    expect(res.headers['content-type'], path).toBe('application/octet-stream')
    expect(res.headers['content-disposition'], path).toMatch(/^attachment;/)
  }
  const page = await get(a, p.page, cookie)
  expect(page.status).toBe(200)
  expect(page.body).not.toContain('window.pwned')
})

test('signed out, a staff session and unknown hosts get no drafts', async () => {
  const a = await world('drf')
  const staff = await staffSession(a)
  const p = paths(a)
  for (const cookie of [undefined, staff]) {
    for (const path of [p.page, p.pdf, p.download]) {
      const res = await get(a, path, cookie)
      expect(res.status, path).toBe(302)
      expect(res.headers.location).toMatch(/^\/login/)
    }
    for (const path of [p.accept, p.revision, p.rating, `/api/portal/orders/${a.order.public_id}/tip`]) {
      const res = await post(a, path, cookie, { notes: 'x', rating: 5, review: '', amount: 5, paymentMethod: 'pm_card_visa' })
      expect(res.status, path).toBe(401)
    }
  }
  for (const host of [`nosuch${Date.now()}.localhost:${PORT}`, `localhost:${PORT}`]) {
    expect((await get({ host }, p.page, await customerSession(a))).status).toBe(404)
    // Refused either way: an unknown origin by the same-origin guard (403), or no portal here (404).
    expect([403, 404]).toContain((await post({ host }, p.accept, undefined, {})).status)
  }
})

test('answers: twice is 409, malformed bodies are 400, ratings off is 403, a log-in-as session cannot tip', async () => {
  const a = await world('drg')
  await createConnectedAccount({ clientId: a.org.id })
  const cookie = await customerSession(a)
  const p = paths(a)
  for (const body of ['{not json', '[]', JSON.stringify({ notes: 42 }), JSON.stringify({ notes: '' })]) {
    const res = await post(a, p.revision, cookie, body)
    expect(res.status, body).toBe(400)
    expect(JSON.parse(res.body).error).toBeTruthy()
  }
  for (const body of [{ rating: 9 }, { rating: 'five' }, { rating: 3, review: 'x'.repeat(2001) }, '{']) {
    expect((await post(a, p.rating, cookie, body)).status, JSON.stringify(body)).toBe(400)
  }
  for (const body of [{ amount: 'lots', paymentMethod: 'pm_card_visa' }, { amount: 5 }, { amount: 5000, paymentMethod: 'pm_card_visa' }, '{']) {
    expect((await post(a, `/api/portal/orders/${a.order.public_id}/tip`, cookie, body)).status, JSON.stringify(body)).toBe(400)
  }
  const accepted = await post(a, p.accept, cookie, {})
  expect(accepted.status, accepted.body).toBe(200)
  expect((await post(a, p.accept, cookie, {})).status).toBe(409)
  expect((await post(a, p.revision, cookie, { notes: 'late' })).status).toBe(409)
  expect((await post(a, p.rating, cookie, { rating: 5, review: 'Great' })).status).toBe(200)
  expect((await post(a, p.rating, cookie, { rating: 4, review: 'Again' })).status).toBe(409)

  const impersonated = await impersonatedSession(a)
  const refused = await post(a, `/api/portal/orders/${a.order.public_id}/tip`, impersonated, { amount: 5, paymentMethod: 'pm_card_visa' })
  expect(refused.status, refused.body).toBe(403)
  const tipped = await post(a, `/api/portal/orders/${a.order.public_id}/tip`, cookie, { amount: 5, paymentMethod: 'pm_card_visa', idempotencyKey: 'k1' })
  expect(tipped.status, tipped.body).toBe(200)
  const other = await customerSession(a, a.other.email)
  expect((await post(a, `/api/portal/orders/${a.order.public_id}/tip`, other, { amount: 5, paymentMethod: 'pm_card_visa' })).status).toBe(404)

  const off = await world('drh', { disable_customer_rating: true, hide_tip: true })
  const offCookie = await customerSession(off)
  const rating = await post(off, paths(off).rating, offCookie, { rating: 5, review: '' })
  expect(rating.status).toBe(403)
  expect(JSON.parse(rating.body).error).toBe('Rating drafts is turned off for this portal')
  expect((await post(off, `/api/portal/orders/${off.order.public_id}/tip`, offCookie, { amount: 5, paymentMethod: 'pm_card_visa' })).status).toBe(403)
  const page = await get(off, paths(off).page, offCookie)
  expect(page.body).not.toContain('Rate this delivery')
  expect(page.body).not.toContain('Tip your writer')
})

test('hide_ms_word_document: no Word download or preview, server-side too', async () => {
  const a = await world('dri', { hide_ms_word_document: true })
  const cookie = await customerSession(a)
  const p = paths(a)
  expect((await get(a, p.word, cookie)).status).toBe(404)
  const page = await get(a, p.page, cookie)
  expect(page.body).not.toContain('draft.docx')
  expect(page.body).not.toContain('Word document')
  const call = await get(a, `/api/portal/orders/${a.order.public_id}`, cookie)
  expect(call.body).not.toContain('draft.docx')
})

test('a revision request takes files past the 1 MB form limit, through the call (multipart)', async () => {
  const a = await world('drj')
  const cookie = await customerSession(a)
  const boundary = `----draftdesk${newPublicId()}`
  const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 32), Buffer.from('\n%%EOF\n')])
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\nSee my marked-up copy.\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="marked-up.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await rawRequest({
    method: 'POST',
    path: paths(a).revision,
    headers: { ...headers(a, cookie), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
    body,
  })
  expect(res.status, res.body).toBe(200)
  const response = await platformDb.selectFrom('draft_responses').select(['kind', 'notes', 'files']).where('order_id', '=', a.order.id).executeTakeFirstOrThrow()
  expect(response).toMatchObject({ kind: 'revision', notes: 'See my marked-up copy.' })
  expect(response.files![0]!.file.originalname).toBe('marked-up.pdf')
})

test('hide_click_to_upload: the revision form has no click-to-upload control, only the labelled drop zone', async () => {
  const a = await world('drk', { hide_click_to_upload: true })
  const page = await get(a, paths(a).page, await customerSession(a))
  expect(page.body).toContain('Drop files here (optional, up to 5)')
  expect(page.body).not.toContain('Files (optional, up to 5)')
})

test('a log-in-as session cannot accept, revise or rate a draft in the customer’s name; the customer still can', async () => {
  const a = await world('dri')
  const p = paths(a)
  const impersonated = await impersonatedSession(a)
  for (const [path, body] of [
    [p.accept, {}],
    [p.revision, { notes: 'Written by staff' }],
    [p.rating, { rating: 5, review: 'Written by staff' }],
  ] as const) {
    const res = await post(a, path, impersonated, body)
    expect(res.status, `${path}: ${res.body}`).toBe(403)
    expect(JSON.parse(res.body).error).toBe(ANSWER_IMPERSONATION)
  }
  const answers = await platformDb.selectFrom('draft_responses').select('id').where('client_id', '=', a.org.id).execute()
  expect(answers).toEqual([])
  expect((await post(a, p.accept, await customerSession(a), {})).status).toBe(200)
})
