// Who may act on whom (ADR 13): logging in as someone, setting their password or status, or sending them a
// reset link reaches only people whose permissions are a subset of the actor's, unless the actor has full access.
import { hasFullAccess, type Principal } from './permissions'

/** What a person holds: everything, or a list (organisation permissions, platform role modules). */
export type Authority = 'full' | readonly string[]

export const OUT_OF_REACH = "You can't do this for someone who holds permissions you don't have"
export const OWNER_OUT_OF_REACH = "You can't log in as the owner of the organisation"
export const CLIENT_LOGIN_SUPERADMIN_ONLY = 'Only a superadmin can log in as a client'
/** Followed by the address: an admin's "Send reset link" e-mails the person, who chooses their own password. */
export const RESET_LINK_SENT_TO = 'A link to choose a new password was sent to'

/** The actor reaches the target when it holds everything, or at least everything the target holds. */
export function covers(actor: Authority, target: Authority): boolean {
  if (actor === 'full') return true
  if (target === 'full') return false
  const held = new Set(actor)
  return target.every((p) => held.has(p))
}

/** Anyone in an organisation: the owner, staff or a customer (customers hold no permissions). */
export type Member = { role: string; permissions: readonly string[] }

export function memberAuthority(m: Member): Authority {
  const principal = { role: m.role, permissions: [...m.permissions] } as Principal
  return hasFullAccess(principal) ? 'full' : m.permissions
}

export function platformAuthority(p: { role: string; roleModules?: readonly string[] }): Authority {
  return p.role === 'superadmin' ? 'full' : (p.roleModules ?? [])
}

/** Setting a password or status, or sending a reset link, inside one organisation. */
export function mayManageMember(actor: Member, target: Member): boolean {
  return covers(memberAuthority(actor), memberAuthority(target))
}

/**
 * LOGIN_AS_WRITER is the spec's permission to act as contributors and reviewers, so for log-in-as
 * their role switches count as held; every other permission of the target must be the actor's too.
 */
const ACTED_ROLES_BY_PERMISSION: Record<string, readonly string[]> = { LOGIN_AS_WRITER: ['WRITER', 'REVIEWER'] }

/** Log in as: the subset rule, and never the owner (role client), whatever the actor holds. */
export function loginAsRefusal(actor: Member, target: Member): string | null {
  if (target.role === 'client') return OWNER_OUT_OF_REACH
  const authority = memberAuthority(actor)
  const actingAs = authority === 'full' ? authority : [...authority, ...authority.flatMap((p) => ACTED_ROLES_BY_PERMISSION[p] ?? [])]
  return covers(actingAs, memberAuthority(target)) ? null : OUT_OF_REACH
}

/** Platform users edit, reset or deactivate only platform users whose role modules they hold. */
export function mayManagePlatformUser(actor: { role: string; roleModules?: readonly string[] }, target: { role: string; roleModules?: readonly string[] }): boolean {
  return covers(platformAuthority(actor), platformAuthority(target))
}

/** "Login As Client" signs in as an owner, who has full access: only full access on the platform reaches that. */
export function mayLogInAsClient(actor: { role: string; clientId: number | null }): boolean {
  return actor.clientId === null && actor.role === 'superadmin'
}
