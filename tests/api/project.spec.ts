// The project detail's JSON routes (and its page action) through the real HTTP server: the project
// shape, custom tags, draft withdrawal, reopening a revision, other organisations' ids and permissions.
import { expect, test } from '@playwright/test'
import { completeTask, findOrder, recordActivity, type OrderRow } from '#app/models/orders.server'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb, tenantDb } from '#app/services/db.server'
import { createDraft, createOrder, createOrderWorld } from '#tests/factories/orders'
import { createTenant } from '#tests/factories/index'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const tenant = (clientId: number) => ({ db: tenantDb(clientId), clientId })

const TWO_SERVICE_MODULES = [
  { id: 'previous_document', title: 'Upload Documents' },
  { id: 'revision_process', title: 'Revision Process' },
  { id: 'final_document', title: 'Final Document' },
]

/** An organisation signed in as its owner, with one order (three modules), a second order and drafts. */
async function world(playwright: Parameters<typeof ownerSession>[1]) {
  const session = await ownerSession(open, playwright)
  const clientId = session.org.id
  const { product, customer, writer, reviewer, orders } = await createOrderWorld(clientId, 2)
  const [order, other] = orders as [OrderRow, OrderRow]
  const draft = await createDraft(clientId, order, { writerUserId: writer.userId, notes: 'Here is the first draft.', rating: 4 })
  const otherDraft = await createDraft(clientId, other)
  return { ...session, clientId, product, customer, writer, reviewer, order, other, draft, otherDraft }
}

/** Another organisation with an order, a draft and an accepted revision: nothing of it may change. */
async function foreignWorld() {
  const { org } = await createTenant()
  const { orders } = await createOrderWorld(org.id, 1)
  let order = orders[0]!
  await completeTask(tenant(org.id), order, { serviceId: order.services[0]!._id, taskId: 'revision_process' })
  order = (await findOrder(tenant(org.id), order.public_id))!
  const draft = await createDraft(org.id, order)
  await platformDb.insertInto('tags').values({ client_id: org.id, public_id: newPublicId(), text: 'theirs' }).execute()
  return { org, order, draft }
}

