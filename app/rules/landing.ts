// Where a user lands after login, and which return paths may be trusted in redirects.
import { holdsReviewer, holdsWriter, WORK_HOME } from './contributor'
import { can, hasFullAccess } from './permissions'
import { sidebarFor, type SidebarItem, type SidebarUser } from './routes'

export type LandingUser = SidebarUser

export const REVIEWER_HOME = '/orders/assigned-orders'
/** Only for someone who can open nothing else (issue 27: "never /profile" for anyone with work). */
export const LAST_RESORT = '/profile'

function firstPage(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.path && !item.external) return item.path
    const child = item.children ? firstPage(item.children) : undefined
    if (child) return child
  }
  return undefined
}

// Each role lands on its work (issue 27, ADR 0072): the dashboard for those who see it, leads-only users
// on their leads, writers on their workspace, reviewers on their assigned orders, other staff on the
// first page of their sidebar, and the profile only when nothing else opens.
export function landingPath(u: LandingUser): string {
  if (hasFullAccess(u) || can(u, { all: ['VIEW_DASHBOARD'] })) return '/dashboard'
  if (u.leadsOnly) return '/leads/view'
  if (holdsWriter(u)) return WORK_HOME
  if (holdsReviewer(u)) return REVIEWER_HOME
  return firstPage(sidebarFor(u)) ?? LAST_RESORT
}

const BASE = 'http://draftdesk.invalid'

// Anything that could leave the site (protocol-relative, backslash tricks, schemes) falls back,
// since browsers normalise '\' to '/' and strip control characters before resolving.
export function safeReturnPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they never belong in a redirect path
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  try {
    const url = new URL(value, BASE)
    if (url.origin !== BASE) return fallback
  } catch {
    return fallback
  }
  return value
}
