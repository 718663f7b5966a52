// The notification calls through the real HTTP server: GET /api/notifications?page (&unread=true),
// PATCH /api/clear-notifications (?unread=true) and PATCH /api/clear-single-notifications
// {notificationsId}: shapes, paging, no session, malformed input, and nobody reading or clearing
// another person's notification (same organisation or another one).
import { expect, test } from '@playwright/test'
import { createTenant, createUser, TEST_PASSWORD } from '#tests/factories/index'
import { createNotifications, notificationRow } from '#tests/factories/notifications'
import { DEMO_PASSWORD, signIn } from '#tests/security/helpers'
import { browsers, ORIGIN_HEADERS, ownerSession } from './helpers'

const open = browsers()

/** Organisation A's owner signed in with 5 seen and 12 unread notifications; a colleague's and organisation B's one each. */
async function setup(playwright: Parameters<typeof ownerSession>[1]) {
  const a = await ownerSession(open, playwright)
  const me = a.owner.accounts.get(a.org.id)!.id
  await createNotifications(a.org.id, me, 5, { seen: true })
  const unread = await createNotifications(a.org.id, me, 12, { start: 5, link: '/orders/view' })
  const colleague = await createUser({ memberships: [{ clientId: a.org.id, role: 'user', permissions: ['READ_ORDERS'] }] })
  const [colleagues] = await createNotifications(a.org.id, colleague.accounts.get(a.org.id)!.id, 1)
  const b = await createTenant()
  const [foreign] = await createNotifications(b.org.id, b.owner.accounts.get(b.org.id)!.id, 1)
  return { ...a, me, unread, colleague, colleagues: colleagues!, b, foreign: foreign! }
}

test('GET /api/notifications pages newest first with hasMore and the unread count', async ({ playwright }) => {
  const { request } = await setup(playwright)
  const first = await request.get('/api/notifications?page=1')
  expect(first.status()).toBe(200)
  const body = await first.json()
  expect(body).toMatchObject({ statusCode: 200, status: true, hasMore: true, count: 12 })
  expect(body.notifications).toHaveLength(10)
  expect(body.notifications[0]).toEqual({
    _id: expect.any(String),
    contant: 'Notification 17',
    kind: 'order_assigned',
    link: '/orders/view',
    seen: false,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    data: { senderName: 'Olga Owner', senderPrefName: null, senderImg: null, action: 'order_assigned' },
  })
  // No page is page 1; the last page says there is no more.
  expect((await (await request.get('/api/notifications')).json()).notifications[0].contant).toBe('Notification 17')
  const second = await (await request.get('/api/notifications?page=2')).json()
  expect(second.notifications.map((n: { contant: string }) => n.contant)).toEqual([
    'Notification 7',
    'Notification 6',
    'Notification 5',
    'Notification 4',
    'Notification 3',
    'Notification 2',
    'Notification 1',
  ])
  expect(second.hasMore).toBe(false)
  const unread = await (await request.get('/api/notifications?page=2&unread=true')).json()
  expect(unread).toMatchObject({ hasMore: false, count: 12 })
  expect(unread.notifications.map((n: { seen: boolean }) => n.seen)).toEqual([false, false])
  expect((await (await request.get('/api/notifications?page=9')).json()).notifications).toEqual([])
})

test('GET /api/notifications refuses a malformed page or unread with 400, and other methods with 405', async ({ playwright }) => {
  const { request } = await setup(playwright)
  for (const query of ['page=abc', 'page=0', 'page=-1', 'page=1.5', 'page=99999999', 'page=', 'unread=yes', 'page=1&page=2x']) {
    const res = await request.get(`/api/notifications?${query}`)
    expect(res.status(), query).toBe(400)
    const body = await res.json()
    expect(body.status, query).toBe(false)
    expect(typeof body.error, query).toBe('string')
  }
  expect((await request.post('/api/notifications', { headers: ORIGIN_HEADERS, data: {} })).status()).toBe(405)
  expect((await request.get('/api/clear-notifications')).status()).toBe(405)
  expect((await request.get('/api/clear-single-notifications')).status()).toBe(405)
  expect((await request.post('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: {} })).status()).toBe(405)
})

test('without a session every call is 401, and a cross-site write is refused', async ({ playwright }) => {
  const { request, unread } = await setup(playwright)
  const anonymous = await open(playwright)
  expect((await anonymous.get('/api/notifications?page=1')).status()).toBe(401)
  expect((await anonymous.patch('/api/clear-notifications', { headers: ORIGIN_HEADERS })).status()).toBe(401)
  expect((await anonymous.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: { notificationsId: unread[0]!.public_id } })).status()).toBe(401)
  // Signed in, but from another site: the write never happens.
  const forged = await request.patch('/api/clear-notifications', { headers: { Origin: 'https://evil.example' } })
  expect(forged.status()).toBe(403)
  expect((await notificationRow(unread[0]!.public_id)).seen).toBe(false)
})

test('PATCH /api/clear-single-notifications clears one of mine and answers the new count', async ({ playwright }) => {
  const { request, unread } = await setup(playwright)
  const res = await request.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: { notificationsId: unread[3]!.public_id } })
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual({ statusCode: 200, status: true, count: 11 })
  expect((await notificationRow(unread[3]!.public_id)).seen).toBe(true)
  // Clearing it again is harmless.
  const again = await request.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: { notificationsId: unread[3]!.public_id } })
  expect(await again.json()).toMatchObject({ status: true, count: 11 })
  // A form-encoded body works like JSON.
  const form = await request.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, form: { notificationsId: unread[4]!.public_id } })
  expect(await form.json()).toMatchObject({ status: true, count: 10 })
})