async function snapshot(clientId: number, orderId: number) {
  const order = await platformDb.selectFrom('orders').select(['status_percentage', 'updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow()
  const drafts = await platformDb.selectFrom('drafts').select(['public_id', 'deleted_at', 'deleted_reason']).where('order_id', '=', orderId).orderBy('id').execute()
  const tasks = await platformDb.selectFrom('order_tasks').select(['task_id']).where('order_id', '=', orderId).orderBy('id').execute()
  const tags = await platformDb.selectFrom('order_tags').select(['tag_id', 'position']).where('order_id', '=', orderId).orderBy('position').execute()
  const orgTags = await platformDb.selectFrom('tags').select('text').where('client_id', '=', clientId).orderBy('text').execute()
  const activity = await platformDb.selectFrom('order_activity').select('id').where('order_id', '=', orderId).execute()
  return { order, drafts, tasks, tags, orgTags, activity: activity.length }
}

test.describe('GET /api/client/project/{orderId}', () => {
  test('answers the order, its activity newest first, files and drafts', async ({ playwright }) => {
    const w = await world(playwright)
    await recordActivity(tenant(w.clientId), w.order.id, null, 'First thing happened')
    await new Promise((r) => setTimeout(r, 5))
    await recordActivity(tenant(w.clientId), w.order.id, null, 'Second thing happened')
    await completeTask(tenant(w.clientId), w.order, { serviceId: w.order.services[0]!._id, taskId: 'previous_document' })

    const res = await w.request.get(`/api/client/project/${w.order.public_id}`)
    expect(res.status()).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: true, statusCode: 200 })
    expect(body.order).toMatchObject({
      _id: w.order.public_id,
      package: { packageName: w.order.package_name },
      customer: w.order.customer_name,
      statusPercentage: 33,
      dueDate: null,
      writer: null,
      customTags: [],
      completed_tasks: [{ serviceId: w.order.services[0]!._id, taskId: 'previous_document', serviceType: 'resume' }],
    })
    expect(body.order.package.packageServices[0].serviceModules.map((m: { id: string }) => m.id)).toEqual(TWO_SERVICE_MODULES.map((m) => m.id))
    expect(body.notifications.map((n: { contant: string }) => n.contant)).toEqual(['Second thing happened', 'First thing happened'])
    expect(body.notifications[0]).toEqual({ _id: expect.any(String), contant: 'Second thing happened', createdAt: expect.any(String) })
    expect(body.files).toEqual([])
    expect(body.draftResumes).toHaveLength(1)
    expect(body.draftResumes[0]).toMatchObject({
      _id: w.draft.public_id,
      order_id: w.order.public_id,
      serviceId: w.order.services[0]!._id,
      writer: 'Wren Writer',
      data: { notes: 'Here is the first draft.', dataPdf: { file: { originalname: 'draft.pdf' } } },
      adminApproval: { pending: false, approved: true, rejectionReason: null },
      rating: 4,
      reviewedByUser: false,
      deletedBy: null,
    })
    // The other order's draft is not part of this project.
    expect(body.draftResumes.map((d: { _id: string }) => d._id)).not.toContain(w.otherDraft.public_id)
  })

  test('an upload on the page is attached, listed and downloadable; names with commas are refused', async ({ playwright }) => {
    const w = await world(playwright)
    const page = `/project/view/${w.order.public_id}`
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
    const refused = await w.request.post(page, {
      headers: ORIGIN_HEADERS,
      multipart: { intent: 'upload', file: { name: 'brief, v2.pdf', mimeType: 'application/pdf', buffer: pdf } },
      maxRedirects: 0,
    })
    expect(refused.status()).toBe(400)
    expect(await refused.text()).toContain('Please do not use any commas or apostrophes in the file name!')
    const junk = await w.request.post(page, {
      headers: ORIGIN_HEADERS,
      multipart: { intent: 'upload', file: { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from([0x4d, 0x5a, 0, 0, 1, 2]) } },
      maxRedirects: 0,
    })
    expect(junk.status()).toBe(400)
    expect(await junk.text()).toContain('Something went wrong, Please re-upload again!')

    const res = await w.request.post(page, {
      headers: ORIGIN_HEADERS,
      multipart: { intent: 'upload', file: { name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf } },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    const body = await (await w.request.get(`/api/client/project/${w.order.public_id}`)).json()
    expect(body.files).toEqual([
      {
        _id: expect.any(String),
        file: { originalname: 'brief.pdf', size: pdf.length, key: expect.any(String), mimetype: 'application/pdf' },
        kind: 'attachment',
        createdAt: expect.any(String),
      },
    ])
    expect(body.notifications[0].contant).toContain('attached the file brief.pdf')
    const download = await w.request.get(`/api/file/download/${body.files[0].file.key}`)
    expect(download.status()).toBe(200)
    expect(Buffer.from(await download.body())).toEqual(pdf)
  })

  test('answers 405 to methods it does not serve', async ({ playwright }) => {
    const w = await world(playwright)
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await w.request[method](`/api/client/project/${w.order.public_id}`, { headers: ORIGIN_HEADERS })
      expect(res.status(), method).toBe(405)
      expect(await res.json()).toMatchObject({ status: false, error: 'Method Not Allowed' })
    }
  })
})

test.describe('custom tags', () => {
  test('are normalised, deduplicated and marked new only when this call created them', async ({ playwright }) => {
    const w = await world(playwright)
    expect(await (await w.request.get('/api/client/orders/customTags')).json()).toMatchObject({ status: true, data: [] })

    const first = await w.request.patch(`/api/client/orders/${w.order.public_id}/custom-tags`, {
      headers: ORIGIN_HEADERS,
      data: { tags: [' VIP ', 'vip', 'Rush   Job', '', { text: 'Résumé' }, 'resume'] },
    })
    expect(first.status()).toBe(200)
    const saved = (await first.json()).data as { _id: string; value: string; new: boolean }[]
    expect(saved.map(({ value, new: isNew }) => ({ value, new: isNew }))).toEqual([
      { value: 'vip', new: true },
      { value: 'rush job', new: true },
      { value: 'résumé', new: true },
      { value: 'resume', new: true },
    ])

    const second = await w.request.patch(`/api/client/orders/${w.other.public_id}/custom-tags`, { headers: ORIGIN_HEADERS, data: { tags: ['RUSH JOB', { value: 'Follow-up' }] } })
    const again = (await second.json()).data as { _id: string; value: string; new: boolean }[]
    expect(again).toEqual([
      { _id: saved[1]!._id, value: 'rush job', new: false },
      { _id: expect.any(String), value: 'follow-up', new: true },
    ])

    const suggestions = await (await w.request.get('/api/client/orders/customTags')).json()
    expect(suggestions.data.map((t: { text: string }) => t.text)).toEqual(['follow-up', 'resume', 'rush job', 'résumé', 'vip'])
    expect(suggestions.data[0]).toEqual({ _id: expect.any(String), text: 'follow-up' })

    const project = await (await w.request.get(`/api/client/project/${w.order.public_id}`)).json()
    expect(project.order.customTags.map((t: { text: string }) => t.text)).toEqual(['vip', 'rush job', 'résumé', 'resume'])
    expect(project.notifications[0].contant).toContain('set the tags: vip, rush job, résumé, resume')

    // Replacing keeps the organisation's tags as suggestions; an empty list clears the order's.
    await w.request.patch(`/api/client/orders/${w.order.public_id}/custom-tags`, { headers: ORIGIN_HEADERS, data: { tags: [] } })
    const cleared = await (await w.request.get(`/api/client/project/${w.order.public_id}`)).json()
    expect(cleared.order.customTags).toEqual([])
    expect((await (await w.request.get('/api/client/orders/customTags')).json()).data).toHaveLength(5)
  })

  test('refuses bad bodies with 400 and answers 405 to other methods', async ({ playwright }) => {
    const w = await world(playwright)
    const url = `/api/client/orders/${w.order.public_id}/custom-tags`
    for (const data of [{}, { tags: 'vip' }, { tags: [1] }, { tags: ['x'.repeat(65)] }, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }]) {
      const res = await w.request.patch(url, { headers: ORIGIN_HEADERS, data })
      expect(res.status(), JSON.stringify(data).slice(0, 40)).toBe(400)
      expect((await res.json()).status).toBe(false)
    }
    expect((await w.request.get(url)).status()).toBe(405)
    expect((await w.request.post(url, { headers: ORIGIN_HEADERS, data: { tags: [] } })).status()).toBe(405)
    expect((await w.request.post('/api/client/orders/customTags', { headers: ORIGIN_HEADERS })).status()).toBe(405)
    expect((await snapshot(w.clientId, w.order.id)).tags).toEqual([])
  })
})

