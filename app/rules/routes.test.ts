import { describe, expect, it } from 'vitest'
import { PLATFORM_MODULE_LABELS } from './labels'
import { ALL_PERMISSIONS, PLACEHOLDER_PERMISSION } from './permissions'
import { APP_ROUTES, matchRoute, mayOpenBilling, routeGuard, routeRefuses, SIDEBAR_SECTIONS, sidebarFor, type AppRoute, type SidebarItem, type SidebarUser } from './routes'

// The route modules under the _app layout, as path patterns: '_app.work._index.tsx' -> '/work',
// '_app.profile_.security.tsx' -> '/profile/security', '$id' -> ':id'. Only the file names are read.
const PAGE_PATTERNS = Object.keys(import.meta.glob('../routes/_app.*.tsx')).map(
  (file) =>
    '/' +
    file
      .replace(/^.*\/_app\.|\.tsx$/g, '')
      .split('.')
      .filter((seg) => seg !== '_index')
      .map((seg) => seg.replace(/_$/, '').replace(/^\$/, ':'))
      .join('/'),
)
const samePattern = (path: string, page: string) => {
  const [a, b] = [path.split('/'), page.split('/')]
  return a.length === b.length && a.every((seg, i) => seg === b[i] || (b[i]!.startsWith(':') && seg !== ''))
}

/** A sidebar as lines: 'label path' for a top-level item, 'label: label path, ...' for a section. */
const lines = (items: SidebarItem[]) => items.map((i) => (i.children ? `${i.label}: ${i.children.map((c) => `${c.label} ${c.path}`).join(', ')}` : `${i.label} ${i.path}`))

