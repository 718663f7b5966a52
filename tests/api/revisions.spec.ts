// Revisions approval through the real HTTP server: the queue (only pending drafts of this organisation,
// oldest first), the feature switch, approve and reject with files, second decisions, cross-tenant ids,
// the permission, and the same-origin rule on the state-changing approve GET.
import { type APIRequestContext, expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createDraft, createOrderWorld } from '#tests/factories/orders'
import { createTenant } from '#tests/factories/index'
import { signIn } from '#tests/security/helpers'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()

/** What a same-origin page sends with the approve GET (the server refuses it without proof). */
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

async function setRevisionsApproval(clientId: number, on: boolean) {
  await platformDb
    .updateTable('organisation_settings')
    .set({ settings: JSON.stringify({ enable_revisions_approval_feature: on }) })
    .where('client_id', '=', clientId)
    .execute()
}

const draftRow = (publicId: string) => platformDb.selectFrom('drafts').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
const activityOf = async (orderId: number) =>
  (await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', orderId).orderBy('id').execute()).map((a) => a.content)

/** Organisation A (owner signed in, feature on) with one order and its writer; organisation B likewise, not signed in. */
async function twoOrganisations(playwright: Parameters<typeof ownerSession>[1], opts: { featureA?: boolean } = {}) {
  const a = await ownerSession(open, playwright)
  await setRevisionsApproval(a.org.id, opts.featureA ?? true)
  const worldA = await createOrderWorld(a.org.id, 1)
  const b = await createTenant()
  await setRevisionsApproval(b.org.id, true)
  const worldB = await createOrderWorld(b.org.id, 1)
  return { a, worldA, b, worldB }
}

async function upload(request: APIRequestContext, name = 'notes.pdf') {
  const res = await request.post('/api/file/upload', { headers: ORIGIN_HEADERS, multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).file as { key: string; originalname: string; size: number; mimetype: string }
}

const approve = (request: APIRequestContext, id: string, headers: Record<string, string> = SAME_ORIGIN) => request.get(`/api/client/orders/revision/approve/${id}`, { headers })
const reject = (request: APIRequestContext, data: unknown) => request.post('/api/client/orders/revision/reject', { headers: ORIGIN_HEADERS, data })

test('lists only the pending, not withdrawn drafts of this organisation, oldest first, in the Revision shape', async ({ playwright }) => {
  const { a, worldA, worldB, b } = await twoOrganisations(playwright)
  const order = worldA.orders[0]!
  const writer = worldA.writer.userId
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)
  const newer = await createDraft(a.org.id, order, { approval: 'pending', writerUserId: writer, notes: 'Second try', createdAt: at(10) })
  const older = await createDraft(a.org.id, order, { approval: 'pending', writerUserId: writer, notes: 'First try', createdAt: at(60) })
  await createDraft(a.org.id, order, { approval: 'approved', writerUserId: writer })
  await createDraft(a.org.id, order, { approval: 'rejected', writerUserId: writer })
  await createDraft(a.org.id, order, { approval: null, writerUserId: writer })
  const withdrawn = await createDraft(a.org.id, order, { approval: 'pending', writerUserId: writer })
  await platformDb.updateTable('drafts').set({ deleted_by: writer, deleted_reason: 'Wrong file', deleted_at: new Date() }).where('id', '=', withdrawn.id).execute()
  await createDraft(b.org.id, worldB.orders[0]!, { approval: 'pending', writerUserId: worldB.writer.userId })

  const res = await a.request.get('/api/client/orders/revisions')
  expect(res.status()).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({ status: true, settings: { enable_revisions_approval_feature: true }, count: 2 })
  expect(body.data.map((r: { _id: string }) => r._id)).toEqual([older.public_id, newer.public_id])
  const first = body.data[0]
  expect(first).toMatchObject({
    _id: older.public_id,
    order_id: order.public_id,
    packageName: order.package_name,
    serviceName: order.services[0]!.serviceName,
    customerName: order.customer_name,
    writerName: 'Wren Writer',
    data: { notes: 'First try', dataOther: null, additionalFiles: [] },
  })
  expect(first.data.dataPdf.file.key).toEqual(expect.any(String))
  expect(first.data.dataWord.file.originalname).toBe('draft.docx')
  expect(new Date(first.createdAt).getTime()).toBeLessThan(new Date(body.data[1].createdAt).getTime())
})

test('pages 100, 150 or 200 at a time and refuses other sizes', async ({ playwright }) => {
  const { a } = await twoOrganisations(playwright)
  expect((await a.request.get('/api/client/orders/revisions?size=150&start=0')).status()).toBe(200)
  const bad = await a.request.get('/api/client/orders/revisions?size=7')
  expect(bad.status()).toBe(400)
  expect((await bad.json()).error).toBe('size must be 100, 150 or 200')
  expect((await a.request.get('/api/client/orders/revisions?start=-1')).status()).toBe(400)
})

test('with the feature off the queue is empty, says why, and nothing can be decided', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright, { featureA: false })
  const draft = await createDraft(a.org.id, worldA.orders[0]!, { approval: 'pending' })
  const list = await (await a.request.get('/api/client/orders/revisions')).json()
  expect(list).toMatchObject({ status: true, settings: { enable_revisions_approval_feature: false }, data: [], count: 0 })
  const approved = await approve(a.request, draft.public_id)
  expect(approved.status()).toBe(409)
  expect((await approved.json()).error).toBe('Revisions approval is not enabled for your organisation.')
  expect((await reject(a.request, { revisionId: draft.public_id, rejectionReason: 'No' })).status()).toBe(409)
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')
})