test.describe('DELETE /api/orders/{orderId}/drafts/{draftId}', () => {
  test('needs a reason, withdraws once, and writes activity', async ({ playwright }) => {
    const w = await world(playwright)
    const url = `/api/orders/${w.order.public_id}/drafts/${w.draft.public_id}`
    for (const data of [{}, { reason: '   ' }, { reason: 42 }]) {
      const res = await w.request.delete(url, { headers: ORIGIN_HEADERS, data })
      expect(res.status()).toBe(400)
      expect((await res.json()).error).toBe('Please provide a reason')
    }
    const ok = await w.request.delete(url, { headers: ORIGIN_HEADERS, data: { reason: 'Wrong file attached' } })
    expect(ok.status()).toBe(200)
    expect(await ok.json()).toMatchObject({ status: true, message: 'Deleted!' })

    const project = await (await w.request.get(`/api/client/project/${w.order.public_id}`)).json()
    expect(project.draftResumes[0]).toMatchObject({
      _id: w.draft.public_id,
      deletedBy: w.owner.accounts.get(w.clientId)!.publicId,
      deletedReason: 'Wrong file attached',
      deletedAt: expect.any(String),
    })
    expect(project.notifications[0].contant).toContain('withdrew a draft of Resume workflow. Reason: Wrong file attached')

    const twice = await w.request.delete(url, { headers: ORIGIN_HEADERS, data: { reason: 'Again' } })
    expect(twice.status()).toBe(409)
    expect((await twice.json()).error).toBe('This draft has already been withdrawn')
    const row = await platformDb.selectFrom('drafts').select('deleted_reason').where('id', '=', w.draft.id).executeTakeFirstOrThrow()
    expect(row.deleted_reason).toBe('Wrong file attached')
    for (const method of ['get', 'post', 'patch'] as const) expect((await w.request[method](url, { headers: ORIGIN_HEADERS })).status(), method).toBe(405)
  })
})

