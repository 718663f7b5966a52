// Opening auto-login links from a request (ADR 13): the opener's session decides whether a log-in-as link
// is valid at all, and a log-in-as session parks the opener's own session instead of ending it.
import type { AuthUser } from '#app/models/account.server'
import { sessionIdHash } from '#app/models/audit.server'
import { type AutoLoginContext, consumeAutoLogin } from '#app/models/auto-login-links.server'
import { recordLogout } from '#app/models/sign-in.server'
import { getAuth } from '#app/models/auth-guards.server'
import { commitSession, sessionStorage, startSession } from '#app/services/session.server'
import { clientIp } from '#app/services/http.server'

export async function autoLoginContext(request: Request): Promise<AutoLoginContext> {
  return { ip: clientIp(request), sessionId: await sessionIdHash(request) }
}

export type OpenedLink = { ok: true; user: AuthUser; cookie: string } | { ok: false; status: 401 | 429; message: string }

/**
 * Spends the link and signs its account in. A log-in-as link leaves the opener's session row alone (the
 * new session names it, for /impersonation/return); a plain auto-login link signs the current user out first.
 */
export async function openAutoLoginLink(request: Request, code: string): Promise<OpenedLink> {
  const { user: current, session: currentSession } = await getAuth(request)
  const outcome = await consumeAutoLogin(code, await autoLoginContext(request))
  if (!outcome.ok) return outcome
  const lang = currentSession.get('lang')
  const data = { ...outcome.session, ...(lang ? { lang } : {}) }
  if (outcome.impersonating) {
    const session = await sessionStorage().getSession()
    for (const [key, value] of Object.entries(data)) if (value !== undefined) session.set(key as never, value as never)
    return { ok: true, user: outcome.user, cookie: await commitSession(session) }
  }
  if (current) await recordLogout(current, clientIp(request), request)
  return { ok: true, user: outcome.user, cookie: await startSession(request, data) }
}
