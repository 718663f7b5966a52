// Host resolution (ADR 0044): a request on an organisation's subdomain or verified custom domain is
// that organisation's; the platform host serves everyone by session; any other host gets a plain 404.
import type { NextFunction, Request, Response } from 'express'
import { resolveHost } from '#app/models/platform-domains.server'
import { hostnameOfHeader } from '#app/rules/domains'
import { normalizeRoutePath } from '#app/rules/request-path'
import { HOST_CLIENT_HEADER } from '#app/services/request-host.server'

/** Answered on any host: the proxy's certificate question and the health check come by address. */
const ANY_HOST_PATHS = new Set(['/healthz', '/api/domains/tls-ask'])

/** Resolves the Host header (never X-Forwarded-Host) and passes the tenant on in a header only we set. */
export function resolveTenantHost() {
  return (req: Request, res: Response, next: NextFunction) => {
    delete req.headers[HOST_CLIENT_HEADER]
    resolveHost(hostnameOfHeader(req.headers.host))
      .then((target) => {
        res.locals.hostTarget = target
        if (target.kind === 'tenant') req.headers[HOST_CLIENT_HEADER] = String(target.clientId)
        next()
      })
      .catch(next)
  }
}

/** Runs after the same-origin guard, so a forged cross-site write is still refused as such. */
export function refuseUnknownHost() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.hostTarget?.kind !== 'unknown' || ANY_HOST_PATHS.has(normalizeRoutePath(req.path))) return next()
    res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not Found')
  }
}
