// The emulator's shared context: records, clocks, the event log and webhook delivery.
import { Clocks } from './clock'
import { newId } from './ids'
import { Store, type EventRecord } from './state'
import { WebhookDispatcher, type WebhookOptions } from './webhooks'

/** The API version the pinned SDK sends; events carry it as Stripe's do. */
export const API_VERSION = '2026-10-28.endive'

/** `account`: the connected account named by the request's `Stripe-Account` header (Connect), else null. */
export type RequestContext = { id: string | null; idempotencyKey: string | null; account: string | null }

export const NO_REQUEST: RequestContext = { id: null, idempotencyKey: null, account: null }

export class Emulator {
  readonly store = new Store()
  readonly clocks = new Clocks()
  readonly webhooks: WebhookDispatcher
  baseUrl = 'http://127.0.0.1'
  /** The API request being served, recorded on the events it causes (null for clock-driven work). */
  request: RequestContext = NO_REQUEST

  constructor(webhookOptions: WebhookOptions) {
    this.webhooks = new WebhookDispatcher(webhookOptions)
  }

  /** Events of the call being run by `allOrNothing`, kept back until it succeeds. */
  private held: EventRecord[] | null = null

  /**
   * Runs a call whose events exist only if it succeeds: a subscription refused with
   * error_if_incomplete leaves Stripe with no subscription and no events about it.
   */
  allOrNothing<T>(work: () => T): T {
    if (this.held) return work()
    const held: EventRecord[] = (this.held = [])
    try {
      const result = work()
      this.held = null
      for (const event of held) this.record(event)
      return result
    } catch (error) {
      this.held = null
      throw error
    }
  }

  /**
   * Runs work whose events are dropped, neither listed nor delivered: restoring objects that already
   * existed at Stripe (fixtures after a restart) is news to nobody.
   */
  silently<T>(work: () => T): T {
    const outer = this.held
    this.held = []
    try {
      return work()
    } finally {
      this.held = outer
    }
  }

  private record(event: EventRecord) {
    this.store.events.set(event.id, event)
    this.webhooks.enqueue(event.id, this.eventPayload(event))
  }

  /** Records an event with a snapshot of the object as it is now, and queues its delivery. */
  emit(type: string, object: Record<string, unknown>, created: number, previousAttributes?: Record<string, unknown>): EventRecord {
    const event: EventRecord = {
      id: newId('evt'),
      type,
      created,
      object: structuredClone(object),
      ...(previousAttributes && Object.keys(previousAttributes).length > 0 ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      request: { id: this.request.id, idempotency_key: this.request.idempotencyKey },
      // What happens on a connected account is that account's event (Stripe sends it to Connect endpoints).
      ...(this.request.account ? { account: this.request.account } : {}),
    }
    if (this.held) this.held.push(event)
    else this.record(event)
    return event
  }

  renderEvent(event: EventRecord) {
    return {
      id: event.id,
      object: 'event',
      ...(event.account ? { account: event.account } : {}),
      api_version: API_VERSION,
      created: event.created,
      data: { object: event.object, ...(event.previous_attributes ? { previous_attributes: event.previous_attributes } : {}) },
      livemode: false,
      pending_webhooks: this.webhooks.endpoints.length,
      request: event.request,
      type: event.type,
    }
  }

  /** Stripe sends events pretty-printed; the exact bytes are what the signature covers. */
  eventPayload(event: EventRecord): string {
    return JSON.stringify(this.renderEvent(event), null, 2)
  }

  resend(eventId: string): boolean {
    const event = this.store.events.get(eventId)
    if (!event) return false
    this.webhooks.enqueue(event.id, this.eventPayload(event))
    return true
  }
}
