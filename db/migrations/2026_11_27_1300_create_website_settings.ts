// Website settings (ADR 0044): the portal's customization, and the custom domain with its DNS checks
// and the sending domain's DKIM key. Company name and logo stay on organisations.
import { type Kysely, sql } from 'kysely'

const now = sql`CURRENT_TIMESTAMP(3)`
// Host names are ASCII (IDNs arrive as punycode) and compared without regard to case.
const HOSTNAME = sql`varchar(253) character set ascii collate ascii_general_ci`
const COLOUR = sql`char(7) character set ascii`
const STATUS = sql`varchar(16) character set ascii`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('website_customizations')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('company_phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_email', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('welcome_img', 'varchar(200)')
    .addColumn('login_img', 'varchar(200)')
    .addColumn('top_bar_bg_color', COLOUR)
    .addColumn('side_bar_bg_color', COLOUR)
    .addColumn('footer_bg_color', COLOUR)
    .addColumn('top_bar_text_color', COLOUR)
    .addColumn('side_bar_text_color', COLOUR)
    .addColumn('footer_text_color', COLOUR)
    .addColumn('side_bar_active_color', COLOUR)
    .addColumn('side_bar_icon_color', COLOUR)
    .addColumn('twitter_link', 'varchar(2048)')
    .addColumn('facebook_link', 'varchar(2048)')
    .addColumn('linkedin_link', 'varchar(2048)')
    .addColumn('youtube_link', 'varchar(2048)')
    .addColumn('instagram_link', 'varchar(2048)')
    .addColumn('pinterest_link', 'varchar(2048)')
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('organisation_domains')
    .addColumn('client_id', 'bigint', (c) => c.unsigned().primaryKey().references('organisations.id').onDelete('cascade'))
    // One organisation per host name, platform-wide: a request for it must mean one tenant.
    .addColumn('custom_domain', HOSTNAME, (c) => c.unique())
    .addColumn('cname_status', STATUS, (c) => c.notNull().defaultTo('pending'))
    .addColumn('cname_checked_at', 'datetime(3)')
    .addColumn('cname_verified_at', 'datetime(3)')
    .addColumn('cname_error', 'varchar(255)')
    .addColumn('email_status', STATUS, (c) => c.notNull().defaultTo('pending'))
    .addColumn('email_checked_at', 'datetime(3)')
    .addColumn('email_error', 'varchar(255)')
    .addColumn('email_records', 'json')
    .addColumn('dkim_selector', sql`varchar(63) character set ascii`)
    .addColumn('dkim_public_key', 'text')
    .addColumn('dkim_private_key', 'text')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull().defaultTo(now))
    .execute()
  // The verification pass walks the domains it has checked least recently.
  await db.schema.createIndex('organisation_domains_checked').on('organisation_domains').columns(['cname_checked_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organisation_domains').ifExists().execute()
  await db.schema.dropTable('website_customizations').ifExists().execute()
}