describe('route table', () => {
  it('has one entry per path', () => {
    const paths = APP_ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  // A blanked or misspelt name would hold the page to a permission nobody can be given (mutation testing, issue 28).
  it.each(APP_ROUTES.map((r) => [r.path, r] as const))('%s is guarded by permissions that exist', (_path, route) => {
    const known = new Set([...ALL_PERMISSIONS, PLACEHOLDER_PERMISSION])
    const names = [...(route.guard.all ?? []), ...(route.guard.any ?? [])]
    for (const name of names) expect(known.has(name), `${route.path}: ${name}`).toBe(true)
    expect(route.path).toMatch(/^\/[a-z]/)
  })

  it.each([
    ['/dashboard', { any: ['VIEW_DASHBOARD', 'READ_ORDERS'] }],
    ['/products/file/create', { all: ['WRITE_DOWNLOADABLES'] }],
    ['/products/file/view', { all: ['READ_DOWNLOADABLES'] }],
    ['/products/file/edit/:id', { all: ['UPDATE_DOWNLOADABLES'] }],
    ['/orders/assigned-orders', { all: ['REVIEWER'] }],
    ['/payments/upgrade', { all: ['WRITE_MANAGE_SUBSCRIPTION'] }],
    ['/payments/payouts', { all: [PLACEHOLDER_PERMISSION] }],
    ['/chat', { any: ['ASSIGN_WRITER_REVIEWER', 'READ_USERS', 'WRITER'] }],
    ['/payments/reactivate', { all: ['WRITE_PAYMENT_METHOD'] }],
    ['/payments/manage-subscription', {}],
    ['/profile', {}],
    ['/notifications', {}],
    // ADR 0050: CRM or READ_CUSTOMERS (leads-only users are let in by app/rules/leads.ts and the sidebar).
    ['/leads/view', { any: ['CRM', 'READ_CUSTOMERS'] }],
    ['/website-settings/system-emails', { all: ['READ_SYSTEM_EMAILS_TEMPLATES'] }],
    ['/orders/revisions', { all: ['READ_AND_UPDATE_DRAFTS_APPROVAL'] }],
    ['/crm/integrations', { all: ['CRM'] }],
  ])('%s is guarded by %o', (path, guard) => {
    expect(APP_ROUTES.find((r) => r.path === path)?.guard).toEqual(guard)
  })

  it('builds the pages that exist and leaves later areas unbuilt', () => {
    const built = APP_ROUTES.filter((r) => r.built).map((r) => r.path)
    expect(built).toEqual(expect.arrayContaining(['/dashboard', '/profile']))
    expect(built).toContain('/orders/view')
    expect(built).toContain('/chat')
    expect(built).toEqual(expect.arrayContaining(['/payments/methods', '/payments/invoices', '/payments/payouts']))
    expect(built).toEqual(expect.arrayContaining(['/payments/upgrade', '/payments/reactivate', '/payments/manage-subscription']))
  })

  it('shows a locked owner the subscription pages under Billing', () => {
    const items = sidebarFor({ role: 'client', permissions: [], restricted: true })
    expect(items.map((i) => i.label)).toEqual(['menu.dashboard', 'menu.billing'])
    const billing = items[1]!.children!.map((c) => c.path)
    expect(billing).toEqual(expect.arrayContaining(['/payments/manage-subscription', '/payments/upgrade']))
    // Staff without the permission see the plan but not the upgrade.
    const staff = sidebarFor({ role: 'user', permissions: ['READ_ORDERS'] }).find((i) => i.label === 'menu.billing')
    expect(staff?.children?.map((c) => c.path)).toContain('/payments/manage-subscription')
    expect(staff?.children?.map((c) => c.path)).not.toContain('/payments/upgrade')
  })

  it('hides assigned orders from clients and marks platform routes with their module', () => {
    expect(APP_ROUTES.find((r) => r.path === '/orders/assigned-orders')?.hideForClient).toBe(true)
    expect(APP_ROUTES.find((r) => r.path === '/packages/create')).toMatchObject({ platform: true, module: 'client_packages' })
    expect(APP_ROUTES.find((r) => r.path === '/audit-logs')?.platform).toBeFalsy()
  })
})

// The table is data: these hold every entry to its page, its place in the sidebar and its guard, so a blanked
// label, a lost section, an unbuilt page or an emptied guard fails here (static mutants, issue 28).
describe('route table entries', () => {
  it('each have their route module, and are built', () => {
    expect(APP_ROUTES.filter((r) => !PAGE_PATTERNS.some((page) => samePattern(r.path, page))).map((r) => r.path)).toEqual([])
    expect(APP_ROUTES.filter((r) => !r.built).map((r) => r.path)).toEqual([])
  })

  it('have a label and a section together, a menu text key and a section of the sidebar', () => {
    for (const r of APP_ROUTES) {
      expect(!!r.label, r.path).toBe(!!r.section)
      if (r.label) expect(r.label, r.path).toMatch(/^menu\.[a-z][A-Za-z]+$/)
      if (r.section)
        expect(
          SIDEBAR_SECTIONS.map((s) => s.key),
          r.path,
        ).toContain(r.section)
    }
    expect(new Set(SIDEBAR_SECTIONS.map((s) => s.key)).size).toBe(SIDEBAR_SECTIONS.length)
    for (const s of SIDEBAR_SECTIONS) expect(s.label, s.key).toMatch(/^menu\.[a-z][A-Za-z]+$/)
  })

  it('open a page to every member only where the spec says so: profile, notifications, the plan, and the platform pages (held by their module)', () => {
    const open = APP_ROUTES.filter((r) => !r.guard.all?.length && !r.guard.any?.length)
    expect(open.filter((r) => !r.platform).map((r) => r.path)).toEqual(['/payments/manage-subscription', '/profile', '/profile/security', '/notifications'])
    for (const r of APP_ROUTES.filter((r) => r.platform)) expect(Object.keys(PLATFORM_MODULE_LABELS), r.path).toContain(r.module)
    expect(APP_ROUTES.filter((r) => r.platform).length).toBe(18)
  })

  it('hide the contributor pages from the owner and the plan from contributors', () => {
    expect(APP_ROUTES.filter((r) => r.hideForClient).map((r) => r.path)).toEqual(['/orders/assigned-orders', '/work', '/work/orders/:orderId', '/work/earnings', '/work/profile'])
    expect(APP_ROUTES.filter((r) => r.notForContributors).map((r) => r.path)).toEqual(['/payments/manage-subscription'])
    expect(routeGuard('/work/orders/x')).toEqual({ any: ['WRITER', 'REVIEWER'] })
    expect(routeGuard('/work/profile')).toEqual({ all: ['WRITER'] })
  })

  it("give the owner the spec's sidebar, in its order", () => {
    expect(lines(sidebarFor({ role: 'client', permissions: [] }))).toEqual([
      'menu.dashboard /dashboard',
      'menu.orders: menu.viewOrders /orders/view, menu.createOrder /orders/create, menu.orderInvoices /orders/invoices, menu.revisions /orders/revisions, menu.orderReports /orders/reports',
      'menu.products: menu.viewProducts /products/view, menu.createProduct /products/create, menu.cartSettings /products/cart-settings, menu.workflows /products/customer-services/all, menu.createWorkflow /products/customer-services/create, menu.forms /products/forms/list, menu.createForm /products/forms/create, menu.contracts /products/contracts/view, menu.createContract /products/contracts/create, menu.files /products/file/view, menu.createFile /products/file/create, menu.coupons /products/customer-coupons/view, menu.createCoupon /products/customer-coupons/create',
      'menu.customers: menu.viewCustomers /customers/view, menu.createCustomer /customers/create',
      'menu.users: menu.viewUsers /client/users/view, menu.contributorsAnalytics /client/users/contributors/analytics',
      'menu.websiteSettings: menu.domain /website-settings/domain, menu.uiCustomization /website-settings/ui, menu.features /website-settings/features, menu.systemEmails /website-settings/system-emails',
      'menu.crm: menu.crmUsers /crm/user/view/all, menu.crmAddUser /crm/user/add, menu.crmIntegrations /crm/integrations',
      'menu.leads /leads/view',
      'menu.chat /chat',
      'menu.billing: menu.paymentMethods /payments/methods, menu.invoices /payments/invoices, menu.manageSubscription /payments/manage-subscription, menu.upgrade /payments/upgrade, menu.payouts /payments/payouts',
      'menu.auditLogs /audit-logs',
    ])
  })

  it('give a member who writes and reviews the contributor workspace at the top', () => {
    const items = lines(sidebarFor({ role: 'user', permissions: ['WRITER', 'REVIEWER', 'READ_ORDERS'] }))
    expect(items).toEqual([
      'menu.dashboard /dashboard',
      'menu.myWork /work',
      'menu.earnings /work/earnings',
      'menu.myProfile /work/profile',
      'menu.orders: menu.viewOrders /orders/view, menu.assignedOrders /orders/assigned-orders',
      'menu.chat /chat',
    ])
  })

  it('give the superadmin the platform sections, in order', () => {
    expect(lines(sidebarFor({ role: 'superadmin', permissions: [] }))).toEqual([
      'menu.dashboard /dashboard',
      'menu.platformUsers: menu.view /users/view, menu.create /users/create',
      'menu.roles: menu.view /roles/view, menu.create /roles/create',
      'menu.clients: menu.view /clients/view',
      'menu.packages: menu.view /packages/view, menu.create /packages/create',
      'menu.promotions: menu.view /promotions/view, menu.create /promotions/create',
      'menu.formTemplates: menu.view /form-template/list, menu.create /form-template/create',
      'menu.contractTemplates: menu.view /contract-template/list, menu.create /contract-template/create',
      'menu.auditLogs /audit-logs',
    ])
  })
})

describe('matchRoute', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/', '/dashboard'],
    ['/project/view/abc123', '/project/view/:orderId'],
    ['/products/customer-services/update/resume/42', '/products/customer-services/update/:service/:id'],
    ['/products/file/edit/7?tab=1', '/products/file/edit/:id'],
    ['/users/update/u1', '/users/update/:id'],
    ['/products/file/view', '/products/file/view'],
  ])('%s -> %s', (pathname, expected) => expect(matchRoute(pathname)?.path).toBe(expected))

  it.each(['/nope', '/project/view', '/project/view/a/b', '/products/file/edit'])('%s -> undefined', (pathname) => expect(matchRoute(pathname)).toBeUndefined())

  it('prefers a literal path to an earlier pattern, and the first pattern to a later one', () => {
    const table: AppRoute[] = [
      { path: '/things/:id', guard: { all: ['READ_ORDERS'] }, built: true },
      { path: '/things/:other', guard: { all: ['WRITE_ORDERS'] }, built: true },
      { path: '/things/create', guard: { all: ['WRITE_ORDERS'] }, built: true },
    ]
    expect(matchRoute('/things/create', table)?.path).toBe('/things/create')
    expect(matchRoute('/things/42', table)?.path).toBe('/things/:id')
    expect(matchRoute('/things/42#x', table)?.path).toBe('/things/:id')
  })
})

