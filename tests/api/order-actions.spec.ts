// Order actions through the real HTTP server: settings, flags, due date, completion, contributor and reviewer
// assignment, the contributor lists; validation, the completed-order rule, cross-tenant ids, permissions and CSRF.
import { type APIRequestContext, expect, test } from '@playwright/test'
import { newPublicId } from '#app/services/crypto.server'
import { platformDb } from '#app/services/db.server'
import { NO_SCHEDULING_LINK_WARNING } from '#app/rules/order-assignment'
import { createContributor, createOrder, createOrderWorld, createProductWithWorkflow, DEFAULT_MODULES } from '#tests/factories/orders'
import { createTenant } from '#tests/factories/index'
import { waitForMail } from '#tests/mailbox'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const orderRow = (publicId: string) => platformDb.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow()
const activityOf = async (publicId: string) => {
  const row = await orderRow(publicId)
  return (await platformDb.selectFrom('order_activity').select('content').where('order_id', '=', row.id).orderBy('id').execute()).map((a) => a.content)
}

/** An owner signed in on organisation A with three orders, and organisation B with its own world. */
async function twoOrganisations(playwright: Parameters<typeof ownerSession>[1]) {
  const a = await ownerSession(open, playwright)
  const worldA = await createOrderWorld(a.org.id, 3)
  const b = await createTenant()
  const worldB = await createOrderWorld(b.org.id, 2)
  return { a, worldA, b, worldB }
}

async function send(request: APIRequestContext, method: 'POST' | 'PATCH', url: string, data: unknown) {
  const res = await request.fetch(url, { method, data, headers: ORIGIN_HEADERS })
  return { status: res.status(), body: await res.json() }
}

test.describe('settings of one order', () => {
  test('priority, amount paid, test and hide flags answer the updated order and write activity', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const id = worldA.orders[0]!.public_id

    const priority = await send(a.request, 'PATCH', `/api/client/orders/priority/${id}`, { priority: 'urgent' })
    expect(priority.status).toBe(200)
    expect(priority.body).toMatchObject({ status: true, order: { _id: id, priority: 'urgent' } })

    const amount = await send(a.request, 'PATCH', `/api/client/orders/amountPaidToWriter/${id}`, { amountPaidToWriter: 150 })
    expect(amount.body.order.amountPaidToWriter).toBe(150)
    expect(Number((await orderRow(id)).amount_paid_to_writer_cents)).toBe(15000)

    expect((await send(a.request, 'PATCH', `/api/client/orders/testOrder/${id}`, { testOrder: true })).body.order.testOrder).toBe(true)
    expect((await send(a.request, 'PATCH', `/api/client/orders/hideOrder/${id}`, { hideOrder: true })).body.order.hideOrder).toBe(true)
    expect((await send(a.request, 'PATCH', `/api/client/orders/hideOrder/${id}`, { hideOrder: false })).body.order.hideOrder).toBe(false)

    const row = await orderRow(id)
    expect(row).toMatchObject({ priority: 'urgent', test_order: true, hide_order: false })
    const activity = await activityOf(id)
    expect(activity.some((a) => a.startsWith('Priority changed from Medium to Urgent'))).toBe(true)
    expect(activity.some((a) => a.startsWith('Amount paid to the contributor set to 150'))).toBe(true)
    expect(activity.filter((a) => /^(Hidden|Unhidden) by/.test(a))).toHaveLength(2)
  })

  test('validation: bad priority, empty or broken amount, non-boolean flags', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const id = worldA.orders[0]!.public_id
    const cases: [string, unknown, string][] = [
      [`/api/client/orders/priority/${id}`, { priority: 'critical' }, 'Please select a priority: urgent, high, medium or low'],
      [`/api/client/orders/amountPaidToWriter/${id}`, { amountPaidToWriter: '' }, 'Please select an amount!'],
      [`/api/client/orders/amountPaidToWriter/${id}`, {}, 'Please select an amount!'],
      [`/api/client/orders/amountPaidToWriter/${id}`, { amountPaidToWriter: -5 }, 'The amount cannot be negative'],
      [`/api/client/orders/amountPaidToWriter/${id}`, { amountPaidToWriter: 2.5 }, 'Please enter a whole amount'],
      [`/api/client/orders/testOrder/${id}`, { testOrder: 'yes' }, 'Must be true or false'],
      [`/api/client/orders/hideOrder/${id}`, {}, 'Must be true or false'],
    ]
    for (const [url, data, error] of cases) {
      const res = await send(a.request, 'PATCH', url, data)
      expect(res.status, url).toBe(400)
      expect(res.body).toMatchObject({ status: false, error })
    }
    expect(await orderRow(id)).toMatchObject({ priority: 'medium', amount_paid_to_writer_cents: null, test_order: false, hide_order: false })
  })

  test('mark as completed is irreversible', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const id = worldA.orders[0]!.public_id
    const done = await send(a.request, 'POST', '/api/client/orders/markedAsComplete', { orderId: id })
    expect(done.status).toBe(200)
    expect(done.body.order).toMatchObject({ _id: id, statusPercentage: 100, markedAsComplete: true, projectStatus: 'Completed' })
    expect(done.body.order.completedAt).not.toBeNull()
    const again = await send(a.request, 'POST', '/api/client/orders/markedAsComplete', { orderId: id, markedAsComplete: false })
    expect(again).toMatchObject({ status: 400, body: { status: false, error: 'This order is already marked as completed.' } })
    expect(await orderRow(id)).toMatchObject({ marked_as_complete: true, status_percentage: 100 })
    expect((await activityOf(id)).filter((c) => c.startsWith('Marked as completed'))).toHaveLength(1)
    expect((await send(a.request, 'POST', '/api/client/orders/markedAsComplete', {})).status).toBe(400)
  })
})

