// The leads calls through the real HTTP server (ADR 0050): GET /api/client/leads (+ /{id}), POST
// /api/client/leads/{id}/status, /note, /convert, GET /api/client/leads/export.csv, and the public
// POST /api/leads/capture of an organisation's portal host. Permission denials, another organisation's
// ids answered 404, malformed input 400, and a capture that cannot be aimed at another organisation.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser, TEST_PASSWORD, uniqueEmail } from '#tests/factories/index'
import { signIn } from '#tests/security/helpers'
import { PORT, rawRequest } from '#tests/security/raw-http'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const suffix = () => Math.random().toString(36).slice(2, 8)

async function leadRow(clientId: number, email: string) {
  return platformDb.selectFrom('leads').selectAll().where('client_id', '=', clientId).where('email', '=', email).executeTakeFirst()
}

async function insertLead(clientId: number, email: string, over: Record<string, unknown> = {}) {
  const publicId = `lead${suffix()}${suffix()}`
  await platformDb
    .insertInto('leads')
    .values({
      public_id: publicId,
      client_id: clientId,
      email,
      first_name: 'Lee',
      last_name: 'Dee',
      phone: null,
      source: 'cart',
      external_id: null,
      customer_user_id: null,
      converted_at: null,
      ...over,
    })
    .execute()
  return publicId
}

async function withSubdomain(clientId: number) {
  const sub = `lead${suffix()}`
  await platformDb.updateTable('organisations').set({ subdomain: sub }).where('id', '=', clientId).execute()
  return `${sub}.localhost:${PORT}`
}

function capture(host: string, body: unknown, headers: Record<string, string> = {}) {
  return rawRequest({
    method: 'POST',
    path: '/api/leads/capture',
    headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

test('an owner lists, filters, reads, works and exports the organisation’s leads', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const cart = await insertLead(a.org.id, uniqueEmail('cart'), { first_name: 'Cara' })
  await insertLead(a.org.id, uniqueEmail('crm'), { source: 'crm', first_name: '=SUM(A1)' })

  const list = await (await a.request.get('/api/client/leads')).json()
  expect(list).toMatchObject({ statusCode: 200, status: true, count: 2 })
  expect(list.leads[0]).toEqual(expect.objectContaining({ _id: expect.any(String), source: 'crm', status: 'new', convertedCustomerId: null }))
  expect((await (await a.request.get('/api/client/leads?source=cart')).json()).leads.map((l: { _id: string }) => l._id)).toEqual([cart])
  expect((await (await a.request.get('/api/client/leads?q=Cara')).json()).count).toBe(1)

  const status = await a.request.post(`/api/client/leads/${cart}/status`, { headers: ORIGIN_HEADERS, data: { status: 'contacted' } })
  expect(status.status()).toBe(200)
  expect((await status.json()).lead.status).toBe('contacted')
  expect((await a.request.post(`/api/client/leads/${cart}/note`, { headers: ORIGIN_HEADERS, data: { note: 'Called back' } })).status()).toBe(200)
  const one = await (await a.request.get(`/api/client/leads/${cart}`)).json()
  expect(one.notes.map((n: { kind: string; note: string }) => [n.kind, n.note])).toEqual([
    ['note', 'Called back'],
    ['status', 'Status changed from New to Contacted'],
  ])

  const csv = await a.request.get('/api/client/leads/export.csv')
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
  // Written as the rows are read, so compressed as it streams (ADR 0115: the middleware is on what streams only).
  expect(csv.headers()['content-encoding']).toBe('br')
  expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"/)
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines[0]).toBe('Name,Email,Phone,Source,Status,Created,Updated,Converted,Customer Email,Last Note')
  expect(lines).toHaveLength(3)
  // A formula typed into a cart form is defused in the export.
  expect(lines[1]).toMatch(/^'=SUM\(A1\) Dee,/)
  expect(lines[2]).toMatch(/,Cart,Contacted,.*,Called back$/)
  const filtered = (await (await a.request.get('/api/client/leads/export.csv?status=contacted')).text()).trimEnd().split('\r\n')
  expect(filtered).toHaveLength(2)
})

test('convert makes one customer in this organisation, then answers the same customer', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const email = uniqueEmail('conv')
  const id = await insertLead(a.org.id, email)
  const first = await a.request.post(`/api/client/leads/${id}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'Lee', lastName: 'Dee', welcomeEmail: false } })
  expect(first.status()).toBe(200)
  const body = await first.json()
  expect(body).toMatchObject({ status: true, linked: false, lead: { status: 'won' } })
  const again = await (await a.request.post(`/api/client/leads/${id}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'Lee', lastName: 'Dee' } })).json()
  expect(again.customerId).toBe(body.customerId)
  const accounts = await platformDb.selectFrom('users').select('client_id').where('email', '=', email).execute()
  expect(accounts).toEqual([{ client_id: a.org.id }])
  // Converted: it cannot be marked lost.
  const lost = await a.request.post(`/api/client/leads/${id}/status`, { headers: ORIGIN_HEADERS, data: { status: 'lost' } })
  expect(lost.status()).toBe(400)
})

