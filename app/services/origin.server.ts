// Which origins count as ours for a raw Node request, and whether it carries our session cookie:
// shared by the HTTP same-origin guard (server/security.ts) and the websocket upgrade.
import type { IncomingMessage } from 'node:http'
import type { TrustedOrigins } from '#app/rules/same-origin'
import { env } from './env.server'
import { cartCookieName } from './cart-cookie.server'
import { sessionCookieName } from './session.server'
import { isLoopbackHostname } from './http.server'
import { HOST_CLIENT_HEADER } from './request-host.server'

/**
 * The configured public origin; outside production also the loopback origin the request was
 * addressed to (http://127.0.0.1:<port> next to http://localhost:<port>), from the Host header and
 * the socket, never from X-Forwarded-Host. Any other Host (a DNS-rebinding name) adds nothing.
 */
export function trustedOrigins(req: IncomingMessage): TrustedOrigins {
  const config = env()
  const publicOnly = { publicOrigin: config.PUBLIC_URL }
  // An organisation's own host (server/tenant-host.ts resolved it and set the header): its pages are ours too.
  const tenantOrigin = req.headers[HOST_CLIENT_HEADER] ? tenantHostOrigin(req.headers.host) : null
  if (tenantOrigin) return { ...publicOnly, requestOrigin: tenantOrigin }
  if (config.APP_ENV === 'production' || !req.headers.host) return publicOnly
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  try {
    const addressed = new URL(`${scheme}://${req.headers.host}`)
    return isLoopbackHostname(addressed.hostname) ? { ...publicOnly, requestOrigin: addressed.origin } : publicOnly
  } catch {
    return publicOnly
  }
}

/** PUBLIC_URL's scheme with the request's (resolved, known) host and port. */
function tenantHostOrigin(host: string | undefined): string | null {
  if (!host) return null
  try {
    return new URL(`${new URL(env().PUBLIC_URL).protocol}//${host}`).origin
  } catch {
    return null
  }
}

/**
 * A cookie of ours that names the visitor is present (the session, or the shop's cart): a write then
 * needs proof that it comes from our pages, and the answer is private to that visitor.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  const names = [sessionCookieName(), cartCookieName()]
  return (cookieHeader ?? '').split(';').some((pair) => names.some((name) => pair.trim().startsWith(`${name}=`)))
}