test.describe('due date', () => {
  test('sets a date on several orders, refuses one before today', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const ids = worldA.orders.slice(0, 2).map((o) => o.public_id)
    const res = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: ids, dueDate: day(5) })
    expect(res.status).toBe(200)
    expect(res.body.orders.map((o: { dueDate: string }) => o.dueDate.slice(0, 10))).toEqual([day(5), day(5)])
    expect(res.body.changed).toBe(2)

    const today = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: [ids[0]], dueDate: day(0) })
    expect(today.status).toBe(200)
    const past = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: ids, dueDate: day(-1) })
    expect(past).toMatchObject({ status: 400, body: { status: false, error: 'Due date cannot be before today' } })
    expect((await orderRow(ids[1]!)).due_date!.toISOString().slice(0, 10)).toBe(day(5))
    const empty = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: ids, dueDate: '' })
    expect(empty.body.error).toBe('Please select a due date')
  })

  test('a mix of own and foreign ids changes only the own orders', async ({ playwright }) => {
    const { a, worldA, worldB } = await twoOrganisations(playwright)
    const own = worldA.orders[0]!.public_id
    const foreign = worldB.orders[0]!.public_id
    const res = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: [own, foreign], dueDate: day(3) })
    expect(res.status).toBe(200)
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([own])
    expect((await orderRow(foreign)).due_date).toBeNull()
    const onlyForeign = await send(a.request, 'PATCH', '/api/client/orders/assign/set-due-date', { orderIds: [foreign], dueDate: day(3) })
    expect(onlyForeign).toMatchObject({ status: 404, body: { status: false, error: 'Order not found' } })
    expect((await orderRow(foreign)).due_date).toBeNull()
  })
})

