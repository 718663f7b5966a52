// Stripe's Idempotency-Key: a replay answers the first response; the same key with other params is refused.
// Keys belong to the account the request acts for: the platform's key and a connected account's key of
// the same text are two keys (a `Stripe-Account` request never replays the platform's answer).
import { StripeApiError } from './errors'

type Saved = { fingerprint: string; status: number; body: string }

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value)
}

const scoped = (account: string | null, key: string) => `${account ?? 'platform'}\u0000${key}`

export class IdempotencyStore {
  private readonly saved = new Map<string, Saved>()

  fingerprint(method: string, path: string, params: unknown): string {
    return `${method} ${path} ${canonical(params)}`
  }

  /** The saved response for a replay, undefined for a new key; throws for a key reused with other params. */
  lookup(account: string | null, key: string, fingerprint: string): Saved | undefined {
    const saved = this.saved.get(scoped(account, key))
    if (!saved) return undefined
    if (saved.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      })
    }
    return saved
  }

  /** Stripe keeps the result once the endpoint started work, errors included, except for rejected input. */
  remember(account: string | null, key: string, fingerprint: string, status: number, body: string): void {
    if (status === 400 || status === 401 || status === 409 || status === 429 || status >= 500) return
    this.saved.set(scoped(account, key), { fingerprint, status, body })
  }
}
