// Request-side helpers of the platform billing catalogue: the operation's idempotency key (from the
// form's hidden field or an Idempotency-Key header) and the payments service, or null when billing is off.
import { newToken } from './crypto.server'
import { type PaymentsService, paymentsService } from './stripe.server'

export const REQUEST_KEY_FIELD = 'requestKey'
const KEY = /^[A-Za-z0-9_-]{16,128}$/

/** A fresh key for a form render: each rendered form is one operation. */
export function newRequestKey(): string {
  return newToken()
}

/** The form's key, or a new one (an operation of its own) when missing or malformed. */
export function formRequestKey(form: FormData): string {
  const value = form.get(REQUEST_KEY_FIELD)
  return typeof value === 'string' && KEY.test(value) ? value : newToken()
}

/** A JSON body's requestKey, when it is a well-formed key. */
export function bodyRequestKey(body: Record<string, unknown>): string | null {
  const value = body[REQUEST_KEY_FIELD]
  return typeof value === 'string' && KEY.test(value) ? value : null
}

/** The caller's Idempotency-Key header (as Stripe's own API takes it), or a new key. */
export function apiRequestKey(request: Request): string {
  const value = request.headers.get('idempotency-key')
  return value && KEY.test(value) ? value : newToken()
}

/** The payments service; null in production without STRIPE_SECRET_KEY (billing not configured). */
export function billingService(): PaymentsService | null {
  try {
    return paymentsService()
  } catch (error) {
    console.error('[billing] payments service unavailable', error instanceof Error ? error.message : error)
    return null
  }
}