test.describe('bulk flags PATCH /api/client/orders', () => {
  test('the opposite of a shared state, else set', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const ids = worldA.orders.map((o) => o.public_id)
    const bulk = (updateData: unknown, selected = ids) => send(a.request, 'PATCH', '/api/client/orders', { selectedOrdersIds: selected, updateData })

    // None archived: all are set.
    let res = await bulk({ archived: true })
    expect(res.status).toBe(200)
    expect(res.body.orders.every((o: { archived: boolean }) => o.archived)).toBe(true)
    // All archived: all are cleared, whatever value the client sent.
    res = await bulk({ archived: true })
    expect(res.body.orders.every((o: { archived: boolean }) => !o.archived)).toBe(true)
    // Mixed: set.
    await send(a.request, 'PATCH', `/api/client/orders/testOrder/${ids[0]}`, { testOrder: true })
    res = await bulk('testOrder')
    expect(res.body.orders.every((o: { testOrder: boolean }) => o.testOrder)).toBe(true)
    expect(res.body.changed).toBe(2)
    res = await bulk('hideOrder', ids.slice(0, 1))
    expect(res.body.orders[0].hideOrder).toBe(true)

    expect((await bulk('markedAsComplete')).status).toBe(400)
    expect((await bulk('archived', [])).body.error).toBe('Please select at least one order')
    expect((await orderRow(ids[0]!)).marked_as_complete).toBe(false)
  })

  test('a mix of own and foreign ids changes only the own orders; only foreign ones is a 404', async ({ playwright }) => {
    const { a, worldA, worldB } = await twoOrganisations(playwright)
    const own = worldA.orders.map((o) => o.public_id)
    const foreign = worldB.orders.map((o) => o.public_id)
    const res = await send(a.request, 'PATCH', '/api/client/orders', { selectedOrdersIds: [foreign[0], ...own, foreign[1]], updateData: 'archived' })
    expect(res.status).toBe(200)
    expect(res.body.changed).toBe(3)
    expect(res.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual([...own].sort())
    for (const id of foreign) expect((await orderRow(id)).archived).toBe(false)
    expect(await send(a.request, 'PATCH', '/api/client/orders', { selectedOrdersIds: foreign, updateData: 'archived' })).toMatchObject({ status: 404 })
    for (const id of foreign) expect((await orderRow(id)).archived).toBe(false)
  })
})

