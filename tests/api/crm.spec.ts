// CRM users and the messaging integration through the real HTTP server (ADR 0049): every call of the
// spec's CRM list, the CRM permission (403), CRM not available (the spec's message), another
// organisation's CRM user ids (404), malformed bodies (400), and the delete GET refused cross-site.
import { expect, test } from '@playwright/test'
import { CRM_NOT_ACTIVE, CRM_OWN_SESSION } from '#app/models/crm.schema'
import { crmStaff, crmTenant } from '#tests/factories/crm'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { browsers, ORIGIN_HEADERS, staffSession } from './helpers'
import { logInAs, signIn } from '#tests/security/helpers'

const open = browsers()
const user = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Cara',
  lastName: 'Mills',
  email,
  password: 'Str0ng@Pass',
  crmPermissions: { campaignsEnabled: true },
  ...extra,
})

async function crmOwner(playwright: Parameters<typeof staffSession>[1], opts: Parameters<typeof crmTenant>[0] = {}) {
  const tenant = await crmTenant(opts)
  const request = await open(playwright)
  await signIn(request, tenant.owner.email, tenant.org.name, TEST_PASSWORD)
  return { ...tenant, request }
}

test('the whole CRM list of calls for an organisation whose CRM is available', async ({ playwright }) => {
  const a = await crmOwner(playwright, { flags: { contactsEnabled: false } })
  const status = await (await a.request.get('/api/client/crm/status')).json()
  expect(status).toMatchObject({ status: true, crmAvailable: true, crmIntegrations: [] })

  const perms = await (await a.request.get('/api/client/crm/permissions')).json()
  expect(perms.crmUserPermissions).toMatchObject({ campaignsEnabled: true, contactsEnabled: false })
  expect(perms.permissions.map((p: { key: string }) => p.key)).not.toContain('contactsEnabled')

  expect((await a.request.get('/api/client/check/admin')).status()).toBe(404)
  const admin = await a.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: { type: 'admin' } })
  expect(admin.status(), await admin.text()).toBe(200)
  expect((await admin.json()).user).toMatchObject({ type: 'admin', crmData: { email: a.owner.email } })
  expect((await (await a.request.get('/api/client/check/admin')).json()).user.type).toBe('admin')

  const added = await a.request.post('/api/client/user/add', {
    headers: ORIGIN_HEADERS,
    data: user('api-user@example.test', { crmPermissions: { campaignsEnabled: true, contactsEnabled: true } }),
  })
  expect(added.status(), await added.text()).toBe(200)
  const created = (await added.json()).user
  expect(created).toMatchObject({
    type: 'user',
    status: 'PENDING',
    addedToCrm: false,
    crmData: { email: 'api-user@example.test', permissions: { campaignsEnabled: true, contactsEnabled: false } },
  })

  const all = await (await a.request.get('/api/client/user/all')).json()
  expect(all).toMatchObject({ status: true, count: 2, size: 100 })
  expect((await (await a.request.get('/api/client/user/all?size=150')).json()).size).toBe(150)
  expect((await (await a.request.get(`/api/client/user/${created._id}`)).json()).user._id).toBe(created._id)

  const updated = await a.request.post('/api/client/user/update', {
    headers: ORIGIN_HEADERS,
    data: { userId: created._id, firstName: 'Carla', lastName: 'Mills', email: 'api-user@example.test', crmPermissions: { funnelsEnabled: true } },
  })
  expect(updated.status(), await updated.text()).toBe(200)
  expect((await updated.json()).user.crmData).toMatchObject({ firstName: 'Carla', permissions: { funnelsEnabled: true, campaignsEnabled: false } })

  // The admin cannot be changed or deleted from here.
  const adminId = (await admin.json()).user._id
  expect((await a.request.get(`/api/client/user/del/${adminId}`, { headers: ORIGIN_HEADERS })).status()).toBe(403)
  expect(
    (await a.request.post('/api/client/user/update', { headers: ORIGIN_HEADERS, data: { userId: adminId, firstName: 'X', lastName: 'Y', email: 'x@example.test' } })).status(),
  ).toBe(403)

  // The delete GET: refused without proof of our origin, done with it.
  expect((await a.request.get(`/api/client/user/del/${created._id}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status()).toBe(403)
  const deleted = await a.request.get(`/api/client/user/del/${created._id}`, { headers: ORIGIN_HEADERS })
  expect(deleted.status(), await deleted.text()).toBe(200)
  expect((await deleted.json()).message).toBe('Deleted!')
  expect((await a.request.get(`/api/client/user/${created._id}`)).status()).toBe(404)

  const saved = await a.request.post('/api/client/crm/integration', {
    headers: ORIGIN_HEADERS,
    data: { accountSid: 'AC1234567890', authToken: 'abcdefghijklmnop1234', integration: 'twilio' },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const savedText = await saved.text()
  expect(savedText).not.toContain('abcdefghijklmnop1234')
  expect((await saved.json()).crmIntegrations).toEqual([expect.objectContaining({ accountSid: 'AC1234567890', authTokenLast4: '1234' })])
  const refused = await a.request.post('/api/client/crm/integration', { headers: ORIGIN_HEADERS, data: { accountSid: 'nope', authToken: 'x' } })
  expect(refused.status()).toBe(400)
  expect((await refused.json()).message).toContain('account SID or auth token is wrong')

  // Each change left its audit row, refusals included; no token or password is in any of them.
  const logs = (await (await a.request.get('/api/logs/view?module=crm')).json()).logs as { action: string; status: string; message: string }[]
  expect(logs.map((l) => `${l.action} ${l.status}`)).toEqual(
    expect.arrayContaining([
      'create_user success',
      'update_user success',
      'update_user failure',
      'delete_user success',
      'delete_user failure',
      'save_integration success',
      'save_integration failure',
    ]),
  )
  expect(logs.find((l) => l.action === 'create_user')?.message).toBe('Added CRM user api-user@example.test')
  expect(JSON.stringify(logs)).not.toMatch(/abcdefghijklmnop1234|Str0ng@Pass/)
})

test('a log-in-as session may look at the CRM but change neither its users nor the messaging credentials', async ({ playwright }) => {
  const a = await crmOwner(playwright)
  const saved = await a.request.post('/api/client/crm/integration', {
    headers: ORIGIN_HEADERS,
    data: { accountSid: 'ACowner00001', authToken: 'owner-token-00001234', integration: 'twilio' },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const added = await a.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('kept@example.test') })
  expect(added.status(), await added.text()).toBe(200)
  const kept = (await added.json()).user._id as string
  const staff = await crmStaff(a.org.id, ['WRITER', 'CRM'])
  await logInAs(a.request, staff.publicId)

  // Looking is allowed: the status, the list, and the pages with the reason shown up front.
  expect((await a.request.get('/api/client/crm/status')).status()).toBe(200)
  expect((await a.request.get('/api/client/user/all')).status()).toBe(200)
  for (const path of ['/crm/integrations', '/crm/user/add', `/crm/user/edit/${kept}`]) {
    const page = await a.request.get(path)
    expect(page.status(), path).toBe(200)
    expect(await page.text(), path).toContain(CRM_OWN_SESSION)
  }

  // Every change is refused, through the JSON calls and the pages' forms alike.
  const refusals = [
    await a.request.post('/api/client/crm/integration', { headers: ORIGIN_HEADERS, data: { accountSid: 'ACattacker01', authToken: 'attacker-token-9999', integration: 'twilio' } }),
    await a.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('intruder@example.test') }),
    await a.request.post('/api/client/user/update', {
      headers: ORIGIN_HEADERS,
      data: { userId: kept, firstName: 'X', lastName: 'Y', email: 'kept@example.test', password: 'N3w@Passw0rd' },
    }),
    await a.request.get(`/api/client/user/del/${kept}`, { headers: ORIGIN_HEADERS }),
  ]
  for (const res of refusals) {
    expect(res.status(), res.url()).toBe(403)
    expect((await res.json()).error).toBe(CRM_OWN_SESSION)
  }
  const forms = [
    await a.request.post('/crm/integrations', { headers: ORIGIN_HEADERS, form: { integration: 'twilio', accountSid: 'ACattacker01', authToken: 'attacker-token-9999' } }),
    await a.request.post('/crm/user/add', { headers: ORIGIN_HEADERS, form: { firstName: 'In', lastName: 'Truder', email: 'intruder@example.test', password: 'Str0ng@Pass' } }),
    await a.request.post(`/crm/user/edit/${kept}`, { headers: ORIGIN_HEADERS, form: { firstName: 'X', lastName: 'Y', email: 'kept@example.test', password: 'N3w@Passw0rd' } }),
    await a.request.post('/crm/user/view/all', { headers: ORIGIN_HEADERS, form: { intent: 'delete', userId: kept } }),
  ]
  for (const res of forms) {
    expect(res.status(), res.url()).toBeGreaterThanOrEqual(400)
    expect(await res.text(), res.url()).toContain(CRM_OWN_SESSION)
  }

  // Nothing changed.
  const status = await (await a.request.get('/api/client/crm/status')).json()
  expect(status.crmIntegrations).toEqual([expect.objectContaining({ accountSid: 'ACowner00001', authTokenLast4: '1234' })])
  const users = (await (await a.request.get('/api/client/user/all')).json()).users as { _id: string; crmData: { email: string; firstName: string } }[]
  expect(users.map((u) => u.crmData.email)).not.toContain('intruder@example.test')
  expect(users.find((u) => u._id === kept)?.crmData.firstName).toBe('Cara')
})

test('the plan limit refuses one CRM user too many', async ({ playwright }) => {
  const a = await crmOwner(playwright, { maxCrmUsers: 1 })
  expect((await a.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('first@example.test') })).status()).toBe(200)
  const second = await a.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('second@example.test') })
  expect(second.status()).toBe(409)
  expect((await second.json()).error).toContain('Your plan allows 1 CRM user')
})

test('without the CRM permission every CRM call is 403', async ({ playwright }) => {
  const a = await crmTenant()
  const staff = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
  for (const path of [
    '/api/client/crm/status',
    '/api/client/crm/permissions',
    '/api/client/check/admin',
    '/api/client/user/all',
    '/api/client/user/abc',
    '/api/client/user/del/abc',
  ]) {
    expect((await staff.request.get(path, { headers: ORIGIN_HEADERS })).status(), path).toBe(403)
  }
  for (const path of ['/api/client/user/add', '/api/client/user/update', '/api/client/crm/integration']) {
    expect((await staff.request.post(path, { headers: ORIGIN_HEADERS, data: {} })).status(), path).toBe(403)
  }
  // With it, a staff member may.
  const crmStaff = await staffSession(open, playwright, a.org.id, a.org.name, ['CRM'])
  expect((await crmStaff.request.get('/api/client/user/all')).status()).toBe(200)
})

test("an organisation without CRM gets the spec's message", async ({ playwright }) => {
  const { org, owner } = await createTenant()
  const request = await open(playwright)
  await signIn(request, owner.email, org.name, TEST_PASSWORD)
  expect(await (await request.get('/api/client/crm/status')).json()).toMatchObject({ crmAvailable: false })
  for (const path of ['/api/client/crm/permissions', '/api/client/user/all', '/api/client/check/admin']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(403)
    expect((await res.json()).error).toBe(CRM_NOT_ACTIVE)
  }
  const add = await request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('x@example.test') })
  expect(add.status()).toBe(403)
  expect((await add.json()).error).toBe(CRM_NOT_ACTIVE)
})

test("another organisation's CRM user ids are 404 on get, update and delete", async ({ playwright }) => {
  const a = await crmOwner(playwright)
  const b = await crmOwner(playwright)
  const added = await b.request.post('/api/client/user/add', { headers: ORIGIN_HEADERS, data: user('b-user@example.test') })
  const bId = (await added.json()).user._id
  expect((await a.request.get(`/api/client/user/${bId}`)).status()).toBe(404)
  expect(
    (await a.request.post('/api/client/user/update', { headers: ORIGIN_HEADERS, data: { userId: bId, firstName: 'X', lastName: 'Y', email: 'x@example.test' } })).status(),
  ).toBe(404)
  expect((await a.request.get(`/api/client/user/del/${bId}`, { headers: ORIGIN_HEADERS })).status()).toBe(404)
  expect((await b.request.get(`/api/client/user/${bId}`)).status()).toBe(200)
  expect((await (await a.request.get('/api/client/user/all')).json()).users.map((u: { _id: string }) => u._id)).not.toContain(bId)
})

test('malformed bodies are 400 with the field messages', async ({ playwright }) => {
  const a = await crmOwner(playwright)
  const cases: [string, unknown, string][] = [
    ['/api/client/user/add', {}, 'Enter First Name'],
    ['/api/client/user/add', user('bad-email'), 'Email is required'],
    ['/api/client/user/add', user('weak@example.test', { password: 'password1' }), 'Password must be at least 8 characters'],
    ['/api/client/user/add', user('perm@example.test', { crmPermissions: 42 }), 'crmPermissions'],
    ['/api/client/user/update', { firstName: 'A', lastName: 'B', email: 'a@example.test' }, 'CRM user not found'],
    ['/api/client/user/update', { userId: 'x', firstName: 'A', lastName: 'B', email: 'a@example.test', password: 'short' }, 'Password must be'],
    ['/api/client/crm/integration', { authToken: 'abc' }, 'Enter Account SID'],
    ['/api/client/crm/integration', { accountSid: 'AC1', authToken: '' }, 'Enter Auth Token'],
    ['/api/client/crm/integration', { accountSid: 'AC1', authToken: 'x', integration: 'pigeon' }, 'Unknown integration'],
  ]
  for (const [path, data, message] of cases) {
    const res = await a.request.post(path, { headers: ORIGIN_HEADERS, data: data as Record<string, unknown> })
    expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(400)
    expect((await res.json()).error).toContain(message)
  }
  const notJson = await a.request.post('/api/client/user/add', { headers: { ...ORIGIN_HEADERS, 'content-type': 'application/json' }, data: '{not json' })
  expect(notJson.status()).toBe(400)
  expect((await a.request.get('/api/client/user/add')).status()).toBe(405)
})
