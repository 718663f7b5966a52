// The platform JSON calls over HTTP (nested paths like /api/users/get/{id} reach the right module).
import { expect, test } from '#tests/e2e/fixtures'

test('users, roles and clients calls answer JSON for superadmin and 401 signed out', async ({ request, loginAs, page }) => {
  const anonymous = await request.get('/api/users/get')
  expect(anonymous.status()).toBe(401)
  await loginAs('superadmin@demo.test')
  const api = page.request
  const users = await api.get('/api/users/get')
  expect(users.status()).toBe(200)
  const body = await users.json()
  const support = body.users.find((u: { email: string }) => u.email === 'support@demo.test')
  const one = await api.get(`/api/users/get/${support._id}`)
  expect((await one.json()).user).toMatchObject({ email: 'support@demo.test', role: 'support' })
  const roles = await (await api.get('/api/roles/get')).json()
  const role = roles.roles.find((r: { key: string }) => r.key === 'support')
  expect((await (await api.get(`/api/roles/get/${role._id}`)).json()).role.permissions).toBe('users,clients,audit-logs')
  const clients = await (await api.get('/api/clients/get')).json()
  expect(clients.clients.some((c: { email: string }) => c.email === 'owner2@demo.test')).toBe(true)
  const logs = await api.get('/api/logs/view?module=orders')
  expect((await logs.json()).count).toBeGreaterThan(0)
})