test.describe('PATCH /api/client/orders/{orderId}/services/{serviceId}/reopen-revision', () => {
  test('reopens only an accepted revision, and the status percentage drops', async ({ playwright }) => {
    const w = await world(playwright)
    const serviceId = w.order.services[0]!._id
    const url = `/api/client/orders/${w.order.public_id}/services/${serviceId}/reopen-revision`
    const notYet = await w.request.patch(url, { headers: ORIGIN_HEADERS })
    expect(notYet.status()).toBe(409)

    await completeTask(tenant(w.clientId), w.order, { serviceId, taskId: 'previous_document' })
    await completeTask(tenant(w.clientId), w.order, { serviceId, taskId: 'revision_process' })
    expect((await findOrder(tenant(w.clientId), w.order.public_id))!.status_percentage).toBe(66)

    const res = await w.request.patch(url, { headers: ORIGIN_HEADERS })
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: true, message: 'Reopened successfully!', statusPercentage: 33 })
    const project = await (await w.request.get(`/api/client/project/${w.order.public_id}`)).json()
    expect(project.order.statusPercentage).toBe(33)
    expect(project.order.completed_tasks.map((t: { taskId: string }) => t.taskId)).toEqual(['previous_document'])
    expect(project.notifications[0].contant).toContain('reopened the revision of Resume workflow')

    expect((await w.request.patch(url, { headers: ORIGIN_HEADERS })).status()).toBe(409)
    expect((await w.request.patch(`/api/client/orders/${w.order.public_id}/services/nosuchservice/reopen-revision`, { headers: ORIGIN_HEADERS })).status()).toBe(404)
    for (const method of ['get', 'post', 'delete'] as const) expect((await w.request[method](url, { headers: ORIGIN_HEADERS })).status(), method).toBe(405)
  })

  test('is refused on an order marked as complete (irreversible)', async ({ playwright }) => {
    const w = await world(playwright)
    const completed = await createOrder(
      w.clientId,
      { customerUserId: w.customer.userId, productId: w.product.productId },
      { completedTasks: ['revision_process'], marked_as_complete: true },
    )
    const serviceId = completed.services[0]!._id
    const res = await w.request.patch(`/api/client/orders/${completed.public_id}/services/${serviceId}/reopen-revision`, { headers: ORIGIN_HEADERS })
    expect(res.status()).toBe(409)
    expect((await res.json()).error).toContain('marked as complete')
    const after = await platformDb.selectFrom('order_tasks').select('task_id').where('order_id', '=', completed.id).execute()
    expect(after.map((t) => t.task_id)).toEqual(['revision_process'])
    expect((await findOrder(tenant(w.clientId), completed.public_id))!.status_percentage).toBe(100)
  })
})