test('another organisation’s lead ids answer 404 and change nothing', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await createTenant()
  const foreignEmail = uniqueEmail('foreign')
  const foreign = await insertLead(b.org.id, foreignEmail)
  expect((await a.request.get(`/api/client/leads/${foreign}`)).status()).toBe(404)
  expect((await a.request.post(`/api/client/leads/${foreign}/status`, { headers: ORIGIN_HEADERS, data: { status: 'won' } })).status()).toBe(404)
  expect((await a.request.post(`/api/client/leads/${foreign}/note`, { headers: ORIGIN_HEADERS, data: { note: 'x' } })).status()).toBe(404)
  expect((await a.request.post(`/api/client/leads/${foreign}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'A', lastName: 'B' } })).status()).toBe(404)
  expect((await a.request.get(`/leads/view?lead=${foreign}`)).status()).toBe(404)
  expect((await (await a.request.get('/api/client/leads')).json()).count).toBe(0)
  expect(await (await a.request.get('/api/client/leads/export.csv')).text()).not.toContain(foreignEmail)
  expect(await leadRow(b.org.id, foreignEmail)).toMatchObject({ status: 'new', customer_user_id: null })
  expect(await platformDb.selectFrom('lead_notes').select('id').where('client_id', '=', b.org.id).execute()).toEqual([])
})

test('permissions: reading needs CRM or READ_CUSTOMERS (or leads-only), working CRM or UPDATE_CUSTOMERS, converting WRITE_CUSTOMERS', async ({ playwright }) => {
  const { org } = await createTenant()
  const id = await insertLead(org.id, uniqueEmail('perm'))
  const orders = await staffSession(open, playwright, org.id, org.name, ['READ_ORDERS', 'VIEW_DASHBOARD'])
  for (const res of [
    await orders.request.get('/api/client/leads'),
    await orders.request.get(`/api/client/leads/${id}`),
    await orders.request.get('/api/client/leads/export.csv'),
    await orders.request.post(`/api/client/leads/${id}/status`, { headers: ORIGIN_HEADERS, data: { status: 'won' } }),
    await orders.request.post(`/api/client/leads/${id}/note`, { headers: ORIGIN_HEADERS, data: { note: 'x' } }),
    await orders.request.post(`/api/client/leads/${id}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'A', lastName: 'B' } }),
    await orders.request.post('/api/client/leads', { headers: ORIGIN_HEADERS, data: { email: uniqueEmail('nope') } }),
    await orders.request.post('/leads/view', { headers: ORIGIN_HEADERS, form: { intent: 'add', email: uniqueEmail('nope') } }),
  ]) {
    expect(res.status()).toBe(403)
  }
  expect((await orders.request.get('/leads/view')).status()).toBe(403)

  const reader = await staffSession(open, playwright, org.id, org.name, ['READ_CUSTOMERS'])
  expect((await reader.request.get('/api/client/leads')).status()).toBe(200)
  expect((await reader.request.post(`/api/client/leads/${id}/status`, { headers: ORIGIN_HEADERS, data: { status: 'won' } })).status()).toBe(403)
  expect((await reader.request.post('/api/client/leads', { headers: ORIGIN_HEADERS, data: { email: uniqueEmail('reader') } })).status()).toBe(403)

  const crm = await staffSession(open, playwright, org.id, org.name, ['CRM'])
  expect((await crm.request.post(`/api/client/leads/${id}/status`, { headers: ORIGIN_HEADERS, data: { status: 'contacted' } })).status()).toBe(200)
  expect((await crm.request.post(`/api/client/leads/${id}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'A', lastName: 'B' } })).status()).toBe(403)

  // A leads-only user with no permission at all: their landing page works, converting does not.
  const leadsOnly = await createUser({ memberships: [{ clientId: org.id, role: 'user', permissions: [] }] })
  await platformDb.updateTable('memberships').set({ leads_only: true }).where('user_id', '=', leadsOnly.accounts.get(org.id)!.id).execute()
  const request = await open(playwright)
  await signIn(request, leadsOnly.email, org.name, TEST_PASSWORD)
  expect((await request.get('/api/client/leads')).status()).toBe(200)
  expect((await request.get('/leads/view')).status()).toBe(200)
  expect((await request.post(`/api/client/leads/${id}/note`, { headers: ORIGIN_HEADERS, data: { note: 'Left a voicemail' } })).status()).toBe(200)
  expect((await request.post(`/api/client/leads/${id}/convert`, { headers: ORIGIN_HEADERS, data: { firstName: 'A', lastName: 'B' } })).status()).toBe(403)

  const anonymous = await open(playwright)
  expect((await anonymous.get('/api/client/leads')).status()).toBe(401)
  expect((await anonymous.post(`/api/client/leads/${id}/status`, { headers: ORIGIN_HEADERS, data: { status: 'won' } })).status()).toBe(401)
})

test('adding a lead by hand: source Manual with its first note, an e-mail already among the leads refused, another organisation untouched', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const b = await createTenant()
  const email = uniqueEmail('manual')
  const theirs = await insertLead(b.org.id, email, { first_name: 'Theirs' })

  const added = await a.request.post('/api/client/leads', {
    headers: ORIGIN_HEADERS,
    data: { email: email.toUpperCase(), firstName: 'Mia', lastName: 'Manual', phone: '+1 555 0100', note: 'Met at the fair' },
  })
  expect(added.status(), await added.text()).toBe(200)
  const body = await added.json()
  expect(body).toMatchObject({ status: true, message: 'Lead Added Successfully!', lead: { email, firstName: 'Mia', source: 'manual', status: 'new' } })
  const one = await (await a.request.get(`/api/client/leads/${body.lead._id}`)).json()
  expect(one.notes.map((n: { kind: string; note: string }) => [n.kind, n.note])).toEqual([['note', 'Met at the fair']])

  const again = await a.request.post('/api/client/leads', { headers: ORIGIN_HEADERS, data: { email, firstName: 'Changed' } })
  expect(again.status()).toBe(409)
  expect((await again.json()).error).toBe('A lead with this email already exists')
  expect((await leadRow(a.org.id, email))?.first_name).toBe('Mia')
  // The same e-mail in another organisation is that organisation's lead, unchanged.
  expect(await leadRow(b.org.id, email)).toMatchObject({ public_id: theirs, first_name: 'Theirs', source: 'cart' })

  for (const data of [{}, { email: 'not-an-email' }, { email: uniqueEmail('x'), phone: 'call me' }, { email: uniqueEmail('y'), note: 'x'.repeat(2001) }]) {
    expect((await a.request.post('/api/client/leads', { headers: ORIGIN_HEADERS, data })).status(), JSON.stringify(data).slice(0, 80)).toBe(400)
  }
  const logs = (await (await a.request.get('/api/logs/view?module=leads&action=add')).json()).logs as { status: string; message: string }[]
  expect(logs.map((l) => l.status).sort()).toEqual(['failure', 'success'])
})

test('malformed queries and bodies answer 400, other methods 405', async ({ playwright }) => {
  const a = await ownerSession(open, playwright)
  const id = await insertLead(a.org.id, uniqueEmail('bad'))
  for (const query of ['source=web', 'status=open', 'from=yesterday', 'to=2026-13-45', 'size=0', 'size=5000', 'start=-1', `q=${'x'.repeat(101)}`]) {
    const res = await a.request.get(`/api/client/leads?${query}`)
    expect(res.status(), query).toBe(400)
    expect(typeof (await res.json()).error, query).toBe('string')
    // The export takes the filters only (it has no pages).
    if (!/^(size|start)=/.test(query)) expect((await a.request.get(`/api/client/leads/export.csv?${query}`)).status(), `csv ${query}`).toBe(400)
  }
  const post = (path: string, data: unknown, contentType = 'application/json') =>
    a.request.post(`/api/client/leads/${id}/${path}`, { headers: { ...ORIGIN_HEADERS, 'Content-Type': contentType }, data: typeof data === 'string' ? data : JSON.stringify(data) })
  for (const [path, data] of [
    ['status', {}],
    ['status', { status: 'open' }],
    ['status', { status: ['won'] }],
    ['status', '{not json'],
    ['note', {}],
    ['note', { note: '   ' }],
    ['note', { note: 'x'.repeat(2001) }],
    ['convert', {}],
    ['convert', { firstName: 'A' }],
    ['convert', { firstName: 42, lastName: 'B' }],
  ] as const) {
    const res = await post(path, data)
    expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(400)
    expect((await res.json()).status).toBe(false)
  }
  expect((await a.request.post('/api/client/leads', { headers: ORIGIN_HEADERS, data: {} })).status()).toBe(400)
  expect((await a.request.delete('/api/client/leads', { headers: ORIGIN_HEADERS })).status()).toBe(405)
  expect((await a.request.get(`/api/client/leads/${id}/status`)).status()).toBe(405)
  expect((await a.request.get('/api/leads/capture')).status()).toBe(405)
  // The page: an unknown intent is the sender's mistake.
  expect((await a.request.post('/leads/view', { headers: ORIGIN_HEADERS, form: { intent: 'delete', id } })).status()).toBe(400)
})

test('capture on an organisation’s host records a lead for that organisation only, whatever the body or forwarded headers say', async () => {
  const a = await createTenant()
  const b = await createTenant()
  const hostA = await withSubdomain(a.org.id)
  const hostB = await withSubdomain(b.org.id)
  const email = uniqueEmail('visitor')

  const first = await capture(hostA, { email, source: 'cart', firstName: 'Vera', client_id: b.org.id, clientId: b.org.publicId })
  expect(first.status).toBe(200)
  expect(JSON.parse(first.body)).toMatchObject({ status: true })
  expect(await leadRow(a.org.id, email)).toMatchObject({ source: 'cart', first_name: 'Vera' })
  expect(await leadRow(b.org.id, email)).toBeUndefined()

  // Again, from checkout: still one lead, and the same answer (no telling who is on the list).
  const again = await capture(hostA, { email, source: 'checkout', phone: '+1 555 0100' })
  expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body))
  expect((await platformDb.selectFrom('leads').select('id').where('client_id', '=', a.org.id).where('email', '=', email).execute()).length).toBe(1)

  // A forged X-Forwarded-Host is never believed: on A's host the lead stays A's; on the platform host there is no organisation.
  const forwarded = uniqueEmail('fwd')
  expect((await capture(hostA, { email: forwarded, source: 'cart' }, { 'X-Forwarded-Host': hostB })).status).toBe(200)
  expect(await leadRow(b.org.id, forwarded)).toBeUndefined()
  const platform = await capture(`localhost:${PORT}`, { email: uniqueEmail('plat'), source: 'cart', client_id: a.org.id }, { 'X-Forwarded-Host': hostA })
  expect(platform.status).toBe(404)
  // An unknown Host is refused before any route runs (its Origin is nobody's, so the origin guard answers first).
  const stranger = uniqueEmail('stranger')
  expect((await capture(`nosuch${suffix()}.localhost:${PORT}`, { email: stranger, source: 'cart' })).status).toBe(403)
  expect(await platformDb.selectFrom('leads').select('id').where('email', '=', stranger).execute()).toEqual([])
  // A page of another origin cannot post into A's list.
  expect((await capture(hostA, { email: uniqueEmail(), source: 'cart' }, { Origin: 'https://evil.example' })).status).toBe(403)
})

test('capture refuses malformed bodies and sources a visitor may not claim', async () => {
  const a = await createTenant()
  const host = await withSubdomain(a.org.id)
  for (const body of [
    {},
    { email: 'nope', source: 'cart' },
    { email: uniqueEmail(), source: 'crm' },
    { email: uniqueEmail(), source: 'manual' },
    { email: uniqueEmail() },
    { email: uniqueEmail(), source: 'cart', phone: 'call me maybe' },
    '{broken',
  ]) {
    const res = await capture(host, body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(JSON.parse(res.body).status).toBe(false)
  }
  expect((await platformDb.selectFrom('leads').select('id').where('client_id', '=', a.org.id).execute()).length).toBe(0)
})

test('a visitor’s capture fills a known lead’s empty fields and never changes the name or phone already there (issue 28)', async () => {
  const a = await createTenant()
  const host = await withSubdomain(a.org.id)
  // A lead the staff entered, and one from the CRM: a stranger typing their address must not rename them.
  const staffLead = uniqueEmail('staffled')
  await insertLead(a.org.id, staffLead, { source: 'manual', first_name: 'Grace', last_name: 'Hopper', phone: '+1 555 0199' })
  const crmLead = uniqueEmail('crmled')
  await insertLead(a.org.id, crmLead, { source: 'crm', first_name: 'Alan', last_name: null, phone: null, external_id: 'crm-7' })
  for (const email of [staffLead, crmLead]) {
    const res = await capture(host, { email, source: 'checkout', firstName: 'Mallory', lastName: 'Evil', phone: '+1 555 0666' })
    expect(res.status).toBe(200)
  }
  expect(await leadRow(a.org.id, staffLead)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', phone: '+1 555 0199', source: 'manual' })
  // The CRM lead had no last name or phone: those fill; the name it had stays.
  expect(await leadRow(a.org.id, crmLead)).toMatchObject({ first_name: 'Alan', last_name: 'Evil', phone: '+1 555 0666', external_id: 'crm-7', source: 'crm' })
})
