// CRM rules shared by the server and the browser (back-office sections 4, 6; ADR 0049): the CRM
// password rule, a CRM user's status, and which permission flags a plan lets an organisation grant.

/** Back-office section 6: at least 8 characters with a lower-case letter, an upper-case letter, a digit and one of @$!%*?&. */
export const CRM_PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/
export const CRM_PASSWORD_MESSAGE = 'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&'

export function isValidCrmPassword(password: string): boolean {
  return CRM_PASSWORD_RULE.test(password)
}

export type CrmUserStatus = 'ACTIVE' | 'PENDING'

/** Back-office section 4: ACTIVE once the CRM has the user, PENDING until then. */
export function crmUserStatus(user: { addedToCrm: boolean }): CrmUserStatus {
  return user.addedToCrm ? 'ACTIVE' : 'PENDING'
}

/** Admin CRM users cannot be edited or deleted from the list (section 4). */
export function isLockedCrmUser(user: { type: string }): boolean {
  return user.type === 'admin'
}

/** The flags a plan enables (a flag left out of the plan defaults to true, as section 3 says). */
export function planEnabledFlags(keys: readonly string[], plan: Record<string, boolean | undefined>): string[] {
  return keys.filter((k) => plan[k] !== false)
}

/**
 * What a user may be granted: every known flag, true only when asked for AND the plan enables it;
 * unknown names are dropped. The server applies this whatever the browser sent.
 */
export function filterCrmPermissions(keys: readonly string[], plan: Record<string, boolean | undefined>, requested: Record<string, unknown>): Record<string, boolean> {
  const enabled = new Set(planEnabledFlags(keys, plan))
  return Object.fromEntries(keys.map((k) => [k, enabled.has(k) && requested[k] === true]))
}

/** The plan includes CRM when it enables at least one flag. */
export function planIncludesCrm(keys: readonly string[], plan: Record<string, boolean | undefined> | null): boolean {
  return !!plan && planEnabledFlags(keys, plan).length > 0
}

type NavItem = { label: string; path?: string; external?: boolean; children?: NavItem[] }

/**
 * The shell's CRM section: gone unless CRM is available (back-office section 6), and with the
 * external CRM's own app as its last link (opened in a new tab) when one is configured.
 */
export function crmSidebar<T extends NavItem>(items: T[], crm: { available: boolean; externalUrl: string | null }): T[] {
  if (crm.available) {
    return items.map((item) =>
      item.label === 'menu.crm' && crm.externalUrl ? { ...item, children: [...(item.children ?? []), { label: 'menu.crmExternal', path: crm.externalUrl, external: true }] } : item,
    )
  }
  return items.filter((item) => item.label !== 'menu.crm')
}
