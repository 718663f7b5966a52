// Single-use sign-in links: auto-login and log-in-as links (bound to the session that made them, ADR 13),
// their preview, and the customer portal's links spent here.
import { newToken, sha256 } from '#app/services/crypto.server'
import { consume, TOO_MANY_ATTEMPTS } from '#app/services/rate-limit.server'
import type { SessionData } from '#app/services/session.server'
import { publicUrl } from '#app/services/public-url.server'
import { platformDb } from '#app/services/db.server'
import { createPortalHandoff, NO_PORTAL_HOST } from './customer-links.server'
import { type AuthUser, loadAuthUser } from './account.server'
import { recordAudit } from './audit.server'
import { actorFields, INVALID_LINK, type RequestContext } from './sign-in.server'

const MINUTE = 60 * 1000
export const AUTO_LOGIN_TTL = 15 * MINUTE

/** Where a link is opened: this admin portal, or the customer portal (a separate application). */
export type AutoLoginPortal = 'admin' | 'customer'
const PORTAL_PREFIX: Record<AutoLoginPortal, string> = { admin: '', customer: '/customer-portal' }

/** What an auto-login token's data holds. `boundTo` is the id hash of the session that created a log-in-as link. */
type AutoLoginData = { actorUserId?: number; actorClientId?: number | null; boundTo?: string; portal?: AutoLoginPortal }

/** The opener: its IP, and the id hash of its session (null when it has none). */
export type AutoLoginContext = RequestContext & { sessionId: string | null }

export const LINK_OTHER_SESSION = 'This sign-in link only works in the browser session that created it. Create a new one from your own account.'

/**
 * A single-use link that signs `target` in; the actor is kept for the audit and banner. A log-in-as
 * link (actor ≠ target) must be bound to the creating session (`boundTo`, its id hash): opened from
 * any other session it signs nobody in (ADR 13).
 */
export async function createAutoLoginLink(
  actor: Pick<AuthUser, 'id'> & { clientId?: number | null },
  target: { userId: number; clientId: number | null },
  opts: { portal?: AutoLoginPortal; boundTo?: string | null; origin?: string } = {},
): Promise<string> {
  if (actor.id !== target.userId && !opts.boundTo) throw new Error('A log-in-as link must be bound to the session that creates it')
  const portal = opts.portal ?? 'admin'
  const token = newToken()
  const data: AutoLoginData = { actorUserId: actor.id, actorClientId: actor.clientId ?? null, portal, ...(opts.boundTo ? { boundTo: opts.boundTo } : {}) }
  await platformDb
    .insertInto('auth_tokens')
    .values({
      purpose: 'auto_login',
      token_hash: sha256(token),
      user_id: target.userId,
      client_id: target.clientId,
      data: JSON.stringify(data),
      expires_at: new Date(Date.now() + AUTO_LOGIN_TTL),
    })
    .execute()
  const path = `${PORTAL_PREFIX[portal]}/auto-login/${token}`
  // A bound link must open on the host whose cookie holds the creating session: one of our configured origins.
  return opts.origin ? `${opts.origin}${path}` : publicUrl(path)
}

type LinkFailure = { ok: false; status: 401 | 429; message: string }
type LiveLink = { ok: true; id: number; userId: number; clientId: number | null; data: AutoLoginData; impersonating: boolean }

/**
 * Finds a live link for this portal and checks its binding; `claim` then spends it (only the request
 * that flips used_at wins). Refusals are audited when claiming: the preview GET (re-run by Remix after
 * every POST) would otherwise log each attempt twice, and a successful one as a failure.
 */
