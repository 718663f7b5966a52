// What every sign-in flow shares: the request context, the actor fields of their audit rows, the
// refused-link message, and the audit row of a sign-out.
import type { AuthUser } from './account.server'
import { recordAudit } from './audit.server'

export const INVALID_LINK = 'This link is invalid or has expired.'

export type RequestContext = { ip: string }

export function actorFields(user: AuthUser) {
  return { userId: user.id, userName: `${user.firstName} ${user.lastName}`, userRole: user.role }
}

export async function recordLogout(user: AuthUser, ip: string, request?: Request) {
  await recordAudit({ clientId: user.clientId, ...actorFields(user), module: 'auth', action: 'logout', status: 'success', ip, message: 'Signed out', request })
}