test.describe('assigning contributors and reviewers', () => {
  test('assigns a writer with a message and a file: order file, activity and an e-mail', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const ids = worldA.orders.slice(0, 2).map((o) => o.public_id)
    const upload = await a.request.post('/api/file/upload', {
      headers: ORIGIN_HEADERS,
      multipart: { file: { name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Please focus on leadership.') } },
    })
    expect(upload.status()).toBe(200)
    const file = (await upload.json()).file
    const since = new Date(Date.now() - 1000)
    const res = await send(a.request, 'POST', '/api/client/orders/assign_writer', {
      selectedOrdersIds: ids,
      writerId: worldA.writer.accounts.get(a.org.id)!.publicId,
      msgToWriter: 'Start with the summary',
      fileUploadToWriter: file,
    })
    expect(res.status).toBe(200)
    expect(res.body.warning).toBeUndefined()
    for (const order of res.body.orders) expect(order).toMatchObject({ writer: 'Wren Writer', writer_id: worldA.writer.accounts.get(a.org.id)!.publicId })
    expect(res.body.orders[0].assignedAt).not.toBeNull()

    const row = await orderRow(ids[0]!)
    expect(row.writer_id).toBe(worldA.writer.userId)
    const files = await platformDb
      .selectFrom('order_files')
      .innerJoin('files', 'files.id', 'order_files.file_id')
      .select(['order_files.kind', 'files.purpose', 'files.original_name'])
      .where('order_files.order_id', '=', row.id)
      .execute()
    expect(files).toEqual([{ kind: 'to_writer', purpose: 'order_file', original_name: 'brief.txt' }])
    const activity = await activityOf(ids[0]!)
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Contributor Wren Writer assigned by/),
        'Message to the contributor: Start with the summary',
        'File brief.txt sent to the contributor',
      ]),
    )
    const mail = await waitForMail(worldA.writer.email, /2 new orders assigned to you/, since)
    expect(mail.text).toContain('Start with the summary')
    expect(mail.text).toContain('brief.txt')

    // Unassign: an empty writerId.
    const unassigned = await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: ids, writerId: '' })
    expect(unassigned.status).toBe(200)
    expect(unassigned.body.orders.every((o: { writer_id: string | null; assignedAt: string | null }) => o.writer_id === null && o.assignedAt === null)).toBe(true)
  })

  test('warns (does not refuse) when the contributor has no scheduling link for an appointment order', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const product = await createProductWithWorkflow(a.org.id, { modules: [...DEFAULT_MODULES, { id: 'schedule_appointment', title: 'Schedule Appointment' }] })
    const world = await createOrderWorld(a.org.id, 0)
    const order = await createOrder(a.org.id, { customerUserId: world.customer.userId, productId: product.productId })
    const noLink = await createContributor(a.org.id, { firstName: 'Nolan', lastName: 'Nolink', schedulingLink: null })
    const res = await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: [order.public_id], writerId: noLink.accounts.get(a.org.id)!.publicId })
    expect(res.status).toBe(200)
    expect(res.body.warning).toBe(NO_SCHEDULING_LINK_WARNING)
    expect((await orderRow(order.public_id)).writer_id).toBe(noLink.userId)
  })

  test('completed orders cannot be assigned or unassigned; nothing in the request changes', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const writerId = worldA.writer.accounts.get(a.org.id)!.publicId
    const reviewerId = worldA.reviewer.accounts.get(a.org.id)!.publicId
    const done = await createOrder(
      a.org.id,
      { customerUserId: worldA.customer.userId, productId: worldA.product.productId },
      { marked_as_complete: true, writerUserId: worldA.writer.userId },
    )
    const open_ = worldA.orders[0]!.public_id
    const error = 'Completed orders cannot be assigned or unassigned.'
    const other = await createContributor(a.org.id, { firstName: 'Otto' })
    for (const body of [
      { selectedOrdersIds: [open_, done.public_id], writerId: other.accounts.get(a.org.id)!.publicId },
      { selectedOrdersIds: [done.public_id], writerId: null },
    ]) {
      expect(await send(a.request, 'POST', '/api/client/orders/assign_writer', body)).toMatchObject({ status: 400, body: { status: false, error } })
    }
    expect(await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { selectedOrdersIds: [done.public_id], reviewerId })).toMatchObject({
      status: 400,
      body: { error },
    })
    expect(await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { selectedOrdersIds: [done.public_id], reviewerId: '' })).toMatchObject({
      status: 400,
      body: { error },
    })
    expect(await orderRow(done.public_id)).toMatchObject({ writer_id: worldA.writer.userId, reviewer_id: null })
    expect((await orderRow(open_)).writer_id).toBeNull()
    // A 100-percent order (every module done) counts as completed too.
    const finished = await createOrder(
      a.org.id,
      { customerUserId: worldA.customer.userId, productId: worldA.product.productId },
      { completedTasks: DEFAULT_MODULES.map((m) => m.id) },
    )
    expect((await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: [finished.public_id], writerId })).status).toBe(400)
  })

  test('assigns and unassigns a reviewer; a contributor is not a reviewer', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const ids = worldA.orders.map((o) => o.public_id)
    const reviewerId = worldA.reviewer.accounts.get(a.org.id)!.publicId
    const res = await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { reviewerId, selectedOrdersIds: ids })
    expect(res.status).toBe(200)
    expect(res.body.orders.every((o: { reviewer_id: string }) => o.reviewer_id === reviewerId)).toBe(true)
    expect((await activityOf(ids[0]!)).some((c) => c.startsWith('Reviewer Riley Reviewer assigned by'))).toBe(true)
    const writerAsReviewer = await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', {
      reviewerId: worldA.writer.accounts.get(a.org.id)!.publicId,
      selectedOrdersIds: ids,
    })
    expect(writerAsReviewer).toMatchObject({ status: 400, body: { error: 'Please select an active reviewer' } })
    const reviewerAsWriter = await send(a.request, 'POST', '/api/client/orders/assign_writer', { writerId: reviewerId, selectedOrdersIds: ids })
    expect(reviewerAsWriter).toMatchObject({ status: 400, body: { error: 'Please select an active contributor' } })
    const inactive = await createContributor(a.org.id, { active: false })
    expect((await send(a.request, 'POST', '/api/client/orders/assign_writer', { writerId: inactive.accounts.get(a.org.id)!.publicId, selectedOrdersIds: ids })).status).toBe(400)
    const cleared = await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { reviewerId: null, selectedOrdersIds: ids })
    expect(cleared.body.orders.every((o: { reviewer_id: string | null }) => o.reviewer_id === null)).toBe(true)
  })

  test('a writer, reviewer or file of another organisation is refused and nothing changes', async ({ playwright }) => {
    const { a, worldA, b, worldB } = await twoOrganisations(playwright)
    const ids = worldA.orders.map((o) => o.public_id)
    const foreignWriter = worldB.writer.accounts.get(b.org.id)!.publicId
    const foreignReviewer = worldB.reviewer.accounts.get(b.org.id)!.publicId
    expect(await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: ids, writerId: foreignWriter })).toMatchObject({
      status: 404,
      body: { error: 'Contributor not found' },
    })
    expect(await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { selectedOrdersIds: ids, reviewerId: foreignReviewer })).toMatchObject({
      status: 404,
      body: { error: 'Reviewer not found' },
    })
    const foreignFile = await platformDb
      .insertInto('files')
      .values({
        public_id: newPublicId(),
        client_id: b.org.id,
        storage_key: `${b.org.id}_foreignkey${Date.now()}.txt`,
        original_name: 'secret.txt',
        mime_type: 'text/plain',
        size: 5,
        purpose: 'upload',
        uploaded_by: null,
      })
      .executeTakeFirstOrThrow()
    const key = (await platformDb.selectFrom('files').select('storage_key').where('id', '=', Number(foreignFile.insertId)).executeTakeFirstOrThrow()).storage_key
    const withFile = await send(a.request, 'POST', '/api/client/orders/assign_writer', {
      selectedOrdersIds: ids,
      writerId: worldA.writer.accounts.get(a.org.id)!.publicId,
      fileUploadToWriter: key,
    })
    expect(withFile).toMatchObject({ status: 400, body: { error: 'File not found' } })
    for (const id of ids) expect(await orderRow(id)).toMatchObject({ writer_id: null, reviewer_id: null })
  })

  test('own and foreign order ids: only the own orders are assigned', async ({ playwright }) => {
    const { a, worldA, worldB } = await twoOrganisations(playwright)
    const writerId = worldA.writer.accounts.get(a.org.id)!.publicId
    const reviewerId = worldA.reviewer.accounts.get(a.org.id)!.publicId
    const selected = [worldA.orders[0]!.public_id, worldB.orders[0]!.public_id]
    const res = await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: selected, writerId })
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([selected[0]])
    await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { selectedOrdersIds: selected, reviewerId })
    expect(await orderRow(selected[1]!)).toMatchObject({ writer_id: worldB.orders[0]!.writer_id, reviewer_id: null })
    expect((await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: [selected[1]], writerId })).status).toBe(404)
    expect((await send(a.request, 'PATCH', '/api/client/orders/assign-reviewer', { selectedOrdersIds: [selected[1]], reviewerId })).status).toBe(404)
  })
})

