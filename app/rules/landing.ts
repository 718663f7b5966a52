// Where a user lands after login, and which return paths may be trusted in redirects.
import { mayWork, WORK_HOME } from './contributor'
import { can, hasFullAccess, type Principal } from './permissions'

export type LandingUser = Principal & { leadsOnly?: boolean }

export function landingPath(u: LandingUser): string {
  if (hasFullAccess(u) || can(u, { all: ['VIEW_DASHBOARD'] })) return '/dashboard'
  if (u.leadsOnly) return '/leads/view'
  if (mayWork(u)) return WORK_HOME
  return '/profile'
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
