// Delivers events to the configured endpoints, signed like Stripe, in order, with a small retry.
import { signatureHeader } from './signing'

export type WebhookEndpoint = { url: string; secret: string }

export type DeliveryAttempt = { eventId: string; url: string; status: number | null; error: string | null; at: number }

type Job = { eventId: string; payload: string; endpoint: WebhookEndpoint; attempt: number }

export type WebhookOptions = {
  endpoints: WebhookEndpoint[]
  /** Delays before the 2nd, 3rd ... attempt; Stripe backs off for days, tests want milliseconds. */
  retryDelaysMs?: number[]
  timeoutMs?: number
}

export class WebhookDispatcher {
  readonly endpoints: WebhookEndpoint[]
  readonly attempts: DeliveryAttempt[] = []
  private readonly queue: Job[] = []
  private readonly retryDelaysMs: number[]
  private readonly timeoutMs: number
  private running = false
  private closed = false
  private idleWaiters: (() => void)[] = []
  private pendingRetries = 0

  constructor(options: WebhookOptions) {
    this.endpoints = options.endpoints
    this.retryDelaysMs = options.retryDelaysMs ?? [500, 2000, 5000]
    this.timeoutMs = options.timeoutMs ?? 10_000
  }

  /** Queues one event for every endpoint; returns at once (Stripe never waits for the receiver). */
  enqueue(eventId: string, payload: string): void {
    if (this.closed) return
    for (const endpoint of this.endpoints) this.queue.push({ eventId, payload, endpoint, attempt: 1 })
    void this.drain()
  }

  /** Resolves when nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0 && this.pendingRetries === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  close(): void {
    this.closed = true
    this.queue.length = 0
    this.notifyIdle()
  }

  private notifyIdle() {
    if (this.running || this.queue.length > 0 || this.pendingRetries > 0) return
    const waiters = this.idleWaiters.splice(0)
    waiters.forEach((resolve) => resolve())
  }

  private async drain(): Promise<void> {
    if (this.running) return
    this.running = true
    while (this.queue.length > 0 && !this.closed) {
      const job = this.queue.shift()!
      const ok = await this.send(job)
      if (!ok) this.scheduleRetry(job)
    }
    this.running = false
    this.notifyIdle()
  }

  private scheduleRetry(job: Job) {
    const delay = this.retryDelaysMs[job.attempt - 1]
    if (delay === undefined || this.closed) return
    this.pendingRetries++
    const timer = setTimeout(() => {
      this.pendingRetries--
      this.queue.push({ ...job, attempt: job.attempt + 1 })
      void this.drain()
      this.notifyIdle()
    }, delay)
    timer.unref()
  }

  private async send(job: Job): Promise<boolean> {
    // Each attempt is signed afresh, so a retried delivery carries a current timestamp, as Stripe's do.
    const timestamp = Math.floor(Date.now() / 1000)
    const attempt: DeliveryAttempt = { eventId: job.eventId, url: job.endpoint.url, status: null, error: null, at: timestamp }
    this.attempts.push(attempt)
    try {
      const response = await fetch(job.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(job.payload, job.endpoint.secret, timestamp),
        },
        body: job.payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      attempt.status = response.status
      await response.arrayBuffer().catch(() => undefined)
      return response.ok
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error)
      return false
    }
  }
}