test.describe('contributor lists', () => {
  test('writers carry real order stats; writers/get adds unread counts; the reviewer picker lists reviewers', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const writerPublicId = worldA.writer.accounts.get(a.org.id)!.publicId
    await send(a.request, 'POST', '/api/client/orders/assign_writer', { selectedOrdersIds: worldA.orders.map((o) => o.public_id), writerId: writerPublicId })
    await send(a.request, 'POST', '/api/client/orders/markedAsComplete', { orderId: worldA.orders[0]!.public_id })

    const writers = await (await a.request.get('/api/client/writers?active=true')).json()
    const wren = writers.writers.find((w: { _id: string }) => w._id === writerPublicId)
    expect(wren.ordersStats).toEqual({ totalOrders: 3, pendingOrders: 2, completedOrders: 1 })
    expect(wren.writer_data).toMatchObject({ Levels: ['Senior'], Languages: ['English'], schedulingLink: 'https://cal.example/wren' })

    const get = await a.request.get('/api/client/writers/get')
    expect(get.status()).toBe(200)
    const body = await get.json()
    expect(body.data.map((w: { _id: string }) => w._id)).toContain(writerPublicId)
    expect(body.writerUnreadMessages[writerPublicId]).toBe(0)

    const reviewers = await (await a.request.get('/api/client/users?active=true&permissions=REVIEWER&requiredFields=firstName,lastName')).json()
    const reviewerIds = reviewers.data.map((u: { _id: string }) => u._id)
    expect(reviewerIds).toContain(worldA.reviewer.accounts.get(a.org.id)!.publicId)
    expect(reviewerIds).not.toContain(writerPublicId)
  })
})

