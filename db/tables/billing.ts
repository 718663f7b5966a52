// Billing (issue 9, ADR 0031): Stripe webhook events received, and billing e-mails already sent.
import type { ColumnType, Generated, Selectable } from 'kysely'
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

/** A pause of a client's subscription (ADR 0038): at most 2 count per subscription year. */
export interface SubscriptionPausesTable {
  id: Generated<number>
  client_id: number
  stripe_subscription_id: string
  op_key: string
  starts_at: Date
  resumes_at: Date
  ended_at: Date | null
  withdrawn: ColumnType<boolean, boolean | undefined, boolean>
  created_at: Timestamp
}

/** The plan, quantity and user limit of an organisation's subscription, as last read (ADR 0038). */
export interface OrganisationPlansTable {
  client_id: number
  stripe_subscription_id: string | null
  client_package_id: number | null
  quantity: number | null
  max_users: number | null
  last_op_key: string | null
  /** A one-time plan's payment (ADR 0046); null for a subscription's plan. */
  stripe_payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>
  paid_cents: ColumnType<number | null, number | null | undefined, number | null>
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  updated_at: Timestamp
}

/**
 * A card (Stripe's fingerprint) that has had a free trial (ADR 0095). A platform table, not a tenant one: every
 * checkout reads it, whichever organisation took the trial.
 */
export interface TrialCardsTable {
  fingerprint: string
  taken_by: number | null
  created_at: Timestamp
}

export interface BillingTables {
  trial_cards: TrialCardsTable
  stripe_events: StripeEventsTable
  billing_notices: BillingNoticesTable
  subscription_pauses: SubscriptionPausesTable
  organisation_plans: OrganisationPlansTable
}

/** Billing tables an organisation owns (the tenant guard holds them to it). */
export const BILLING_TENANT_TABLES = ['subscription_pauses', 'organisation_plans'] as const

export type StripeEventRow = Selectable<StripeEventsTable>
