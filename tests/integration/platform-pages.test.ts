// Platform and audit pages: who may open them (loaders called in-process; a thrown 403 is data, not a Response).
import { describe, expect, it } from 'vitest'
import * as auditPage from '#app/routes/_app.audit-logs'
import * as clientsPage from '#app/routes/_app.clients.view'
import * as rolesCreatePage from '#app/routes/_app.roles.create'
import * as rolesPage from '#app/routes/_app.roles.view'
import * as usersCreatePage from '#app/routes/_app.users.create'
import * as usersPage from '#app/routes/_app.users.view'
import { Client, signIn } from './helpers'

type Loader = (args: never) => Promise<unknown>

/** The HTTP status a page loader ends with: thrown responses, thrown `data()` and plain returns. */
async function statusOf(client: Client, loader: Loader, path: string) {
  const headers = new Headers({ 'x-draftdesk-client-ip': client.ip })
  if (client.cookie) headers.set('Cookie', client.cookie)
  const request = new Request(`http://localhost${path}`, { headers })
  try {
    const result = (await loader({ request, params: {}, context: {} } as never)) as { init?: { status?: number } } | Response
    if (result instanceof Response) return result.status
    return result?.init?.status ?? 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return init.status
    throw thrown
  }
}

describe('platform page guards', () => {
  it('client owners get 403 on platform pages; superadmin passes', async () => {
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const admin = await signIn(new Client(), 'superadmin@demo.test', null)
    for (const [loader, path] of [
      [usersPage.loader, '/users/view'],
      [usersCreatePage.loader, '/users/create'],
      [rolesPage.loader, '/roles/view'],
      [rolesCreatePage.loader, '/roles/create'],
      [clientsPage.loader, '/clients/view'],
    ] as const) {
      expect(await statusOf(owner, loader as Loader, path)).toBe(403)
      expect(await statusOf(admin, loader as Loader, path)).toBe(200)
    }
  })

  it('platform staff pass only with the module', async () => {
    const billing = await signIn(new Client(), 'billing@demo.test', null)
    const support = await signIn(new Client(), 'support@demo.test', null)
    expect(await statusOf(billing, usersPage.loader as Loader, '/users/view')).toBe(403)
    expect(await statusOf(billing, clientsPage.loader as Loader, '/clients/view')).toBe(403)
    expect(await statusOf(support, usersPage.loader as Loader, '/users/view')).toBe(200)
    expect(await statusOf(support, clientsPage.loader as Loader, '/clients/view')).toBe(200)
    expect(await statusOf(support, rolesPage.loader as Loader, '/roles/view')).toBe(403)
  })

  it('/audit-logs: owners and superadmin yes, staff and platform staff without the module no', async () => {
    expect(await statusOf(await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co'), auditPage.loader as Loader, '/audit-logs')).toBe(200)
    expect(await statusOf(await signIn(new Client(), 'superadmin@demo.test', null), auditPage.loader as Loader, '/audit-logs')).toBe(200)
    expect(await statusOf(await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co'), auditPage.loader as Loader, '/audit-logs')).toBe(403)
    expect(await statusOf(await signIn(new Client(), 'billing@demo.test', null), auditPage.loader as Loader, '/audit-logs')).toBe(403)
    expect(await statusOf(new Client(), auditPage.loader as Loader, '/audit-logs')).toBe(302)
  })
})

describe('platform lists page in SQL', () => {
  it('users, roles and clients answer one page, the total and the search', async () => {
    const { pagePlatformUsers } = await import('#app/models/platform-users.server')
    const { pageRoles } = await import('#app/models/platform-roles.server')
    const { pageClients } = await import('#app/models/platform-clients.server')
    const users = await pagePlatformUsers({ search: '', start: 0, size: 1 })
    expect(users.rows).toHaveLength(1)
    expect(users.count).toBeGreaterThanOrEqual(2)
    const support = await pagePlatformUsers({ search: 'support@demo.test', start: 0, size: 50 })
    expect(support.rows.map((r) => r.email)).toEqual(['support@demo.test'])
    expect(support.count).toBe(1)
    const roles = await pageRoles({ search: '', start: 0, size: 1 })
    expect(roles.rows).toHaveLength(1)
    expect(roles.count).toBeGreaterThanOrEqual(2)
    const clients = await pageClients({ search: 'Rival Resumes', start: 0, size: 50 })
    expect(clients.rows.map((r) => r.companyDetails.companyName)).toContain('Rival Resumes')
    expect(clients.count).toBe(clients.rows.length)
    const second = await pageClients({ search: '', start: 1, size: 1 })
    expect(second.rows).toHaveLength(1)
    expect(second.count).toBeGreaterThanOrEqual(2)
    // A LIKE wildcard typed into the box matches itself only.
    expect((await pageClients({ search: '%', start: 0, size: 50 })).count).toBe(0)
  })
})