test.describe('another organisation', () => {
  test("ids of another organisation's orders and drafts answer 404 and change nothing", async ({ playwright }) => {
    const w = await world(playwright)
    const them = await foreignWorld()
    const before = await snapshot(them.org.id, them.order.id)
    const mineBefore = await snapshot(w.clientId, w.order.id)
    const serviceId = them.order.services[0]!._id
    const reason = { reason: 'Not yours' }

    const answers = [
      await w.request.get(`/api/client/project/${them.order.public_id}`),
      await w.request.patch(`/api/client/orders/${them.order.public_id}/custom-tags`, { headers: ORIGIN_HEADERS, data: { tags: ['hijack'] } }),
      await w.request.delete(`/api/orders/${them.order.public_id}/drafts/${them.draft.public_id}`, { headers: ORIGIN_HEADERS, data: reason }),
      // Own order, their draft; their order, own draft; own order, a draft of another own order.
      await w.request.delete(`/api/orders/${w.order.public_id}/drafts/${them.draft.public_id}`, { headers: ORIGIN_HEADERS, data: reason }),
      await w.request.delete(`/api/orders/${them.order.public_id}/drafts/${w.draft.public_id}`, { headers: ORIGIN_HEADERS, data: reason }),
      await w.request.delete(`/api/orders/${w.order.public_id}/drafts/${w.otherDraft.public_id}`, { headers: ORIGIN_HEADERS, data: reason }),
      await w.request.patch(`/api/client/orders/${them.order.public_id}/services/${serviceId}/reopen-revision`, { headers: ORIGIN_HEADERS }),
      await w.request.patch(`/api/client/orders/${w.order.public_id}/services/${serviceId}/reopen-revision`, { headers: ORIGIN_HEADERS }),
    ]
    for (const res of answers) expect(res.status(), res.url()).toBe(404)

    // The page and its actions too.
    const page = `/project/view/${them.order.public_id}`
    expect((await w.request.get(page)).status()).toBe(404)
    const forms: Record<string, string>[] = [
      { intent: 'tags', newTags: 'hijack' },
      { intent: 'withdraw', draftId: them.draft.public_id, reason: 'x' },
      { intent: 'reopen', serviceId },
    ]
    for (const form of forms) {
      expect((await w.request.post(page, { headers: ORIGIN_HEADERS, form, maxRedirects: 0 })).status(), form.intent).toBe(404)
    }
    expect(
      (
        await w.request.post(`/project/view/${w.order.public_id}`, {
          headers: ORIGIN_HEADERS,
          form: { intent: 'withdraw', draftId: them.draft.public_id, reason: 'x' },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(404)

    const suggestions = await (await w.request.get('/api/client/orders/customTags')).json()
    expect(suggestions.data.map((t: { text: string }) => t.text)).not.toContain('theirs')
    expect(await snapshot(them.org.id, them.order.id)).toEqual(before)
    const mineAfter = await snapshot(w.clientId, w.order.id)
    expect(mineAfter.drafts).toEqual(mineBefore.drafts)
    expect((await snapshot(w.clientId, w.other.id)).drafts[0]!.deleted_at).toBeNull()
  })
})

test.describe('permissions', () => {
  test('without READ_ORDERS the project and the tag list are 403', async ({ playwright }) => {
    const w = await world(playwright)
    const staff = await staffSession(open, playwright, w.clientId, w.org.name, ['READ_CUSTOMERS'])
    for (const url of [`/api/client/project/${w.order.public_id}`, '/api/client/orders/customTags']) {
      const res = await staff.request.get(url)
      expect(res.status(), url).toBe(403)
      expect((await res.json()).status).toBe(false)
    }
    expect((await staff.request.get(`/project/view/${w.order.public_id}`)).status()).toBe(403)
  })

  test('with READ_ORDERS only, reading works and every change is 403', async ({ playwright }) => {
    const w = await world(playwright)
    await completeTask(tenant(w.clientId), w.order, { serviceId: w.order.services[0]!._id, taskId: 'revision_process' })
    const before = await snapshot(w.clientId, w.order.id)
    const staff = await staffSession(open, playwright, w.clientId, w.org.name, ['READ_ORDERS'])
    expect((await staff.request.get(`/api/client/project/${w.order.public_id}`)).status()).toBe(200)
    expect((await staff.request.get('/api/client/orders/customTags')).status()).toBe(200)
    const page = await staff.request.get(`/project/view/${w.order.public_id}`)
    expect(page.status()).toBe(200)
    const html = await page.text()
    expect(html).toContain('Projects Overview')
    expect(html).not.toContain('Edit tags')

    const serviceId = w.order.services[0]!._id
    const answers = [
      await staff.request.patch(`/api/client/orders/${w.order.public_id}/custom-tags`, { headers: ORIGIN_HEADERS, data: { tags: ['x'] } }),
      await staff.request.delete(`/api/orders/${w.order.public_id}/drafts/${w.draft.public_id}`, { headers: ORIGIN_HEADERS, data: { reason: 'x' } }),
      await staff.request.patch(`/api/client/orders/${w.order.public_id}/services/${serviceId}/reopen-revision`, { headers: ORIGIN_HEADERS }),
      await staff.request.post(`/project/view/${w.order.public_id}`, { headers: ORIGIN_HEADERS, form: { intent: 'reopen', serviceId }, maxRedirects: 0 }),
    ]
    for (const res of answers) expect(res.status(), res.url()).toBe(403)
    expect(await snapshot(w.clientId, w.order.id)).toEqual(before)
  })

  test('a staff member with UPDATE_ORDERS may change tags', async ({ playwright }) => {
    const w = await world(playwright)
    const staff = await staffSession(open, playwright, w.clientId, w.org.name, ['READ_ORDERS', 'UPDATE_ORDERS'])
    const res = await staff.request.patch(`/api/client/orders/${w.order.public_id}/custom-tags`, { headers: ORIGIN_HEADERS, data: { tags: ['ok'] } })
    expect(res.status()).toBe(200)
  })
})
