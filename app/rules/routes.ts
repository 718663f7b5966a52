// The authenticated route table as data: guards, sidebar placement and build status per path.
import { mayWork } from './contributor'
import { can, PLACEHOLDER_PERMISSION, type Guard, type Principal } from './permissions'

const CONTRIBUTOR: Guard = { any: ['WRITER', 'REVIEWER'] }

export type AppRoute = {
  path: string
  guard: Guard
  label?: string
  section?: string
  built: boolean
  hideForClient?: boolean
  platform?: boolean
  module?: string
  /** Organisation business (billing): hidden from and refused to contributors without a billing permission (ADR 0072). */
  notForContributors?: boolean
}

export type SidebarSection = { key: string; label: string; flat?: boolean }

// Order here is the sidebar order; flat sections put their items at the top level.
export const SIDEBAR_SECTIONS: SidebarSection[] = [
  { key: 'Dashboard', label: 'menu.dashboard', flat: true },
  { key: 'Work', label: 'menu.work', flat: true },
  { key: 'Orders', label: 'menu.orders' },
  { key: 'Products', label: 'menu.products' },
  { key: 'Customers', label: 'menu.customers' },
  { key: 'Users', label: 'menu.users' },
  { key: 'Website Settings', label: 'menu.websiteSettings' },
  { key: 'CRM', label: 'menu.crm' },
  { key: 'Leads', label: 'menu.leads', flat: true },
  { key: 'Chat', label: 'menu.chat', flat: true },
  { key: 'Billing', label: 'menu.billing' },
  { key: 'Platform Users', label: 'menu.platformUsers' },
  { key: 'Roles', label: 'menu.roles' },
  { key: 'Clients', label: 'menu.clients' },
  { key: 'Packages', label: 'menu.packages' },
  { key: 'Promotions', label: 'menu.promotions' },
  { key: 'Form Templates', label: 'menu.formTemplates' },
  { key: 'Contract Templates', label: 'menu.contractTemplates' },
  { key: 'Audit Logs', label: 'menu.auditLogs', flat: true },
]

// A package lockout leaves the owner only what they need to pay and get back in.
const RESTRICTED_SECTIONS = new Set(['Dashboard', 'Billing'])
const PLATFORM_HOME_SECTIONS = new Set(['Dashboard', 'Audit Logs'])

// Owner-only pages (ADR 0090): nobody is granted the placeholder permission, so only full-access principals pass.
const OWNER_ONLY: Guard = { all: [PLACEHOLDER_PERMISSION] }
const all = (...actions: string[]): Guard => ({ all: actions })

