// Billing (issue 9, ADR 0031): Stripe webhook events received, and billing e-mails already sent.
import type { Selectable } from 'kysely'
import type { Timestamp } from './core'

export interface StripeEventsTable {
  /** Stripe's event id (evt_...): a second delivery of the same event is recognised by it. */
  id: string
  type: string
  received_at: Timestamp
  processed_at: Date | null
}

/** One row per billing e-mail sent: the durable sent-marker (the mail job's own marker expires). */
export interface BillingNoticesTable {
  client_id: number
  kind: 'trial_ending' | 'payment_failed' | 'locked'
  ref: string
  created_at: Timestamp
}

export interface BillingTables {
  stripe_events: StripeEventsTable
  billing_notices: BillingNoticesTable
}

export type StripeEventRow = Selectable<StripeEventsTable>
