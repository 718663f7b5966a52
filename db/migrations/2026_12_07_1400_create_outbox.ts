// The transactional outbox (issue 28, ADR 0092): a side effect of a change (an e-mail, a job) is written
// here in the change's own transaction and relayed to BullMQ afterwards, so a crash between the commit
// and the queueing no longer loses it.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    // The job payload's organisation (null for the platform's own mail); a platform table, since the relay reads every organisation's rows.
    .addColumn('client_id', 'bigint', (c) => c.unsigned().references('organisations.id').onDelete('cascade'))
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', sql`mediumtext`, (c) => c.notNull())
    // The caller's deterministic job id (e.g. the welcome e-mail's), else the relay names the job after the row.
    .addColumn('job_id', 'varchar(191)')
    // Other BullMQ options of the job as JSON (attempts, backoff, priority), null for the queue's defaults.
    .addColumn('options', 'text')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('relayed_at', 'datetime(3)')
    .execute()
  // The relay's scan: the oldest rows not yet relayed; the clean-up's: relayed rows by age.
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['relayed_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute()
}
