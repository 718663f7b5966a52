// POST /table-columns through the real HTTP server (issue 27, ADR 0074): keeping a list's columns needs a
// session and the list's own permission, and only ever writes the signed-in account's row in its own
// organisation: ids of another account or organisation in the body are ignored.
import { expect, test } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { createUser } from '#tests/factories/index'
import { signInOnHost, tenantWithSubdomain } from './helpers'
import { rawRequest } from './raw-http'

type World = Awaited<ReturnType<typeof world>>

async function world(prefix: string) {
  const tenant = await tenantWithSubdomain(prefix)
  const clientId = tenant.org.id
  const staff = await createUser({ firstName: 'Sam', memberships: [{ clientId, role: 'user', permissions: ['READ_ORDERS'] }] })
  const writer = await createUser({ firstName: 'Wes', memberships: [{ clientId, role: 'user', permissions: ['WRITER'] }] })
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', clientId).executeTakeFirstOrThrow()
  return { ...tenant, clientId, orgPublicId: org.public_id, staff, writer, staffId: staff.accounts.get(clientId)!.id, ownerId: tenant.owner.accounts.get(clientId)!.id }
}

const form = (fields: [string, string][]) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')

function post(w: World, cookie: string | undefined, fields: [string, string][]) {
  return rawRequest({
    method: 'POST',
    path: '/table-columns',
    headers: { Host: w.host, Origin: `http://${w.host}`, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body: form(fields),
  })
}

const session = (w: World, email: string) => signInOnHost(w.host, email, w.orgPublicId)

const rowsOf = (clientId: number) =>
  platformDb.selectFrom('table_columns').select(['user_id', 'table_key', 'columns']).where('client_id', '=', clientId).orderBy('user_id').execute()

test('keeping columns needs a session and the list’s permission; unknown tables and intents are 400s', async () => {
  const w = await world('colsa')
  const anonymous = await post(w, undefined, [
    ['table', 'orders'],
    ['columns', 'email'],
  ])
  expect([302, 401, 403]).toContain(anonymous.status)
  const writer = await session(w, w.writer.email)
  expect((await post(w, writer, [['table', 'orders']])).status).toBe(403)
  const staff = await session(w, w.staff.email)
  expect((await post(w, staff, [['table', 'audit-logs']])).status).toBe(403)
  expect((await post(w, staff, [['table', 'users']])).status).toBe(400)
  expect((await post(w, staff, [['table', '__proto__']])).status).toBe(400)
  expect(
    (
      await post(w, staff, [
        ['table', 'orders'],
        ['intent', 'drop'],
      ])
    ).status,
  ).toBe(400)
  expect(await rowsOf(w.clientId)).toEqual([])
})

test('only the signed-in account’s own row is written, whatever ids the body names', async () => {
  const a = await world('colsb')
  const b = await world('colsc')
  const staff = await session(a, a.staff.email)
  const saved = await post(a, staff, [
    ['table', 'orders'],
    ['columns', 'email'],
    ['columns', 'dueDate'],
    ['columns', 'actions'],
    ['columns', 'nonsense'],
    ['client_id', String(b.clientId)],
    ['clientId', b.orgPublicId],
    ['user_id', String(a.ownerId)],
    ['userId', String(b.ownerId)],
  ])
  expect(saved.status, saved.body).toBe(200)
  expect(JSON.parse(saved.body)).toEqual({ ok: true, columns: ['email', 'dueDate'] })
  expect(await rowsOf(a.clientId)).toEqual([{ user_id: a.staffId, table_key: 'orders', columns: 'email,dueDate' }])
  expect(await rowsOf(b.clientId)).toEqual([])

  // A plain form post goes back to the list (never off-site), and saving again replaces the one row.
  const back = await post(a, staff, [
    ['table', 'orders'],
    ['columns', 'product'],
    ['redirectTo', '//evil.test/x'],
  ])
  expect(back.status).toBe(302)
  expect(back.headers.location).toBe('/')
  expect(await rowsOf(a.clientId)).toEqual([{ user_id: a.staffId, table_key: 'orders', columns: 'product' }])

  // The list shows the choice: Product without Customer Email.
  const list = await rawRequest({ path: '/orders/view', headers: { Host: a.host, Cookie: staff } })
  expect(list.status).toBe(200)
  expect(list.body).toContain('>Product<')
  expect(list.body).not.toContain('Customer Email</th>')

  const reset = await post(a, staff, [
    ['table', 'orders'],
    ['intent', 'reset'],
    ['redirectTo', '/orders/view?tab=all'],
  ])
  expect(reset.headers.location).toBe('/orders/view?tab=all')
  expect(await rowsOf(a.clientId)).toEqual([])
})
