// Who may hold a socket, and still may: the upgrade's host, origin and session; the periodic and
// per-frame re-checks of the session and the account; the tenant a chat frame acts as.
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type AuthUser, loadAuthUser, paymentDueDays, trialDaysLeft } from '#app/models/account.server'
import { ACCOUNT_LOCKED_MESSAGE, getAuth, ORGANISATION_REQUIRED, tenantOf } from '#app/models/auth-guards.server'
import type { ChatActor, ChatRefusal } from '#app/models/chat.server'
import { customerAsUser } from '#app/models/customer-messages.server'
import { getCustomer, loadPortalCustomer } from '#app/models/portal-auth.server'
import { resolveHost } from '#app/models/platform-domains.server'
import { sidebarRestricted } from '#app/rules/account-status'
import { hostnameOfHeader } from '#app/rules/domains'
import { isFromOurOrigin } from '#app/rules/same-origin'
import { isSessionAlive } from '#app/rules/session-lifetime'
import { platformDb, tenantDb } from '#app/services/db.server'
import { sessionStorage } from '#app/services/session.server'
import { hasSessionCookie, trustedOrigins } from '#app/services/origin.server'
import { HOST_CLIENT_HEADER } from '#app/services/request-host.server'
import type { Client, SocketIdentity } from './client'

/**
 * Cross-site websocket hijacking: a page elsewhere can open a socket to us with the visitor's
 * cookie, so the upgrade must come from our own origin (the same rule as state-changing requests).
 */
function fromOurOrigin(req: IncomingMessage): boolean {
  const header = (name: string) => {
    const value = req.headers[name]
    return typeof value === 'string' ? value : null
  }
  const evidence = { method: 'GET', upgrade: true, origin: header('origin'), secFetchSite: header('sec-fetch-site'), referer: null }
  return isFromOurOrigin({ ...evidence, hasSessionCookie: hasSessionCookie(req.headers.cookie) }, trustedOrigins(req))
}

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}

/** The upgrade's identity, or the HTTP answer that refuses it. */
export type UpgradeDecision = ({ ok: true } & SocketIdentity) | { ok: false; answer: string }

/**
 * The Host as for every HTTP request (server/tenant-host.ts, ADR 0044): unknown hosts get nothing,
 * an organisation's own host trusts its origin and only its sessions. Then the origin, then a live session.
 */
export async function authoriseUpgrade(req: IncomingMessage): Promise<UpgradeDecision> {
  delete req.headers[HOST_CLIENT_HEADER]
  const host = await resolveHost(hostnameOfHeader(req.headers.host)).catch(() => ({ kind: 'unknown' as const }))
  if (host.kind === 'unknown') return { ok: false, answer: 'HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n' }
  const hostHeaders: Record<string, string> = host.kind === 'tenant' ? { [HOST_CLIENT_HEADER]: String(host.clientId) } : {}
  Object.assign(req.headers, hostHeaders)
  if (!fromOurOrigin(req)) return { ok: false, answer: 'HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n' }
  const cookie = req.headers.cookie ?? ''
  const request = new Request(`http://localhost${req.url}`, { headers: { cookie, ...hostHeaders } })
  const { user, session } = await getAuth(request).catch(() => ({ user: null, session: null }))
  if (user && session?.id) return { ok: true, user, cookie, sessionRowId: sha256(session.id), logInAs: !!session.get('impersonatorUserId') }
  // On an organisation's own host, a live customer session of that organisation (the portal's messages, ADR 0063).
  const customer = host.kind === 'tenant' && session?.id ? await getCustomer(request).catch(() => null) : null
  if (!customer || !session?.id) return { ok: false, answer: 'HTTP/1.1 401 Unauthorized\r\n\r\n' }
  return { ok: true, user: customerAsUser(customer), cookie, sessionRowId: sha256(session.id), customer: { impersonated: customer.impersonatorUserId !== null } }
}

/** The account of a socket as it is now: a member re-read with their permissions, a customer with their membership. */
export async function reloadUser(c: Client): Promise<AuthUser | null> {
  if (!c.customer) return loadAuthUser(c.user.id, c.user.clientId)
  if (c.user.clientId === null) return null
  const customer = await loadPortalCustomer(c.user.id, c.user.clientId)
  return customer ? customerAsUser(customer) : null
}

/** Which of these sessions rows are alive now, read without touching them (a periodic check is not activity). */
export async function liveSessions(rowIds: string[], now = Date.now()): Promise<Set<string>> {
  const alive = new Set<string>()
  for (let i = 0; i < rowIds.length; i += 500) {
    const rows = await platformDb
      .selectFrom('sessions')
      .select(['id', 'data', 'expires_at', 'created_at'])
      .where('id', 'in', rowIds.slice(i, i + 500))
      .execute()
    for (const row of rows) {
      const data = row.data as { createdAt?: unknown; lastSeenAt?: unknown; remember?: unknown }
      const createdAt = typeof data.createdAt === 'number' ? data.createdAt : new Date(row.created_at).getTime()
      const lastSeenAt = typeof data.lastSeenAt === 'number' ? data.lastSeenAt : createdAt
      if (row.expires_at.getTime() > now && isSessionAlive({ createdAt, lastSeenAt, remember: data.remember === true }, now)) alive.add(row.id)
    }
  }
  return alive
}

/** The session still stands: chat messages count as activity (they keep an idle session alive), other frames do not. */
export async function sessionStands(c: Client, activity: boolean): Promise<boolean> {
  if (!activity) return (await liveSessions([c.sessionRowId])).has(c.sessionRowId)
  const session = await sessionStorage().getSession(c.cookie)
  return session.get('userId') === c.user.id && (session.get('clientId') ?? null) === c.user.clientId
}

/** The account as it is now (deactivation, permission changes), re-read at most every `recheckMs`. */
export async function freshUser(c: Client, now: number, recheckMs: number): Promise<AuthUser | null> {
  if (now - c.userCheckedAt < recheckMs) return c.user
  const user = await reloadUser(c)
  if (!user) return null
  c.user = user
  c.userCheckedAt = now
  return user
}

/** The tenant a chat frame acts as, or why it may not act at all (a customer acts as a customer of the organisation). */
export function tenantFor(user: AuthUser, customer: Client['customer'] = null, logInAs = false): ChatActor | ChatRefusal {
  if (customer)
    return user.clientId === null ? { ok: false, code: 'forbidden', error: ORGANISATION_REQUIRED } : { db: tenantDb(user.clientId), clientId: user.clientId, user, customer }
  if (user.clientId === null) return { ok: false, code: 'forbidden', error: ORGANISATION_REQUIRED }
  // A locked organisation keeps only its billing pages; its chat is closed too.
  if (sidebarRestricted(user.packageStatus, paymentDueDays(user), trialDaysLeft(user))) return { ok: false, code: 'forbidden', error: ACCOUNT_LOCKED_MESSAGE }
  return { ...tenantOf(user as AuthUser & { clientId: number }), logInAs }
}
