// Response helpers shared by pages and the JSON API: the spec's statuses and message texts.
import { data } from '@remix-run/node'

export const FORBIDDEN_MESSAGE = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"
export const GENERIC_ERROR = 'Please Try Again Later!'

/** JSON answers carry status and statusCode like the original API, whatever the HTTP status. */
export function apiJson<T extends Record<string, unknown>>(body: T, status = 200, headers?: HeadersInit) {
  return Response.json({ statusCode: status, ...body }, { status, headers })
}

export function apiError(status: number, error: string | Record<string, string[] | string>, headers?: HeadersInit) {
  return apiJson({ status: false, error }, status, headers)
}

export function forbidden(message = FORBIDDEN_MESSAGE) {
  return data({ message }, { status: 403 })
}

export function notFound(message = 'Oops! The page you are looking for does not exist.') {
  return data({ message }, { status: 404 })
}

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith('/api/')
}

/** The client IP as Express saw it (server.ts passes it in a header it strips from clients). */
export function clientIp(request: Request): string {
  return request.headers.get('x-draftdesk-client-ip') ?? 'unknown'
}

/** The address of the socket itself, whatever proxies claim (server.ts passes it in a header it overwrites). */
export function peerIp(request: Request): string | null {
  return request.headers.get('x-draftdesk-peer-ip')
}

/** A host name that can only mean this machine (a DNS name pointed at 127.0.0.1 does not count). */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || isLoopback(hostname)
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}