/** Every order-action route with a body that would succeed for `id` (an order of organisation A). */
function routesFor(id: string, people: { writerId: string; reviewerId: string }) {
  return [
    { method: 'POST' as const, url: '/api/client/orders/markedAsComplete', data: { orderId: id } },
    { method: 'PATCH' as const, url: `/api/client/orders/testOrder/${id}`, data: { testOrder: true } },
    { method: 'PATCH' as const, url: `/api/client/orders/hideOrder/${id}`, data: { hideOrder: true } },
    { method: 'PATCH' as const, url: `/api/client/orders/priority/${id}`, data: { priority: 'high' } },
    { method: 'PATCH' as const, url: `/api/client/orders/amountPaidToWriter/${id}`, data: { amountPaidToWriter: 10 } },
    { method: 'PATCH' as const, url: '/api/client/orders', data: { selectedOrdersIds: [id], updateData: 'archived' } },
    { method: 'PATCH' as const, url: '/api/client/orders/assign/set-due-date', data: { orderIds: [id], dueDate: day(2) } },
    { method: 'POST' as const, url: '/api/client/orders/assign_writer', data: { selectedOrdersIds: [id], writerId: people.writerId }, assign: true },
    { method: 'PATCH' as const, url: '/api/client/orders/assign-reviewer', data: { selectedOrdersIds: [id], reviewerId: people.reviewerId }, assign: true },
  ]
}

const UNTOUCHED = {
  priority: 'medium',
  archived: false,
  test_order: false,
  hide_order: false,
  marked_as_complete: false,
  due_date: null,
  writer_id: null,
  reviewer_id: null,
  amount_paid_to_writer_cents: null,
}

test.describe('cross-tenant, permissions, CSRF and methods', () => {
  test("another organisation's order id answers 404 on every route and changes nothing", async ({ playwright }) => {
    const { a, worldA, worldB } = await twoOrganisations(playwright)
    const foreign = worldB.orders[0]!.public_id
    for (const route of routesFor(foreign, { writerId: worldA.writer.accounts.get(a.org.id)!.publicId, reviewerId: worldA.reviewer.accounts.get(a.org.id)!.publicId })) {
      const res = await send(a.request, route.method, route.url, route.data)
      expect(res.status, route.url).toBe(404)
      expect(res.body).toMatchObject({ status: false, error: 'Order not found' })
    }
    expect(await orderRow(foreign)).toMatchObject(UNTOUCHED)
    expect(await activityOf(foreign)).toEqual([])
  })

  test('staff without UPDATE_ORDERS or ASSIGN_WRITER_REVIEWER get 403 and nothing changes', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const id = worldA.orders[0]!.public_id
    const people = { writerId: worldA.writer.accounts.get(a.org.id)!.publicId, reviewerId: worldA.reviewer.accounts.get(a.org.id)!.publicId }
    // Holds the other permission each time: the routes need their own.
    const settingsOnly = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'UPDATE_ORDERS'])
    const assignOnly = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS', 'ASSIGN_WRITER_REVIEWER'])
    for (const route of routesFor(id, people)) {
      const staff = route.assign ? settingsOnly : assignOnly
      const res = await send(staff.request, route.method, route.url, route.data)
      expect(res.status, route.url).toBe(403)
    }
    expect(await orderRow(id)).toMatchObject(UNTOUCHED)
    const none = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
    expect((await none.request.get('/api/client/writers/get')).status()).toBe(403)
  })

  test('writes without an Origin are refused (403); other methods answer 405 JSON', async ({ playwright }) => {
    const { a, worldA } = await twoOrganisations(playwright)
    const id = worldA.orders[0]!.public_id
    const routes = routesFor(id, { writerId: worldA.writer.accounts.get(a.org.id)!.publicId, reviewerId: worldA.reviewer.accounts.get(a.org.id)!.publicId })
    for (const route of routes) {
      const res = await a.request.fetch(route.url, { method: route.method, data: route.data })
      expect(res.status(), route.url).toBe(403)
    }
    expect(await orderRow(id)).toMatchObject(UNTOUCHED)
    for (const route of routes.filter((r) => r.url !== '/api/client/orders')) {
      const get = await a.request.get(route.url)
      expect(get.status(), route.url).toBe(405)
      const wrong = await a.request.fetch(route.url, { method: route.method === 'POST' ? 'PATCH' : 'POST', data: route.data, headers: ORIGIN_HEADERS })
      expect(wrong.status(), route.url).toBe(405)
      expect(await wrong.json()).toMatchObject({ status: false })
    }
    expect((await a.request.fetch('/api/client/orders', { method: 'DELETE', headers: ORIGIN_HEADERS })).status()).toBe(405)
    expect((await a.request.post('/api/client/writers/get', { headers: ORIGIN_HEADERS })).status()).toBe(405)
  })
})
