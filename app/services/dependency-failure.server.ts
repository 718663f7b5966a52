// Which failures mean "MariaDB or Redis is away" (ADR 0086): such a request is answered 503 with
// Retry-After by the server (server/unavailable.ts), never a 500, and the service is asked again
// by the next request, so nothing needs a restart when it comes back.

export type Dependency = 'database' | 'redis'

/** Retry-After (seconds) of a 503: a restarted MariaDB or Redis answers again within seconds. */
export const RETRY_AFTER_SECONDS = 5

/** What the person or API client reads: nothing was done, and trying again soon is the right move. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable and nothing was saved. Please try again in a few seconds.'

/** Thrown where the app refuses before it even tries (a job that cannot be queued, a Redis not connected). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    detail: string,
  ) {
    super(`${dependency} unavailable: ${detail}`)
    this.name = 'DependencyUnavailableError'
  }
}

// mysql2's codes for a server that is gone, refusing, restarting or unreachable (never a query's own mistake).
const DATABASE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_SHUTDOWN_COMPLETE',
])

// ioredis's messages for a connection that is down (offline queue off, retries spent, closed, timed out).
const REDIS_MESSAGES = [/enableOfflineQueue options is false/, /Reached the max retries per request limit/, /^Connection is closed\.?$/, /^Command timed out$/]

function classify(error: unknown): Dependency | null {
  if (!error || typeof error !== 'object') return null
  if (error instanceof DependencyUnavailableError) return error.dependency
  const e = error as { name?: unknown; code?: unknown; message?: unknown }
  const message = typeof e.message === 'string' ? e.message : ''
  if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((pattern) => pattern.test(message))) return 'redis'
  // A pooled connection that died unnoticed says so in its message.
  if (typeof e.code === 'string' && DATABASE_CODES.has(e.code)) return 'database'
  if (/Can't add new command when connection is in closed state/.test(message)) return 'database'
  return null
}

/** The dependency an error (or one it wraps: `cause`, an AggregateError's errors) says is down; null for anything else. */
export function dependencyFailure(error: unknown, depth = 0): Dependency | null {
  if (depth > 5) return null
  const found = classify(error)
  if (found) return found
  if (error && typeof error === 'object') {
    const { cause, errors } = error as { cause?: unknown; errors?: unknown }
    if (cause) {
      const inner = dependencyFailure(cause, depth + 1)
      if (inner) return inner
    }
    if (Array.isArray(errors)) {
      for (const inner of errors) {
        const found = dependencyFailure(inner, depth + 1)
        if (found) return found
      }
    }
  }
  return null
}

/**
 * For a route that answers its own spec message when something fails: an outage is not its failure to
 * describe, so it goes on to the server's 503 with Retry-After instead of becoming that route's 500.
 */
export function rethrowOutage(error: unknown): void {
  if (dependencyFailure(error)) throw error
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Set by entry.server.tsx's handleError when the request failed on a dependency; server/remix-handler.ts answers 503. */
    failure?: { dependency: Dependency | null }
  }
}
