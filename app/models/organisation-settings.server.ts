// The organisation's website settings switches (enable_2FA and the others of the spec).
import { scoped, type TenantScope } from '#db/tenant'

export const SETTING_KEYS = [
  'disable_writer_customer_chat',
  'enable_revisions_approval_feature',
  'enable_2FA',
  'hide_invoices',
  'hide_tip',
  'disable_customer_rating',
  'disable_customer_email_reassign',
  'enable_writer_notes',
  'hide_customer_price',
  'hide_click_to_upload',
  'hide_ms_word_document',
  'enable_boards',
  'disable_customer_job_search',
  // The contributor workspace (issue 26, ADR 0065): both off by default.
  'enable_open_pool',
  'show_customer_contact_to_writers',
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]
export type WebsiteSettings = Record<SettingKey, boolean>

export const DEFAULT_SETTINGS: WebsiteSettings = Object.fromEntries(SETTING_KEYS.map((k) => [k, false])) as WebsiteSettings

export async function getWebsiteSettings(t: TenantScope): Promise<WebsiteSettings> {
  const row = await scoped(t, 'organisation_settings').select('settings').executeTakeFirst()
  return { ...DEFAULT_SETTINGS, ...(row?.settings ?? {}) }
}

export async function saveWebsiteSettings(t: TenantScope, patch: Partial<WebsiteSettings>): Promise<WebsiteSettings> {
  const next = { ...(await getWebsiteSettings(t)), ...patch }
  await t.db
    .insertInto('organisation_settings')
    .values({ client_id: t.clientId, settings: JSON.stringify(next) })
    .onDuplicateKeyUpdate({ settings: JSON.stringify(next) })
    .execute()
  return next
}