export const APP_ROUTES: AppRoute[] = [
  { path: '/dashboard', guard: { any: ['VIEW_DASHBOARD', 'READ_ORDERS'] }, label: 'menu.dashboard', section: 'Dashboard', built: true },
  { path: '/project/view/:orderId', guard: all('READ_ORDERS'), built: true },

  { path: '/orders/view', guard: all('READ_ORDERS'), label: 'menu.viewOrders', section: 'Orders', built: true },
  { path: '/orders/create', guard: all('WRITE_ORDERS'), label: 'menu.createOrder', section: 'Orders', built: true },
  { path: '/orders/invoices', guard: all('READ_ORDERS_INVOICES'), label: 'menu.orderInvoices', section: 'Orders', built: true },
  { path: '/orders/revisions', guard: all('READ_AND_UPDATE_DRAFTS_APPROVAL'), label: 'menu.revisions', section: 'Orders', built: true },
  { path: '/orders/reports', guard: all('READ_ORDERS_REPORTS'), label: 'menu.orderReports', section: 'Orders', built: true },
  {
    path: '/orders/assigned-orders',
    guard: all('REVIEWER'),
    label: 'menu.assignedOrders',
    section: 'Orders',
    built: true,
    hideForClient: true,
  },

  { path: '/products/view', guard: all('READ_PRODUCTS'), label: 'menu.viewProducts', section: 'Products', built: true },
  { path: '/products/create', guard: all('WRITE_PRODUCTS'), label: 'menu.createProduct', section: 'Products', built: true },
  { path: '/products/update/:id', guard: all('UPDATE_PRODUCTS'), built: true },
  // Read-only link page; editing the link is a separate WRITE_DOMAIN check inside it.
  { path: '/products/cart-settings', guard: all('READ_PRODUCTS'), label: 'menu.cartSettings', section: 'Products', built: true },
  { path: '/products/customer-services/all', guard: all('READ_WORKFLOWS'), label: 'menu.workflows', section: 'Products', built: true },
  { path: '/products/customer-services/create', guard: all('WRITE_WORKFLOWS'), label: 'menu.createWorkflow', section: 'Products', built: true },
  { path: '/products/customer-services/resume/create', guard: all('WRITE_WORKFLOWS'), built: true },
  { path: '/products/customer-services/cover/create', guard: all('WRITE_WORKFLOWS'), built: true },
  { path: '/products/customer-services/linkedin/create', guard: all('WRITE_WORKFLOWS'), built: true },
  { path: '/products/customer-services/custom/create', guard: all('WRITE_WORKFLOWS'), built: true },
  { path: '/products/customer-services/update/:service/:id', guard: all('UPDATE_WORKFLOWS'), built: true },
  { path: '/products/forms/list', guard: all('READ_QUESTIONNAIRES'), label: 'menu.forms', section: 'Products', built: true },
  { path: '/products/forms/create', guard: all('WRITE_QUESTIONNAIRES'), label: 'menu.createForm', section: 'Products', built: true },
  // The editor also shows read-only sample templates; its save and publish buttons check UPDATE themselves.
  { path: '/products/forms/template', guard: all('READ_QUESTIONNAIRES'), built: true },
  // Back-office section 6 lists cloning a form under UPDATE_QUESTIONNAIRES, unlike contracts.
  { path: '/products/forms/clone', guard: all('UPDATE_QUESTIONNAIRES'), built: true },
  { path: '/products/contracts/view', guard: all('READ_CONTRACTS'), label: 'menu.contracts', section: 'Products', built: true },
  { path: '/products/contracts/create', guard: all('WRITE_CONTRACTS'), label: 'menu.createContract', section: 'Products', built: true },
  { path: '/products/contracts/edit/:id', guard: all('UPDATE_CONTRACTS'), built: true },
  { path: '/products/contracts/clone', guard: all('WRITE_CONTRACTS'), built: true },
  { path: '/products/file/view', guard: all('READ_DOWNLOADABLES'), label: 'menu.files', section: 'Products', built: true },
  { path: '/products/file/create', guard: all('WRITE_DOWNLOADABLES'), label: 'menu.createFile', section: 'Products', built: true },
  { path: '/products/file/edit/:id', guard: all('UPDATE_DOWNLOADABLES'), built: true },
  { path: '/products/customer-coupons/view', guard: all('READ_COUPONS'), label: 'menu.coupons', section: 'Products', built: true },
  { path: '/products/customer-coupons/create', guard: all('WRITE_COUPONS'), label: 'menu.createCoupon', section: 'Products', built: true },

  { path: '/customers/view', guard: all('READ_CUSTOMERS'), label: 'menu.viewCustomers', section: 'Customers', built: true },
  { path: '/customers/create', guard: all('WRITE_CUSTOMERS'), label: 'menu.createCustomer', section: 'Customers', built: true },

  { path: '/client/users/view', guard: all('READ_USERS'), label: 'menu.viewUsers', section: 'Users', built: true },
  {
    path: '/client/users/contributors/analytics',
    guard: all('READ_WRITERS_ANALYSIS'),
    label: 'menu.contributorsAnalytics',
    section: 'Users',
    built: true,
  },

  { path: '/website-settings/domain', guard: all('READ_WEBSITE_SETTINGS'), label: 'menu.domain', section: 'Website Settings', built: true },
  { path: '/website-settings/ui', guard: all('READ_WEBSITE_SETTINGS'), label: 'menu.uiCustomization', section: 'Website Settings', built: true },
  { path: '/website-settings/features', guard: all('READ_WEBSITE_SETTINGS'), label: 'menu.features', section: 'Website Settings', built: true },
  {
    path: '/website-settings/system-emails',
    guard: all('READ_SYSTEM_EMAILS_TEMPLATES'),
    label: 'menu.systemEmails',
    section: 'Website Settings',
    built: true,
  },

  { path: '/crm/user/view/all', guard: all('CRM'), label: 'menu.crmUsers', section: 'CRM', built: true },
  { path: '/crm/user/add', guard: all('CRM'), label: 'menu.crmAddUser', section: 'CRM', built: true },
  { path: '/crm/integrations', guard: all('CRM'), label: 'menu.crmIntegrations', section: 'CRM', built: true },
  { path: '/crm/user/edit/:id', guard: all('CRM'), built: true },

  // The contributor workspace (issue 26): writers and reviewers of the organisation; the owner is nobody's contributor.
  { path: '/work', guard: CONTRIBUTOR, label: 'menu.myWork', section: 'Work', built: true, hideForClient: true },
  { path: '/work/orders/:orderId', guard: CONTRIBUTOR, built: true, hideForClient: true },
  { path: '/work/earnings', guard: CONTRIBUTOR, label: 'menu.earnings', section: 'Work', built: true, hideForClient: true },
  { path: '/work/profile', guard: { all: ['WRITER'] }, label: 'menu.myProfile', section: 'Work', built: true, hideForClient: true },

  { path: '/leads/view', guard: { any: ['CRM', 'READ_CUSTOMERS'] }, label: 'menu.leads', section: 'Leads', built: true },
  // The spec's placeholder guard, decided in ADR 0041: the staff who keep contributors, and each contributor for their own conversation.
  { path: '/chat', guard: { any: ['ASSIGN_WRITER_REVIEWER', 'READ_USERS', 'WRITER'] }, label: 'menu.chat', section: 'Chat', built: true },

  { path: '/payments/methods', guard: all('READ_PAYMENT_METHOD'), label: 'menu.paymentMethods', section: 'Billing', built: true },
  { path: '/payments/invoices', guard: all('READ_SUBSCRIPTION_INVOICES'), label: 'menu.invoices', section: 'Billing', built: true },
  // Anyone may see the plan (portal section 2: no permission); changing it needs WRITE_MANAGE_SUBSCRIPTION (ADR 0038).
  { path: '/payments/manage-subscription', guard: {}, label: 'menu.manageSubscription', section: 'Billing', built: true, notForContributors: true },
  // The spec's placeholder 'TODO' guard, decided in ADR 0038: upgrading the plan is managing the subscription.
  { path: '/payments/upgrade', guard: all('WRITE_MANAGE_SUBSCRIPTION'), label: 'menu.upgrade', section: 'Billing', built: true },
  { path: '/payments/payouts', guard: OWNER_ONLY, label: 'menu.payouts', section: 'Billing', built: true },
  // Reached from the lockout and trial banners rather than the sidebar.
  { path: '/payments/reactivate', guard: all('WRITE_PAYMENT_METHOD'), built: true },

  // Profile and notifications live in the top bar.
  { path: '/profile', guard: {}, built: true },
  // Two-factor set-up (ADR 0012); the only page a platform account reaches before it enrolls, where required.
  { path: '/profile/security', guard: {}, built: true },
  { path: '/notifications', guard: {}, built: true },

  { path: '/users/view', guard: {}, label: 'menu.view', section: 'Platform Users', built: true, platform: true, module: 'users' },
  { path: '/users/create', guard: {}, label: 'menu.create', section: 'Platform Users', built: true, platform: true, module: 'users' },
  { path: '/users/update/:id', guard: {}, built: true, platform: true, module: 'users' },
  { path: '/roles/view', guard: {}, label: 'menu.view', section: 'Roles', built: true, platform: true, module: 'roles' },
  { path: '/roles/create', guard: {}, label: 'menu.create', section: 'Roles', built: true, platform: true, module: 'roles' },
  { path: '/roles/update/:id', guard: {}, built: true, platform: true, module: 'roles' },
  { path: '/clients/view', guard: {}, label: 'menu.view', section: 'Clients', built: true, platform: true, module: 'clients' },
  { path: '/packages/view', guard: {}, label: 'menu.view', section: 'Packages', built: true, platform: true, module: 'client_packages' },
  { path: '/packages/create', guard: {}, label: 'menu.create', section: 'Packages', built: true, platform: true, module: 'client_packages' },
  { path: '/promotions/view', guard: {}, label: 'menu.view', section: 'Promotions', built: true, platform: true, module: 'promotions' },
  { path: '/promotions/create', guard: {}, label: 'menu.create', section: 'Promotions', built: true, platform: true, module: 'promotions' },
  {
    path: '/form-template/list',
    guard: {},
    label: 'menu.view',
    section: 'Form Templates',
    built: true,
    platform: true,
    module: 'questionnaire-template',
  },
  {
    path: '/form-template/create',
    guard: {},
    label: 'menu.create',
    section: 'Form Templates',
    built: true,
    platform: true,
    module: 'questionnaire-template',
  },
  {
    path: '/form-template/template',
    guard: {},
    built: true,
    platform: true,
    module: 'questionnaire-template',
  },
  { path: '/form-template/clone', guard: {}, built: true, platform: true, module: 'questionnaire-template' },
  {
    path: '/contract-template/list',
    guard: {},
    label: 'menu.view',
    section: 'Contract Templates',
    built: true,
    platform: true,
    module: 'contract-template',
  },
  {
    path: '/contract-template/create',
    guard: {},
    label: 'menu.create',
    section: 'Contract Templates',
    built: true,
    platform: true,
    module: 'contract-template',
  },
  { path: '/contract-template/:id', guard: {}, built: true, platform: true, module: 'contract-template' },
  // Both platform staff and clients open audit logs (each sees its own scope), so it is not a
  // platform-only route. Organisation side: full access only (the owner; staff get 403). Platform
  // side: superadmin, or staff whose role holds the module. The loader checks both (auditScopeFor).
  { path: '/audit-logs', guard: OWNER_ONLY, label: 'menu.auditLogs', section: 'Audit Logs', built: true, module: 'audit-logs' },
]

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean)
}