test('approve: pending becomes approved once, with activity; a second decision is refused', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright)
  const order = worldA.orders[0]!
  const draft = await createDraft(a.org.id, order, { approval: 'pending' })

  const res = await approve(a.request, draft.public_id)
  expect(res.status(), await res.text()).toBe(200)
  expect(await res.json()).toMatchObject({
    status: true,
    message: 'Revision Approved Successfully!',
    data: { _id: draft.public_id, order_id: order.public_id, adminApproval: 'approved' },
  })
  expect((await draftRow(draft.public_id)).approval_status).toBe('approved')
  expect((await activityOf(order.id)).some((c) => /revision approved by/.test(c))).toBe(true)
  const audit = await platformDb.selectFrom('audit_logs').select(['action', 'status']).where('client_id', '=', a.org.id).where('action', '=', 'revision_approve').execute()
  expect(audit).toEqual([{ action: 'revision_approve', status: 'success' }])

  const again = await approve(a.request, draft.public_id)
  expect(again.status()).toBe(409)
  expect((await again.json()).error).toBe('This revision has already been approved or rejected.')
  const late = await reject(a.request, { revisionId: draft.public_id, rejectionReason: 'Too late' })
  expect(late.status()).toBe(409)
  expect(await draftRow(draft.public_id)).toMatchObject({ approval_status: 'approved', rejection_reason: null })

  const list = await (await a.request.get('/api/client/orders/revisions')).json()
  expect(list.count).toBe(0)
})

test('reject: the reason is required; files go back to the writer in the draft file shape', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright)
  const order = worldA.orders[0]!
  const draft = await createDraft(a.org.id, order, { approval: 'pending' })

  for (const body of [{ revisionId: draft.public_id }, { revisionId: draft.public_id, rejectionReason: '   ' }]) {
    const res = await reject(a.request, body)
    expect(res.status()).toBe(400)
    expect(await res.json()).toMatchObject({ status: false, error: 'Please enter the reason for rejection' })
  }
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')

  const file = await upload(a.request, 'fix-these.pdf')
  // The upload answer's object, as a client holds it: only its key counts.
  const res = await reject(a.request, {
    revisionId: draft.public_id,
    rejectionReason: 'Please tighten the summary.',
    uploadedFiles: [{ ...file, originalname: 'forged.exe', size: 1 }],
  })
  expect(res.status(), await res.text()).toBe(200)
  expect(await res.json()).toMatchObject({ status: true, message: 'Revision Rejected Successfully!', data: { adminApproval: 'rejected' } })
  const row = await draftRow(draft.public_id)
  expect(row).toMatchObject({ approval_status: 'rejected', rejection_reason: 'Please tighten the summary.' })
  expect(row.rejection_files).toEqual([{ file: { key: file.key, originalname: 'fix-these.pdf', size: file.size, mimetype: 'application/pdf' } }])
  const stored = await platformDb.selectFrom('files').select('purpose').where('storage_key', '=', file.key).executeTakeFirstOrThrow()
  expect(stored.purpose).toBe('draft_rejection')
  expect((await activityOf(order.id)).some((c) => c.includes('revision rejected by') && c.endsWith('Please tighten the summary.'))).toBe(true)

  const again = await reject(a.request, { revisionId: draft.public_id, rejectionReason: 'Again' })
  expect(again.status()).toBe(409)
  expect((await approve(a.request, draft.public_id)).status()).toBe(409)
  expect((await draftRow(draft.public_id)).rejection_reason).toBe('Please tighten the summary.')
})

