// Express middleware in front of everything: security headers with a per-request CSP nonce, and the
// same-origin guard for writes, state-changing GETs (and, in server/realtime/authorisation.ts, websockets).
import type { NextFunction, Request, Response } from 'express'
import { isFromOurOrigin, isSignatureAuthenticatedPost, isStateChangingGet, needsProofOfOrigin } from '#app/rules/same-origin'
import type { Env } from '#app/services/env.server'
import { hasSessionCookie, trustedOrigins } from '#app/services/origin.server'
import { cspNonce } from './csp-nonce'
import { contentSecurityPolicyFor, HSTS, PERMISSIONS_POLICY } from './security-headers'
import { refuse } from './refuse'

export function securityHeaders(config: Env) {
  const production = config.APP_ENV === 'production'
  const policy = contentSecurityPolicyFor({
    publicOrigin: config.PUBLIC_URL,
    production,
    intercom: !!config.INTERCOM_APP_ID,
    analytics: !!config.ANALYTICS_KEY,
    stripe: !!config.STRIPE_PUBLISHABLE_KEY,
  })
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = cspNonce()
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', policy(nonce))
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (production) res.setHeader('Strict-Transport-Security', HSTS)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    next()
  }
}

const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused'

export function sameOriginGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSignatureAuthenticatedPost(req.method, req.path)) return next()
    const stateChanging = (req.method === 'GET' || req.method === 'HEAD') && isStateChangingGet(req.path)
    // A plain read is let through before its evidence and our origins are worked out (ADR 0115).
    if (!needsProofOfOrigin({ method: req.method, stateChanging })) return next()
    const ours = isFromOurOrigin(
      {
        method: req.method,
        origin: req.get('origin') ?? null,
        secFetchSite: req.get('sec-fetch-site') ?? null,
        referer: req.get('referer') ?? null,
        hasSessionCookie: hasSessionCookie(req.headers.cookie),
        stateChanging,
      },
      trustedOrigins(req),
    )
    if (!ours) return refuse(req, res, 403, CROSS_ORIGIN_REFUSED)
    next()
  }
}
