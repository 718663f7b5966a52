// The transactional outbox (ADR 0092): side effects written with the change, relayed to BullMQ after the commit.
import type { ColumnType, Generated, Selectable } from 'kysely'

export interface OutboxTable {
  id: Generated<number>
  /** The payload's organisation, null for the platform's mail; a platform table (the relay reads every organisation's rows). */
  client_id: number | null
  queue: string
  /** The job payload as JSON, validated by the queue's schema before it was written. */
  payload: string
  job_id: string | null
  /** Other BullMQ options as JSON (attempts, backoff, priority), null for the queue's defaults. */
  options: string | null
  created_at: ColumnType<Date, Date | string | undefined, Date | string>
  relayed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface OutboxTables {
  outbox: OutboxTable
}

export type OutboxRow = Selectable<OutboxTable>