test('reject refuses files that are not uploads of this organisation, and changes nothing', async ({ playwright }) => {
  const { a, worldA, b } = await twoOrganisations(playwright)
  const draft = await createDraft(a.org.id, worldA.orders[0]!, { approval: 'pending' })
  const bOwner = await open(playwright)
  await signIn(bOwner, b.owner.email, b.org.name, b.owner.password)
  const foreign = await upload(bOwner, 'theirs.pdf')
  const own = await upload(a.request, 'mine.pdf')

  for (const uploadedFiles of [[foreign.key], [own.key, foreign.key], ['made-up_key.pdf'], [{ file: { key: '../../etc/passwd' } }]]) {
    const res = await reject(a.request, { revisionId: draft.public_id, rejectionReason: 'No', uploadedFiles })
    expect(res.status(), JSON.stringify(uploadedFiles)).toBe(400)
    expect((await res.json()).error).toBe('File not found')
  }
  expect(await draftRow(draft.public_id)).toMatchObject({ approval_status: 'pending', rejection_reason: null, rejection_files: null })
  // Nothing was claimed on the way: the own upload is still a generic one, the foreign one untouched.
  const purposes = await platformDb.selectFrom('files').select(['storage_key', 'purpose']).where('storage_key', 'in', [own.key, foreign.key]).execute()
  expect(purposes.map((p) => p.purpose)).toEqual(['upload', 'upload'])
  const tooMany = await reject(a.request, { revisionId: draft.public_id, rejectionReason: 'No', uploadedFiles: Array(6).fill(own.key) })
  expect(tooMany.status()).toBe(400)
})

test('ids of another organisation answer 404 and change nothing', async ({ playwright }) => {
  const { a, worldB, b } = await twoOrganisations(playwright)
  const theirs = await createDraft(b.org.id, worldB.orders[0]!, { approval: 'pending' })
  const approved = await approve(a.request, theirs.public_id)
  expect(approved.status()).toBe(404)
  expect((await approved.json()).error).toBe('Revision not found')
  const rejected = await reject(a.request, { revisionId: theirs.public_id, rejectionReason: 'Not yours' })
  expect(rejected.status()).toBe(404)
  expect((await approve(a.request, 'no-such-revision')).status()).toBe(404)
  expect(await draftRow(theirs.public_id)).toMatchObject({ approval_status: 'pending', rejection_reason: null })
  expect(await activityOf(worldB.orders[0]!.id)).toEqual([])
})

test('staff without READ_AND_UPDATE_DRAFTS_APPROVAL get 403; with it they decide', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright)
  const draft = await createDraft(a.org.id, worldA.orders[0]!, { approval: 'pending' })
  const clerk = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'UPDATE_ORDERS'])
  expect((await clerk.request.get('/api/client/orders/revisions')).status()).toBe(403)
  expect((await approve(clerk.request, draft.public_id)).status()).toBe(403)
  expect((await reject(clerk.request, { revisionId: draft.public_id, rejectionReason: 'No' })).status()).toBe(403)
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')

  const approver = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'READ_AND_UPDATE_DRAFTS_APPROVAL'])
  expect((await approver.request.get('/api/client/orders/revisions')).status()).toBe(200)
  expect((await approve(approver.request, draft.public_id)).status()).toBe(200)
})

test('a cross-site approve GET is refused and changes nothing', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright)
  const draft = await createDraft(a.org.id, worldA.orders[0]!, { approval: 'pending' })
  const refused: Record<string, string>[] = [
    {},
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'same-site' },
    { Origin: 'https://evil.example' },
    { Referer: 'https://evil.example/page' },
  ]
  for (const headers of refused) {
    const res = await approve(a.request, draft.public_id, headers)
    expect(res.status(), JSON.stringify(headers)).toBe(403)
  }
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')
  expect((await approve(a.request, draft.public_id, ORIGIN_HEADERS)).status()).toBe(200)
})

test('other methods answer 405 JSON', async ({ playwright }) => {
  const { a, worldA } = await twoOrganisations(playwright)
  const draft = await createDraft(a.org.id, worldA.orders[0]!, { approval: 'pending' })
  const cases: [string, string][] = [
    ['POST', '/api/client/orders/revisions'],
    ['DELETE', '/api/client/orders/revisions'],
    ['POST', `/api/client/orders/revision/approve/${draft.public_id}`],
    ['PATCH', `/api/client/orders/revision/approve/${draft.public_id}`],
    ['GET', '/api/client/orders/revision/reject'],
    ['PUT', '/api/client/orders/revision/reject'],
  ]
  for (const [method, url] of cases) {
    const res = await a.request.fetch(url, { method, headers: ORIGIN_HEADERS, data: {} })
    expect(res.status(), `${method} ${url}`).toBe(405)
    expect(await res.json()).toMatchObject({ status: false, error: 'Method Not Allowed' })
  }
  expect((await draftRow(draft.public_id)).approval_status).toBe('pending')
})
