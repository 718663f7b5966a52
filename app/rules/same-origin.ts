// Cross-site request forgery: whether a request provably comes from our own pages. Used by the HTTP
// middleware (writes and state-changing GETs) and by the websocket upgrade; no I/O here.
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

// Only these never reach an action: Remix runs the action for any other method, OPTIONS included.
const SAFE_METHODS = new Set(['GET', 'HEAD'])

function originOf(value: string | null | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

export function isTrustedOrigin(value: string | null | undefined, trusted: TrustedOrigins): boolean {
  const origin = originOf(value)
  if (!origin) return false
  return origin === originOf(trusted.publicOrigin) || (!!trusted.requestOrigin && origin === originOf(trusted.requestOrigin))
}

/**
 * An Origin header must be ours. Without one, a request that carries our cookie (or changes state
 * through a GET, or opens a websocket) must show Sec-Fetch-Site same-origin/none or, for browsers
 * that do not send Fetch Metadata, a Referer from our origin. Sec-Fetch-Site wins over Referer
 * because a page can set its own Referer policy but not its fetch metadata.
 */
export function isFromOurOrigin(req: RequestEvidence, trusted: TrustedOrigins): boolean {
  const guarded = !SAFE_METHODS.has(req.method.toUpperCase()) || !!req.stateChanging || !!req.upgrade
  if (!guarded) return true
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
