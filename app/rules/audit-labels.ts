// What the audit log shows for its raw role, module and action values (labels are presentation: the
// JSON API keeps the raw values), and the filter's choices with case, separator and plural variants
// of one value (CREATE and create, website-settings and website_settings, user and users) folded together.

export type AuditFilterGroup = { value: string; label: string; variants: string[] }

const ROLE_LABELS: Record<string, string> = {
  superadmin: 'Superadmin',
  client: 'Owner',
  user: 'Staff',
  customer: 'Customer',
  writer: 'Contributor',
  reviewer: 'Reviewer',
}

// Keyed by the folded value (see foldAuditValue); anything else is spelled out from its words.
const MODULE_LABELS: Record<string, string> = {
  auth: 'Sign-in',
  audit_log: 'Audit logs',
  billing: 'Billing',
  checkout: 'Checkout',
  client: 'Organisations',
  client_package: 'Packages',
  contract: 'Contracts',
  contract_template: 'Contract templates',
  coupon: 'Coupons',
  crm: 'CRM',
  customer: 'Customers',
  downloadable: 'Files',
  form_template: 'Form templates',
  lead: 'Leads',
  order: 'Orders',
  product: 'Products',
  profile: 'Profile',
  promotion: 'Promotions',
  questionnaire: 'Forms',
  questionnaire_template: 'Form templates',
  role: 'Roles',
  schedule_appointment: 'Appointments',
  subscription: 'Subscription',
  system_emails_template: 'E-mail templates',
  user: 'Users',
  website_setting: 'Website settings',
  workflow: 'Workflows',
}

const ACTION_LABELS: Record<string, string> = {
  login: 'Signed in',
  logout: 'Signed out',
  auto_login: 'Signed in by link',
  login_as: 'Logged in as',
  crm: 'CRM',
}

/**
 * The value's identity for the filter: lower case, '-' and spaces as '_', and the last word without a
 * plural 's' (not after 'ss' or in 'status'), so variants written by different parts of the app meet.
 */
export function foldAuditValue(raw: string): string {
  const words = raw
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
  const last = words.length - 1
  if (last >= 0 && /[^s]s$/.test(words[last]!) && words[last] !== 'status' && words[last]!.length > 3) words[last] = words[last]!.slice(0, -1)
  return words.join('_')
}

/** 'READ_ORDERS' → 'Read orders': the raw value's words, the first one capitalised. */
export function spellOut(raw: string): string {
  const text = raw.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase()
  return text ? text[0]!.toUpperCase() + text.slice(1) : ''
}

export function roleLabel(raw: string | null | undefined): string {
  if (!raw) return '—'
  return ROLE_LABELS[raw.toLowerCase()] ?? spellOut(raw)
}

export function moduleLabel(raw: string): string {
  return MODULE_LABELS[foldAuditValue(raw)] ?? spellOut(raw)
}

export function actionLabel(raw: string): string {
  return ACTION_LABELS[foldAuditValue(raw)] ?? spellOut(raw)
}

/**
 * The filter's choices from the distinct raw values: one per folded value, labelled, sorted by label.
 * Its value is the group's first raw variant (sorted), so a link made before the fold still selects it.
 */
export function auditFilterGroups(values: readonly string[], label: (raw: string) => string): AuditFilterGroup[] {
  const groups = new Map<string, string[]>()
  for (const raw of values) {
    if (!raw) continue
    const key = foldAuditValue(raw)
    const variants = groups.get(key)
    if (!variants) groups.set(key, [raw])
    else if (!variants.includes(raw)) variants.push(raw)
  }
  // Two folded values may still read the same (questionnaire-template and FORM_TEMPLATES): one choice.
  const byLabel = new Map<string, string[]>()
  for (const variants of groups.values()) {
    const text = label([...variants].sort()[0]!)
    byLabel.set(text, [...(byLabel.get(text) ?? []), ...variants])
  }
  return [...byLabel.entries()]
    .map(([text, variants]) => {
      const sorted = [...variants].sort()
      return { value: sorted[0]!, label: text, variants: sorted }
    })
    .sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value))
}

/** The raw values a filter value stands for: its group's variants, or itself when no row has it. */
export function auditFilterVariants(groups: readonly AuditFilterGroup[], value: string | undefined): string[] | undefined {
  if (!value) return undefined
  const key = foldAuditValue(value)
  return groups.find((g) => g.variants.some((v) => foldAuditValue(v) === key))?.variants ?? [value]
}
