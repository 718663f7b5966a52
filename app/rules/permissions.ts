// Permission catalogue, guard checks and the permission editor's closure rules.

export type PermissionAction = string

export type PermissionEntry = {
  action: PermissionAction
  label: string
  requiredPermissions?: PermissionAction[]
}

export type CatalogueEntry = PermissionEntry & { requiredBy: PermissionAction[] }

// The spec names this CONTACT_{product}_TEAM; the product here is Draftdesk.
export const CONTACT_TEAM_PERMISSION = 'CONTACT_DRAFTDESK_TEAM'

// Nobody is ever granted 'TODO', so only full-access principals get through it.
export const PLACEHOLDER_PERMISSION = 'TODO'

export const PERMISSION_DENIED_MESSAGE = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"

export const PERMISSION_GROUPS = {
  GLOBAL: [
    { action: 'VIEW_DASHBOARD', label: 'View dashboard' },
    { action: 'REVIEWER', label: 'Reviewer' },
    { action: 'CRM', label: 'CRM' },
    { action: CONTACT_TEAM_PERMISSION, label: 'Contact Draftdesk team' },
    { action: 'WRITER', label: 'Writer' },
  ],
  ORDERS: [
    { action: 'READ_ORDERS', label: 'Read orders' },
    { action: 'WRITE_ORDERS', label: 'Create orders', requiredPermissions: ['READ_ORDERS'] },
    { action: 'UPDATE_ORDERS', label: 'Update orders', requiredPermissions: ['READ_ORDERS'] },
    { action: 'ASSIGN_WRITER_REVIEWER', label: 'Assign writer and reviewer', requiredPermissions: ['READ_ORDERS'] },
    { action: 'READ_ORDERS_INVOICES', label: 'Read order invoices', requiredPermissions: ['READ_ORDERS'] },
    { action: 'UPDATE_ORDERS_INVOICES', label: 'Update order invoices', requiredPermissions: ['READ_ORDERS_INVOICES'] },
    {
      action: 'READ_AND_UPDATE_DRAFTS_APPROVAL',
      label: 'Read and update drafts approval',
      requiredPermissions: ['READ_ORDERS'],
    },
    { action: 'READ_ORDERS_REPORTS', label: 'Read order reports', requiredPermissions: ['READ_ORDERS'] },
  ],
  'WEBSITE SETTINGS': [
    { action: 'READ_WEBSITE_SETTINGS', label: 'Read website settings' },
    { action: 'WRITE_DOMAIN', label: 'Edit domain', requiredPermissions: ['READ_WEBSITE_SETTINGS'] },
    { action: 'UPDATE_UI_CUSTOMIZATION', label: 'Update UI customization', requiredPermissions: ['READ_WEBSITE_SETTINGS'] },
    { action: 'UPDATE_FEATURES', label: 'Update features', requiredPermissions: ['READ_WEBSITE_SETTINGS'] },
  ],
  'SYSTEM EMAILS TEMPLATES': [
    { action: 'READ_SYSTEM_EMAILS_TEMPLATES', label: 'Read system emails templates' },
    {
      action: 'WRITE_SYSTEM_EMAILS_TEMPLATES',
      label: 'Edit system emails templates',
      requiredPermissions: ['READ_SYSTEM_EMAILS_TEMPLATES'],
    },
  ],
  USERS: [
    { action: 'READ_USERS', label: 'Read users' },
    { action: 'WRITE_USERS', label: 'Create users', requiredPermissions: ['READ_USERS'] },
    { action: 'UPDATE_USERS', label: 'Update users', requiredPermissions: ['READ_USERS'] },
    { action: 'UPDATE_CUSTOMER_FACING_NAME', label: 'Update customer facing name', requiredPermissions: ['READ_USERS'] },
    { action: 'LOGIN_AS_WRITER', label: 'Login as contributor', requiredPermissions: ['READ_USERS'] },
  ],
  DOWNLOADABLES: [
    { action: 'READ_DOWNLOADABLES', label: 'Read downloadables' },
    { action: 'WRITE_DOWNLOADABLES', label: 'Create downloadables', requiredPermissions: ['READ_DOWNLOADABLES'] },
    { action: 'UPDATE_DOWNLOADABLES', label: 'Update downloadables', requiredPermissions: ['READ_DOWNLOADABLES'] },
  ],
  CONTRACTS: [
    { action: 'READ_CONTRACTS', label: 'Read contracts' },
    { action: 'WRITE_CONTRACTS', label: 'Create contracts', requiredPermissions: ['READ_CONTRACTS'] },
    { action: 'UPDATE_CONTRACTS', label: 'Update contracts', requiredPermissions: ['READ_CONTRACTS'] },
  ],
  CUSTOMERS: [
    { action: 'READ_CUSTOMERS', label: 'Read customers' },
    { action: 'WRITE_CUSTOMERS', label: 'Create customers', requiredPermissions: ['READ_CUSTOMERS'] },
    { action: 'UPDATE_CUSTOMERS', label: 'Update customers', requiredPermissions: ['READ_CUSTOMERS'] },
    { action: 'LOGIN_AS_CUSTOMER', label: 'Login as customer', requiredPermissions: ['READ_CUSTOMERS'] },
  ],
  QUESTIONNAIRES: [
    { action: 'READ_QUESTIONNAIRES', label: 'Read questionnaires' },
    { action: 'WRITE_QUESTIONNAIRES', label: 'Create questionnaires', requiredPermissions: ['READ_QUESTIONNAIRES'] },
    { action: 'UPDATE_QUESTIONNAIRES', label: 'Update questionnaires', requiredPermissions: ['READ_QUESTIONNAIRES'] },
  ],
  PRODUCTS: [
    { action: 'READ_PRODUCTS', label: 'Read products' },
    { action: 'WRITE_PRODUCTS', label: 'Create products', requiredPermissions: ['READ_PRODUCTS'] },
    { action: 'UPDATE_PRODUCTS', label: 'Update products', requiredPermissions: ['READ_PRODUCTS'] },
  ],
  WORKFLOWS: [
    { action: 'READ_WORKFLOWS', label: 'Read workflows' },
    { action: 'WRITE_WORKFLOWS', label: 'Create workflows', requiredPermissions: ['READ_WORKFLOWS'] },
    { action: 'UPDATE_WORKFLOWS', label: 'Update workflows', requiredPermissions: ['READ_WORKFLOWS'] },
  ],
  SUBSCRIPTION: [
    { action: 'READ_PAYMENT_METHOD', label: 'Read payment methods' },
    { action: 'WRITE_PAYMENT_METHOD', label: 'Edit payment methods', requiredPermissions: ['READ_PAYMENT_METHOD'] },
    { action: 'READ_SUBSCRIPTION_INVOICES', label: 'Read subscription invoices' },
    // Managing the plan goes through the payment method on file, so it cannot exist without reading it.
    { action: 'WRITE_MANAGE_SUBSCRIPTION', label: 'Manage subscription', requiredPermissions: ['READ_PAYMENT_METHOD'] },
  ],
  COUPONS: [
    { action: 'READ_COUPONS', label: 'Read coupons' },
    { action: 'WRITE_COUPONS', label: 'Create coupons', requiredPermissions: ['READ_COUPONS'] },
  ],
  WRITERS: [{ action: 'READ_WRITERS_ANALYSIS', label: 'Read contributors analysis' }],
} as const satisfies Record<string, readonly PermissionEntry[]>

