// The tenant a request's host belongs to (ADR 0044): server/tenant-host.ts resolves the Host header
// and passes the answer in a header it always overwrites, so no client can set it.
import { hostnameOfHeader } from '#app/rules/domains'

export const HOST_CLIENT_HEADER = 'x-draftdesk-host-client'

/** The organisation whose subdomain or verified custom domain the request arrived on; null on the platform host. */
export function hostClientId(request: Request): number | null {
  const value = request.headers.get(HOST_CLIENT_HEADER)
  if (!value || !/^\d{1,15}$/.test(value)) return null
  return Number(value)
}

/** The host name a request was addressed to (Host header, never X-Forwarded-Host). */
export function requestHostname(request: Request): string | null {
  return hostnameOfHeader(request.headers.get('host'))
}