async function checkAutoLogin(code: string, ctx: AutoLoginContext, portal: AutoLoginPortal, claim: boolean): Promise<LiveLink | LinkFailure> {
  if (!(await consume('autoLoginPerIp', ctx.ip))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
  const row = code
    ? await platformDb.selectFrom('auth_tokens').selectAll().where('token_hash', '=', sha256(code)).where('purpose', '=', 'auto_login').executeTakeFirst()
    : undefined
  const data = (row?.data ?? {}) as AutoLoginData
  const fail = async (message: string, audit: string): Promise<LinkFailure> => {
    if (claim)
      await recordAudit({ clientId: row?.client_id ?? null, userId: row?.user_id ?? null, module: 'auth', action: 'auto_login', status: 'failure', ip: ctx.ip, message: audit })
    return { ok: false, status: 401, message }
  }
  if (!row || row.used_at || row.expires_at.getTime() < Date.now() || (data.portal ?? 'admin') !== portal) return fail(INVALID_LINK, 'Invalid or expired auto-login link')
  const impersonating = data.actorUserId !== undefined && data.actorUserId !== row.user_id
  if ((impersonating || data.boundTo) && (!ctx.sessionId || data.boundTo !== ctx.sessionId)) {
    return fail(LINK_OTHER_SESSION, `A log-in-as link created by user #${data.actorUserId} was opened outside the session that created it`)
  }
  if (claim) {
    const claimed = await platformDb.updateTable('auth_tokens').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return fail(INVALID_LINK, 'Auto-login link already used')
  }
  return { ok: true, id: row.id, userId: row.user_id, clientId: row.client_id, data, impersonating }
}

export type AutoLoginPreview = { ok: true; name: string; email: string; organisation: string | null; impersonating: boolean } | LinkFailure

/** For the confirmation page: whom the link signs in as, without spending it. */
export async function previewAutoLogin(code: string, ctx: AutoLoginContext, portal: AutoLoginPortal = 'admin'): Promise<AutoLoginPreview> {
  const link = await checkAutoLogin(code, ctx, portal, false)
  if (!link.ok) return link
  const target = await platformDb.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', link.userId).executeTakeFirst()
  const organisation =
    link.clientId === null ? null : ((await platformDb.selectFrom('organisations').select('name').where('id', '=', link.clientId).executeTakeFirst())?.name ?? null)
  if (!target) return { ok: false, status: 401, message: INVALID_LINK }
  return { ok: true, name: `${target.first_name} ${target.last_name}`.trim() || target.email, email: target.email, organisation, impersonating: link.impersonating }
}

export type AutoLoginOutcome = { ok: true; user: AuthUser; session: SessionData; impersonating: boolean } | LinkFailure

/** Spends a link of this portal. A log-in-as session records who really signed in and the session to return to. */
export async function consumeAutoLogin(code: string, ctx: AutoLoginContext): Promise<AutoLoginOutcome> {
  const link = await checkAutoLogin(code, ctx, 'admin', true)
  if (!link.ok) return link
  const user = await loadAuthUser(link.userId, link.clientId)
  if (!user) {
    await recordAudit({
      clientId: link.clientId,
      userId: link.userId,
      module: 'auth',
      action: 'auto_login',
      status: 'failure',
      ip: ctx.ip,
      message: 'Auto-login link for an account that can no longer sign in',
    })
    return { ok: false, status: 401, message: INVALID_LINK }
  }
  const { actorUserId, actorClientId } = link.data
  await recordAudit({
    clientId: user.clientId,
    ...actorFields(user),
    actorUserId: link.impersonating ? actorUserId : null,
    module: 'auth',
    action: 'auto_login',
    status: 'success',
    ip: ctx.ip,
    message: link.impersonating ? `Signed in as ${user.email} with a log-in-as link` : 'Signed in with an auto-login link',
  })
  const impersonation: SessionData = link.impersonating
    ? { impersonatorUserId: actorUserId, impersonatorClientId: actorClientId ?? null, impersonatorSessionId: ctx.sessionId ?? undefined }
    : {}
  return { ok: true, user, impersonating: link.impersonating, session: { userId: user.id, clientId: user.clientId, remember: false, ...impersonation } }
}

/**
 * The customer's log-in-as link, spent on the admin's own host (in the session that made it): the portal
 * lives on the organisation's subdomain host, where this session's cookie does not go, so the answer is a
 * hand-off code for that host (ADR 0059). `returnUrl` is where the portal's "back" leads (a configured origin).
 */
export async function consumeCustomerPortalLink(
  code: string,
  ctx: AutoLoginContext,
  returnUrl: string,
): Promise<{ ok: true; name: string; handoffUrl: string } | LinkFailure | { ok: false; status: 400; message: string }> {
  const preview = await previewAutoLogin(code, ctx, 'customer')
  if (!preview.ok) return preview
  const claimed = await checkAutoLogin(code, ctx, 'customer', true)
  if (!claimed.ok) return claimed
  // startLoginAs made no customer link for a business without a subdomain; one removed since finds no way on.
  const handoffUrl =
    claimed.clientId === null
      ? null
      : await createPortalHandoff(
          { userId: claimed.userId, clientId: claimed.clientId },
          { actorUserId: claimed.data.actorUserId ?? claimed.userId, actorClientId: claimed.data.actorClientId ?? null, returnUrl },
        )
  if (!handoffUrl) return { ok: false, status: 400, message: NO_PORTAL_HOST }
  await recordAudit({
    clientId: claimed.clientId,
    userId: claimed.userId,
    userName: preview.name,
    userRole: 'customer',
    actorUserId: claimed.data.actorUserId ?? null,
    module: 'auth',
    action: 'login_as_handoff',
    status: 'success',
    ip: ctx.ip,
    message: `Log-in-as link of customer ${preview.email} spent; the portal session opens on the organisation's host`,
  })
  return { ok: true, name: preview.name, handoffUrl }
}
