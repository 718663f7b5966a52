// Words people use for stored values (roles, permissions and their groups, platform modules) on the profile (ADR 0076).
import { PERMISSION_GROUPS, type PermissionGroup, type Principal } from './permissions'

export const ROLE_LABELS: Record<Principal['role'], string> = {
  superadmin: 'Superadmin',
  client: 'Owner',
  // "Staff user": the word people use, and still the stored role's name (the spec: the profile shows the role).
  user: 'Staff user',
}

/** The sections of the permission editor, named as the sidebar names them. */
export const PERMISSION_GROUP_LABELS: Record<PermissionGroup, string> = {
  GLOBAL: 'General',
  ORDERS: 'Orders',
  'WEBSITE SETTINGS': 'Website settings',
  'SYSTEM EMAILS TEMPLATES': 'System emails',
  USERS: 'Users',
  DOWNLOADABLES: 'Files',
  CONTRACTS: 'Contracts',
  CUSTOMERS: 'Customers',
  QUESTIONNAIRES: 'Forms',
  PRODUCTS: 'Products',
  WORKFLOWS: 'Workflows',
  SUBSCRIPTION: 'Billing',
  COUPONS: 'Coupons',
  WRITERS: 'Contributors',
}

/** The modules a platform role grants (back-office section 6), as the role form names them. */
export const PLATFORM_MODULE_LABELS: Record<string, string> = {
  roles: 'Roles',
  users: 'Users',
  clients: 'Clients',
  client_packages: 'Client Packages',
  promotions: 'Promotions',
  'questionnaire-template': 'Form Template',
  'audit-logs': 'Audit Logs',
  payments: 'Payments',
  'contract-template': 'Contract Template',
}

const PERMISSION_LABELS = new Map<string, string>(Object.values(PERMISSION_GROUPS).flatMap((entries) => entries.map((e) => [e.action, e.label] as const)))

/** 'website_settings', 'READ_ORDERS', 'audit-logs' → 'Website settings', 'Read orders', 'Audit logs': for a key no map knows. */
export function humanize(key: string): string {
  const words = key.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase()
  return words ? words[0]!.toUpperCase() + words.slice(1) : ''
}

export function permissionLabel(action: string): string {
  return PERMISSION_LABELS.get(action) ?? humanize(action)
}

export function platformModuleLabel(key: string): string {
  return PLATFORM_MODULE_LABELS[key] ?? humanize(key)
}

/**
 * What someone is, in words: the stored role, except that staff holding the contributor permissions are
 * contributors and reviewers, and staff of the platform (no organisation) are platform staff.
 */
export function roleLabel(p: Principal & { platform?: boolean }): string {
  if (p.role !== 'user') return ROLE_LABELS[p.role]
  if (p.platform) return 'Platform staff'
  const kinds = [p.permissions.includes('WRITER') && 'Contributor', p.permissions.includes('REVIEWER') && 'Reviewer'].filter(Boolean)
  return kinds.length === 2 ? 'Contributor and reviewer' : ((kinds[0] as string | undefined) ?? ROLE_LABELS.user)
}

/** A staff member's permissions as the profile lists them: by group, in the catalogue's order, only groups held. */
export function permissionsByGroup(permissions: readonly string[]): { group: string; labels: string[] }[] {
  const held = new Set(permissions)
  return (Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly { action: string; label: string }[]][])
    .map(([group, entries]) => ({ group: PERMISSION_GROUP_LABELS[group], labels: entries.filter((e) => held.has(e.action)).map((e) => e.label) }))
    .filter((g) => g.labels.length > 0)
}