export type PermissionGroup = keyof typeof PERMISSION_GROUPS

// The tables below are built once, at import; the PURE marks let a bundle that uses only can() (every page's
// shell) leave them and the catalogue out (ADR 0106).
const entriesOf = (groups: typeof PERMISSION_GROUPS): readonly PermissionEntry[] => Object.values(groups).flat()

const ENTRIES = /*#__PURE__*/ entriesOf(PERMISSION_GROUPS)

export const ALL_PERMISSIONS: PermissionAction[] = /*#__PURE__*/ ENTRIES.map((e) => e.action)

const BY_ACTION = /*#__PURE__*/ new Map<string, PermissionEntry>(/*#__PURE__*/ ENTRIES.map((e) => [e.action, e]))

const ORDER = /*#__PURE__*/ new Map<string, number>(/*#__PURE__*/ ALL_PERMISSIONS.map((a, i) => [a, i]))

function inCatalogueOrder(actions: Iterable<string>): string[] {
  // Stryker disable next-line MethodExpression: every caller passes catalogue actions only (closePermissions filters its input, and each requiredPermissions name is a catalogue action, tested); the filter is a guard for the next caller
  const known = [...new Set(actions)].filter((a) => ORDER.has(a))
  return known.sort((a, b) => ORDER.get(a)! - ORDER.get(b)!)
}

