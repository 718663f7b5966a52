// The platform side of sidebarFor and the audit-logs entry (see routes.ts).
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, sidebarFor, type SidebarUser } from './routes'

const paths = (user: SidebarUser) => sidebarFor(user).flatMap((i) => (i.children ? i.children.map((c) => c.path) : [i.path]))

describe('platform sidebar', () => {
  it('gives superadmin every built platform page and the audit logs', () => {
    expect(paths({ role: 'superadmin', permissions: [] })).toEqual(
      expect.arrayContaining(['/dashboard', '/users/view', '/users/create', '/roles/view', '/roles/create', '/clients/view', '/audit-logs']),
    )
  })

  it('gives platform staff only what their modules open, never tenant pages', () => {
    const support = paths({ role: 'user', permissions: [], roleModules: ['users', 'clients', 'audit-logs'] })
    expect(support).toEqual(['/users/create', '/audit-logs'])
    expect(paths({ role: 'user', permissions: [], roleModules: [] })).toEqual([])
  })

  it('shows the audit logs to a full-access owner, not to staff', () => {
    expect(paths({ role: 'client', permissions: [] })).toContain('/audit-logs')
    expect(paths({ role: 'user', permissions: ['READ_ORDERS', 'VIEW_DASHBOARD'] })).not.toContain('/audit-logs')
  })

  it('has the role edit page under the roles module', () => {
    expect(APP_ROUTES.find((r) => r.path === '/roles/update/:id')).toMatchObject({ built: true, platform: true, module: 'roles' })
  })
})
