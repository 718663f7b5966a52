// Response helpers shared by pages and the JSON API: the spec's statuses and message texts.
import { data } from '@remix-run/node'
import { answerWithBytes } from './answer-bytes.server'

export const FORBIDDEN_MESSAGE = "You don't have the required permissions! Please contact your admin to give you permissions then refresh the page"
export const GENERIC_ERROR = 'Please Try Again Later!'

/** JSON answers carry status and statusCode like the original API, whatever the HTTP status. */
export function apiJson<T extends Record<string, unknown>>(body: T, status = 200, headers?: HeadersInit) {
  // What Response.json does, with the bytes kept for the server (services/answer-bytes.server.ts).
  const answerHeaders = new Headers(headers)
  if (!answerHeaders.has('Content-Type')) answerHeaders.set('Content-Type', 'application/json')
  return answerWithBytes(Buffer.from(JSON.stringify({ statusCode: status, ...body })), { status, headers: answerHeaders })
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
