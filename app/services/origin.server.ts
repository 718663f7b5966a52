// Which origins count as ours for a raw Node request, and whether it carries our session cookie:
// shared by the HTTP same-origin guard (server/security.ts) and the websocket upgrade. The decisions are
// the pure rules of app/rules/same-origin.ts (mutation-tested, ADR 0103); this file only reads the request.
import type { IncomingMessage } from 'node:http'
import { hasCookieNamed, trustedOriginsFor, type TrustedOrigins } from '#app/rules/same-origin'
import { env } from './env.server'
import { cartCookieName } from './cart-cookie.server'
import { sessionCookieName } from './session.server'
import { HOST_CLIENT_HEADER } from './request-host.server'

/** The origins whose pages are ours for this request (see trustedOriginsFor). */
export function trustedOrigins(req: IncomingMessage): TrustedOrigins {
  const config = env()
  return trustedOriginsFor(
    {
      host: req.headers.host ?? null,
      encrypted: !!(req.socket as { encrypted?: boolean }).encrypted,
      tenantHost: !!req.headers[HOST_CLIENT_HEADER],
    },
    { publicUrl: config.PUBLIC_URL, production: config.APP_ENV === 'production' },
  )
}

/** A cookie of ours that names the visitor is present (the session, or the shop's cart). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return hasCookieNamed(cookieHeader, [sessionCookieName(), cartCookieName()])
}