test('nobody clears or reads another person’s notification: a colleague’s and another organisation’s are 404 and stay unseen', async ({ playwright }) => {
  const { request, colleagues, foreign, colleague, org } = await setup(playwright)
  for (const id of [colleagues.public_id, foreign.public_id, 'x'.repeat(24), 'nope']) {
    const res = await request.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: { notificationsId: id } })
    expect(res.status(), id).toBe(404)
    expect(await res.json()).toMatchObject({ status: false, error: 'Notification not found' })
  }
  expect((await notificationRow(colleagues.public_id)).seen).toBe(false)
  expect((await notificationRow(foreign.public_id)).seen).toBe(false)
  // Clearing all of mine leaves theirs alone; and the list never shows theirs.
  await request.patch('/api/clear-notifications', { headers: ORIGIN_HEADERS })
  expect((await notificationRow(colleagues.public_id)).seen).toBe(false)
  expect((await notificationRow(foreign.public_id)).seen).toBe(false)
  const list = await (await request.get('/api/notifications?page=1')).json()
  expect(list.notifications.map((n: { _id: string }) => n._id)).not.toContain(colleagues.public_id)
  // The colleague sees only their own.
  const theirs = await open(playwright)
  await signIn(theirs, colleague.email, org.name, TEST_PASSWORD)
  const own = await (await theirs.get('/api/notifications?page=1')).json()
  expect(own.notifications.map((n: { _id: string }) => n._id)).toEqual([colleagues.public_id])
  expect(own.count).toBe(1)
})

test('PATCH /api/clear-single-notifications refuses malformed bodies with 400', async ({ playwright }) => {
  const { request } = await setup(playwright)
  const bodies: { data?: unknown; raw?: string; type?: string }[] = [
    { data: {} },
    { data: { notificationsId: '' } },
    { data: { notificationsId: 42 } },
    { data: { notificationsId: ['a', 'b'] } },
    { data: { notificationsId: 'y'.repeat(500) } },
    { data: [1, 2] },
    { raw: '{"notificationsId":', type: 'application/json' },
    { raw: 'just text', type: 'text/plain' },
  ]
  for (const b of bodies) {
    const res = await request.patch('/api/clear-single-notifications', {
      headers: { ...ORIGIN_HEADERS, ...(b.type ? { 'Content-Type': b.type } : {}) },
      ...(b.raw !== undefined ? { data: b.raw } : { data: b.data }),
    })
    expect(res.status(), JSON.stringify(b)).toBe(400)
    expect((await res.json()).status).toBe(false)
  }
})

test('PATCH /api/clear-notifications marks all seen and answers the first page again (only unread with unread=true)', async ({ playwright }) => {
  const { request, unread } = await setup(playwright)
  const onlyUnread = await request.patch('/api/clear-notifications?unread=true', { headers: ORIGIN_HEADERS })
  expect(onlyUnread.status()).toBe(200)
  expect(await onlyUnread.json()).toEqual({ statusCode: 200, status: true, newNotifications: [], hasMore: false, count: 0 })
  for (const n of unread) expect((await notificationRow(n.public_id)).seen).toBe(true)
  const everything = await (await request.patch('/api/clear-notifications', { headers: ORIGIN_HEADERS })).json()
  expect(everything).toMatchObject({ status: true, hasMore: true, count: 0 })
  expect(everything.newNotifications).toHaveLength(10)
  expect(everything.newNotifications.every((n: { seen: boolean }) => n.seen)).toBe(true)
  expect((await request.patch('/api/clear-notifications?unread=maybe', { headers: ORIGIN_HEADERS })).status()).toBe(400)
})

test('a platform account has no notifications: empty answers, and nothing of an organisation to clear', async ({ playwright }) => {
  const { foreign } = await setup(playwright)
  const admin = await open(playwright)
  await signIn(admin, 'superadmin@demo.test', undefined, DEMO_PASSWORD)
  expect(await (await admin.get('/api/notifications?page=1')).json()).toMatchObject({ status: true, notifications: [], hasMore: false, count: 0 })
  expect((await admin.patch('/api/clear-single-notifications', { headers: ORIGIN_HEADERS, data: { notificationsId: foreign.public_id } })).status()).toBe(404)
  expect(await (await admin.patch('/api/clear-notifications', { headers: ORIGIN_HEADERS })).json()).toMatchObject({ status: true, newNotifications: [], count: 0 })
  expect((await notificationRow(foreign.public_id)).seen).toBe(false)
})

test('the /notifications page action: a body that is not a form, or an unknown intent, is a 400', async ({ playwright }) => {
  const { request, unread } = await setup(playwright)
  const json = await request.post('/notifications', { headers: { ...ORIGIN_HEADERS, 'Content-Type': 'application/json' }, data: '{"intent":"mark-all-seen"}', maxRedirects: 0 })
  expect(json.status()).toBe(400)
  const unknown = await request.post('/notifications', { headers: ORIGIN_HEADERS, form: { intent: 'delete-everything' }, maxRedirects: 0 })
  expect(unknown.status()).toBe(400)
  expect((await notificationRow(unread[0]!.public_id)).seen).toBe(false)
  const anonymous = await open(playwright)
  const signedOut = await anonymous.post('/notifications', { headers: ORIGIN_HEADERS, form: { intent: 'mark-all-seen' }, maxRedirects: 0 })
  expect(signedOut.status()).toBe(302)
  expect(signedOut.headers().location).toMatch(/^\/login/)
})