export function requiredByMap(): Record<PermissionAction, PermissionAction[]> {
  const map: Record<string, string[]> = Object.fromEntries(ALL_PERMISSIONS.map((a) => [a, []]))
  for (const entry of ENTRIES) {
    // Stryker disable next-line ArrayDeclaration,OptionalChaining: requiredPermissions name catalogue actions only (tested), so map[req] exists and a stray name would be dropped anyway
    for (const req of entry.requiredPermissions ?? []) map[req]?.push(entry.action)
  }
  return map
}

// The answer of GET /api/permissions: the grouped catalogue with the reverse links filled in.
export function permissionsCatalogue(): Record<PermissionGroup, CatalogueEntry[]> {
  const requiredBy = requiredByMap()
  const out = {} as Record<PermissionGroup, CatalogueEntry[]>
  for (const [group, entries] of Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly PermissionEntry[]][]) {
    out[group] = entries.map((e) => ({
      action: e.action,
      label: e.label,
      ...(e.requiredPermissions ? { requiredPermissions: [...e.requiredPermissions] } : {}),
      requiredBy: [...requiredBy[e.action]!],
    }))
  }
  return out
}

export type Guard = { all?: PermissionAction[]; any?: PermissionAction[] }

export type Principal = { role: 'superadmin' | 'client' | 'user'; permissions: PermissionAction[] }

// A client owner with no list at all was never restricted, so an empty list means everything.
export function hasFullAccess(p: Principal): boolean {
  return p.role === 'superadmin' || (p.role === 'client' && p.permissions.length === 0)
}

export function can(p: Principal, guard: Guard): boolean {
  if (hasFullAccess(p)) return true
  const held = new Set(p.permissions)
  const all = guard.all ?? []
  const any = guard.any ?? []
  if (!all.every((a) => held.has(a))) return false
  if (any.length > 0 && !any.some((a) => held.has(a))) return false
  return true
}

// Run on the server too, so a crafted form cannot grant a permission without its prerequisites.
export function closePermissions(selected: PermissionAction[]): PermissionAction[] {
  const closed = new Set<string>()
  const stack = selected.filter((a) => BY_ACTION.has(a))
  while (stack.length > 0) {
    const action = stack.pop()!
    // Stryker disable next-line ConditionalExpression: the prerequisites form no cycle, so walking an action twice only repeats work
    if (closed.has(action)) continue
    closed.add(action)
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: only catalogue actions reach the stack, and inCatalogueOrder drops any other name
    for (const req of BY_ACTION.get(action)?.requiredPermissions ?? []) stack.push(req)
  }
  return inCatalogueOrder(closed)
}

// Locked toggles cannot be switched off in the editor without first switching off what needs them.
export function lockedPermissions(selected: PermissionAction[]): PermissionAction[] {
  // Stryker disable next-line ArrayDeclaration: inCatalogueOrder drops a name that is not an action
  const locked: string[] = []
  for (const action of closePermissions(selected)) {
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: closePermissions returns catalogue actions only, and inCatalogueOrder drops any other name
    locked.push(...(BY_ACTION.get(action)?.requiredPermissions ?? []))
  }
  return inCatalogueOrder(locked)
}
