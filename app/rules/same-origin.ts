// Cross-site request forgery: whether a request provably comes from our own pages, which origins are ours,
// and which requests are exempt. Used by the HTTP middleware (writes and state-changing GETs) and by the
// websocket upgrade (through services/origin.server.ts, which only reads the request); no I/O here.
import { isLoopbackHostname } from './loopback'
import { normalizeRoutePath } from './request-path'

/** What the browser told us about where the request comes from (header values, null when absent). */
export type RequestEvidence = {
  method: string
  origin: string | null
  secFetchSite: string | null
  referer: string | null
  /** The session cookie is present, so the browser attached our credentials. */
  hasSessionCookie: boolean
  /** A GET that changes state (logout, 2FA resend...): treated like a write. */
  stateChanging?: boolean
  /** Websocket upgrades always need proof, like a write. */
  upgrade?: boolean
}

/**
 * The origins our pages are served from: the configured public origin, plus (outside production
 * only) the origin the request was addressed to, built from the Host header, never X-Forwarded-Host.
 */
export type TrustedOrigins = { publicOrigin: string; requestOrigin?: string | null }

/** What a raw request says about where it was addressed (never X-Forwarded-Host). */
export type AddressedRequest = {
  /** The Host header, as sent. */
  host: string | null
  /** The socket is TLS. */
  encrypted: boolean
  /** server/tenant-host.ts resolved the Host to an organisation's own host (subdomain or verified domain). */
  tenantHost: boolean
}

/**
 * The configured public origin; an organisation's own host (with PUBLIC_URL's scheme), whose pages are ours
 * too; outside production also the loopback origin the request was addressed to (http://127.0.0.1:<port>
 * next to http://localhost:<port>). Any other Host (a DNS-rebinding name) adds nothing.
 */
export function trustedOriginsFor(req: AddressedRequest, config: { publicUrl: string; production: boolean }): TrustedOrigins {
  const publicOnly = { publicOrigin: config.publicUrl }
  if (!req.host) return publicOnly
  if (req.tenantHost) {
    const scheme = parsedUrl(config.publicUrl)?.protocol
    const tenant = scheme ? parsedUrl(`${scheme}//${req.host}`) : null
    return tenant ? { ...publicOnly, requestOrigin: tenant.origin } : publicOnly
  }
  if (config.production) return publicOnly
  const addressed = parsedUrl(`${req.encrypted ? 'https' : 'http'}://${req.host}`)
  return addressed && isLoopbackHostname(addressed.hostname) ? { ...publicOnly, requestOrigin: addressed.origin } : publicOnly
}

function parsedUrl(value: string): URL | null {
  return URL.canParse(value) ? new URL(value) : null
}

/**
 * One of these cookies is present (the session, or the shop's cart): a write then needs proof that it
 * comes from our pages, and the answer is private to that visitor.
 */
export function hasCookieNamed(cookieHeader: string | undefined, names: string[]): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((pair) => names.some((name) => pair.trim().startsWith(`${name}=`)))
}

/**
 * Posts authenticated by a signature over the body, never by our cookie: the caller is a server
 * (Stripe), not a page, and the route ignores any session (ADR 0031). Matched as Remix routes it.
 */
const SIGNATURE_AUTHENTICATED_POSTS = new Set(['/api/webhooks/stripe'])

export function isSignatureAuthenticatedPost(method: string, pathname: string): boolean {
  return method === 'POST' && SIGNATURE_AUTHENTICATED_POSTS.has(normalizeRoutePath(pathname))
}

// Only these never reach an action: Remix runs the action for any other method, OPTIONS included.
const SAFE_METHODS = new Set(['GET', 'HEAD'])

/** An http(s) origin, or null: absent, '' and 'null' (an opaque origin, e.g. a sandboxed frame) are no URL. */
function originOf(value: string | null | undefined): string | null {
  const url = parsedUrl(String(value))
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null
}

export function isTrustedOrigin(value: string | null | undefined, trusted: TrustedOrigins): boolean {
  const origin = originOf(value)
  if (!origin) return false
  return origin === originOf(trusted.publicOrigin) || (!!trusted.requestOrigin && origin === originOf(trusted.requestOrigin))
}

/** Writes, the GETs that change state and websocket upgrades; any other read comes from anywhere. */
export function needsProofOfOrigin(req: Pick<RequestEvidence, 'method' | 'stateChanging' | 'upgrade'>): boolean {
  return !SAFE_METHODS.has(req.method.toUpperCase()) || !!req.stateChanging || !!req.upgrade
}

/**
 * An Origin header must be ours. Without one, a request that carries our cookie (or changes state
 * through a GET, or opens a websocket) must show Sec-Fetch-Site same-origin/none or, for browsers
 * that do not send Fetch Metadata, a Referer from our origin. Sec-Fetch-Site wins over Referer
 * because a page can set its own Referer policy but not its fetch metadata.
 */
export function isFromOurOrigin(req: RequestEvidence, trusted: TrustedOrigins): boolean {
  if (!needsProofOfOrigin(req)) return true
  if (req.origin !== null) return isTrustedOrigin(req.origin, trusted)
  const needsProof = req.hasSessionCookie || !!req.stateChanging || !!req.upgrade
  if (!needsProof) return true
  if (req.secFetchSite) return req.secFetchSite === 'same-origin' || req.secFetchSite === 'none'
  return isTrustedOrigin(req.referer, trusted)
}

/**
 * GETs that change something. The spec keeps them as GETs, so same-origin callers keep working and
 * everyone else is refused. Matched on the normalised path (see request-path.ts), the form Remix routes.
 */
const STATE_CHANGING_GETS = [
  /^\/logout$/,
  /^\/api\/auth\/logout$/,
  /^\/api\/auth\/verification-2fa$/,
  /^\/api\/auth\/auto-login\/[^/]+$/,
  /^\/api\/client\/packages\/(active|deactive)\/[^/]+$/,
  /^\/api\/client\/orders\/revision\/approve\/[^/]+$/,
  /^\/api\/packages\/client\/(active|deactive)\/[^/]+$/,
  /^\/api\/promotions\/delete\/[^/]+$/,
  /^\/api\/client\/user\/del\/[^/]+$/,
  // Make the organisation's Connect account the first time they are called (ADR 0037).
  /^\/api\/client\/payouts\/initiatepayoutssetup$/,
  /^\/payments\/payouts\/setup$/,
]

export function isStateChangingGet(pathname: string): boolean {
  const path = normalizeRoutePath(pathname)
  return STATE_CHANGING_GETS.some((pattern) => pattern.test(path))
}