describe('routeRefuses and routeGuard', () => {
  it.each(['READ_PAYMENT_METHOD', 'WRITE_PAYMENT_METHOD', 'READ_SUBSCRIPTION_INVOICES', 'WRITE_MANAGE_SUBSCRIPTION'])('lets a writer given %s open the plan', (permission) => {
    const writer = { role: 'user' as const, permissions: ['WRITER', permission] }
    expect([mayOpenBilling(writer), routeRefuses(writer, '/payments/manage-subscription')]).toEqual([true, false])
    expect(routeRefuses({ role: 'user', permissions: ['WRITER', 'READ_ORDERS'] }, '/payments/manage-subscription')).toBe(true)
  })

  it('refuses nothing on a path outside the table', () => {
    expect(routeRefuses({ role: 'user', permissions: ['WRITER'] }, '/nope')).toBe(false)
  })

  it('gives each path its table guard and refuses to guess for an unknown one', () => {
    expect(routeGuard('/orders/view')).toEqual({ all: ['READ_ORDERS'] })
    expect(routeGuard('/project/view/abc')).toEqual({ all: ['READ_ORDERS'] })
    expect(() => routeGuard('/nope')).toThrow('No route table entry for /nope')
  })
})

describe('sidebarFor', () => {
  // Everything built, so the filters other than build status can be seen.
  const allBuilt: AppRoute[] = APP_ROUTES.map((r) => ({ ...r, built: true }))
  const paths = (user: SidebarUser, routes?: AppRoute[]) => sidebarFor(user, routes).flatMap((i) => (i.children ? i.children.map((c) => c.path) : [i.path]))

  it('shows only built routes', () => {
    const unbuilt = APP_ROUTES.map((r) => ({ ...r, built: r.path === '/dashboard' }))
    expect(paths({ role: 'client', permissions: [] }, unbuilt)).toEqual(['/dashboard'])
    expect(sidebarFor({ role: 'client', permissions: [] }, unbuilt)).toEqual([{ label: 'menu.dashboard', path: '/dashboard' }])
    expect(paths({ role: 'client', permissions: [] })).toContain('/chat')
  })

  it('hides guarded routes the user cannot pass', () => {
    const p = paths({ role: 'user', permissions: ['READ_ORDERS', 'READ_ORDERS_INVOICES'] }, allBuilt)
    expect(p).toContain('/dashboard')
    expect(p).toContain('/orders/view')
    expect(p).toContain('/orders/invoices')
    expect(p).not.toContain('/orders/create')
    expect(p).not.toContain('/chat')
    expect(paths({ role: 'user', permissions: ['WRITER'] }, allBuilt)).toContain('/chat')
    expect(p).not.toContain('/users/create')
    expect(p).toContain('/payments/manage-subscription')
  })

  it('hides assigned orders from clients only', () => {
    expect(paths({ role: 'client', permissions: ['REVIEWER'] }, allBuilt)).not.toContain('/orders/assigned-orders')
    expect(paths({ role: 'client', permissions: [] }, allBuilt)).not.toContain('/orders/assigned-orders')
    expect(paths({ role: 'user', permissions: ['REVIEWER'] }, allBuilt)).toContain('/orders/assigned-orders')
  })

  it('keeps only Dashboard and Billing when restricted', () => {
    const items = sidebarFor({ role: 'client', permissions: [], restricted: true }, allBuilt)
    expect(items.map((i) => i.label)).toEqual(['menu.dashboard', 'menu.billing'])
    expect(items[1]!.children!.map((c) => c.path)).toEqual(['/payments/methods', '/payments/invoices', '/payments/manage-subscription', '/payments/upgrade', '/payments/payouts'])
  })

  it('shows platform items to superadmin and to staff by module, View only to superadmin', () => {
    const admin = paths({ role: 'superadmin', permissions: [] }, allBuilt)
    expect(admin).toEqual(expect.arrayContaining(['/users/view', '/roles/create', '/clients/view', '/contract-template/list']))
    const staff = paths({ role: 'user', permissions: [], roleModules: ['roles', 'promotions'] }, allBuilt)
    expect(staff).toEqual(expect.arrayContaining(['/roles/create', '/promotions/create']))
    expect(staff).not.toContain('/roles/view')
    expect(staff).not.toContain('/users/create')
    expect(paths({ role: 'client', permissions: [] }, allBuilt)).not.toContain('/packages/create')
  })

  it('groups children under section labels, never listing unlabelled pages', () => {
    const items = sidebarFor({ role: 'client', permissions: [] }, allBuilt)
    const orders = items.find((i) => i.label === 'menu.orders')
    expect(orders?.children?.[0]).toEqual({ label: 'menu.viewOrders', path: '/orders/view' })
    const all = paths({ role: 'client', permissions: [] }, allBuilt)
    expect(all).not.toContain('/profile')
    expect(all).not.toContain('/project/view/:orderId')
  })

  it('hides Billing from contributors and reviewers unless given a billing permission (issue 27, ADR 0072)', () => {
    const billing = (user: SidebarUser) => sidebarFor(user, allBuilt).find((i) => i.label === 'menu.billing')
    expect(billing({ role: 'user', permissions: ['WRITER'] })).toBeUndefined()
    expect(billing({ role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] })).toBeUndefined()
    expect(billing({ role: 'user', permissions: ['WRITER', 'REVIEWER', 'READ_ORDERS', 'READ_CUSTOMERS'] })).toBeUndefined()
    expect(billing({ role: 'user', permissions: ['WRITER', 'READ_PAYMENT_METHOD'] })?.children?.map((c) => c.path)).toContain('/payments/manage-subscription')
    expect(billing({ role: 'user', permissions: ['READ_ORDERS'] })?.children?.map((c) => c.path)).toEqual(['/payments/manage-subscription'])
    expect(billing({ role: 'client', permissions: [] })).toBeDefined()
    // The page's server check is the same rule.
    expect(routeRefuses({ role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }, '/payments/manage-subscription')).toBe(true)
    expect(routeRefuses({ role: 'user', permissions: ['WRITER', 'WRITE_MANAGE_SUBSCRIPTION', 'READ_PAYMENT_METHOD'] }, '/payments/manage-subscription')).toBe(false)
    expect(routeRefuses({ role: 'user', permissions: ['READ_ORDERS'] }, '/payments/manage-subscription')).toBe(false)
    expect(routeRefuses({ role: 'user', permissions: ['WRITER'] }, '/work')).toBe(false)
  })

  it('shows Leads to CRM and customer staff and to leads-only users, and leads-only users nothing their permissions do not give (ADR 0050)', () => {
    expect(paths({ role: 'user', permissions: ['CRM'] })).toContain('/leads/view')
    expect(paths({ role: 'user', permissions: ['READ_CUSTOMERS'] })).toContain('/leads/view')
    expect(paths({ role: 'user', permissions: ['READ_ORDERS'] })).not.toContain('/leads/view')
    expect(paths({ role: 'client', permissions: [] })).toContain('/leads/view')
    const leadsOnly = paths({ role: 'user', permissions: [], leadsOnly: true }, allBuilt)
    // Leads, and what every account sees (the plan page needs no permission): nothing of orders, customers or settings.
    expect(leadsOnly).toEqual(['/leads/view', '/payments/manage-subscription'])
    const withOrders = paths({ role: 'user', permissions: ['READ_ORDERS'], leadsOnly: true }, allBuilt)
    expect(withOrders).toEqual(expect.arrayContaining(['/leads/view', '/orders/view', '/dashboard']))
    // A locked account shows only billing, leads-only or not.
    expect(paths({ role: 'user', permissions: [], leadsOnly: true, restricted: true }, allBuilt)).not.toContain('/leads/view')
  })

  it('shows platform staff outside platform pages only what a module opens, whatever their permissions', () => {
    const staff = paths({ role: 'user', permissions: ['READ_ORDERS', 'VIEW_DASHBOARD'], roleModules: ['audit-logs'] }, allBuilt)
    expect(staff).toContain('/audit-logs')
    expect(staff).not.toContain('/dashboard')
    expect(staff).not.toContain('/orders/view')
    expect(paths({ role: 'user', permissions: [], roleModules: ['roles'] }, allBuilt)).not.toContain('/audit-logs')
    // A platform role with no modules opens nothing, not everything.
    expect(paths({ role: 'user', permissions: ['READ_ORDERS'], roleModules: [] }, allBuilt)).toEqual([])
  })

  it('shows a superadmin outside any organisation only the platform home sections of the organisation pages', () => {
    const admin = paths({ role: 'superadmin', permissions: [] }, allBuilt)
    expect(admin).toEqual(expect.arrayContaining(['/dashboard', '/audit-logs']))
    expect(admin).not.toContain('/orders/view')
    expect(admin).not.toContain('/payments/manage-subscription')
    expect(admin).not.toContain('/leads/view')
    // Module lists do not narrow a superadmin.
    const withModules = paths({ role: 'superadmin', permissions: [], roleModules: [] }, allBuilt)
    expect(withModules).toEqual(admin)
  })
})