// `routes` is injectable so tests can order a pattern before its literal sibling.
export function matchRoute(pathname: string, routes: AppRoute[] = APP_ROUTES): AppRoute | undefined {
  // Stryker disable next-line StringLiteral: split() always returns a first item; the default only satisfies the type
  const parts = splitPath(pathname.split(/[?#]/)[0] ?? '')
  // Prefer literal paths, so an earlier ':id' pattern never shadows a concrete sibling.
  let paramMatch: AppRoute | undefined
  for (const route of routes) {
    const pattern = splitPath(route.path)
    if (pattern.length !== parts.length) continue
    const ok = pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i])
    if (!ok) continue
    if (!route.path.includes(':')) return route
    paramMatch ??= route
  }
  return paramMatch
}

const BILLING_PERMISSIONS = ['READ_PAYMENT_METHOD', 'WRITE_PAYMENT_METHOD', 'READ_SUBSCRIPTION_INVOICES', 'WRITE_MANAGE_SUBSCRIPTION']

/**
 * Issue 27: contributors and reviewers do not see Billing. A WRITER or REVIEWER opens the organisation's
 * billing pages only when also given a billing permission; other members keep the plan page (ADR 0038).
 */
export function mayOpenBilling(user: Principal): boolean {
  return !mayWork(user) || BILLING_PERMISSIONS.some((p) => user.permissions.includes(p))
}

/** The route table's refusal beyond the guard; the pages call it after their guard (same rule as the sidebar). */
export function routeRefuses(user: Principal, path: string): boolean {
  const route = matchRoute(path)
  return !!route?.notForContributors && !mayOpenBilling(user)
}

/** The guard the route table gives a path; route modules pass it to requireUser/requirePermission. */
export function routeGuard(path: string): Guard {
  const route = matchRoute(path)
  if (!route) throw new Error(`No route table entry for ${path}`)
  return route.guard
}

export type SidebarItem = { label: string; path?: string; external?: boolean; children?: SidebarItem[] }

export type SidebarUser = {
  role: 'superadmin' | 'client' | 'user'
  permissions: string[]
  /** Set only for platform staff (no organisation, not superadmin): their platform role's modules. */
  roleModules?: string[]
  restricted?: boolean
  /** Leads-only users see Leads whatever their permissions (ADR 0050): it is their landing page. */
  leadsOnly?: boolean
}

function visibleTo(user: SidebarUser, route: AppRoute): boolean {
  if (!route.built || !route.label || !route.section) return false
  if (route.hideForClient && user.role === 'client') return false
  if (user.restricted && !RESTRICTED_SECTIONS.has(route.section)) return false
  if (route.platform) {
    if (user.role === 'superadmin') return true
    // Back-office section 6: only superadmin sees the 'View' sub-items.
    if (route.label === 'menu.view') return false
    // Stryker disable next-line ArrayDeclaration: a list holding one made-up module opens no real module either
    return !!route.module && (user.roleModules ?? []).includes(route.module)
  }
  // Platform staff hold modules, not permissions: outside platform pages only what a module opens.
  if (user.roleModules && user.role !== 'superadmin') return !!route.module && user.roleModules.includes(route.module)
  // A superadmin outside any organisation has no tenant data to open: only platform pages.
  if (user.role === 'superadmin' && !PLATFORM_HOME_SECTIONS.has(route.section)) return false
  if (route.section === 'Leads' && user.leadsOnly) return true
  if (route.notForContributors && !mayOpenBilling(user)) return false
  return can(user, route.guard)
}

// `routes` is injectable so tests can exercise pages that are not built yet.
export function sidebarFor(user: SidebarUser, routes: AppRoute[] = APP_ROUTES): SidebarItem[] {
  const items: SidebarItem[] = []
  for (const section of SIDEBAR_SECTIONS) {
    const children = routes.filter((r) => r.section === section.key && visibleTo(user, r)).map((r): SidebarItem => ({ label: r.label!, path: r.path }))
    if (children.length === 0) continue
    if (section.flat) items.push(...children)
    else items.push({ label: section.label, children })
  }
  return items
}
