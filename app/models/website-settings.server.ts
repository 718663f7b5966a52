// Customize Client Portal, Platform Features and the default currency (ADR 0044): one object of
// tenant-first actions that validate, write and audit, called by the pages and the JSON routes alike.
import { sql } from 'kysely'
import { COLOUR_KEYS, type ColourKey, type PortalColours } from '#app/rules/portal-theme'
import { IMAGE_TYPES, type SniffedUpload } from '#app/services/storage.server'
import { scoped, type TenantScope } from '#db/tenant'
import type { WebsiteCustomization } from '#db/tables/website'
import { audited, impersonatorOf } from './audit.server'
import { getCartSettings, type CartSettings } from './cart-settings.server'
import { claimFile, deleteFile, findFile, saveUpload } from './files.server'
import { getWebsiteSettings, saveWebsiteSettings, type WebsiteSettings } from './organisation-settings.server'
import { type Currency, type CustomizationInput, type FeaturesInput, IMAGE_KEYS, type ImageKey, OWNER_ONLY_SETTINGS, SOCIAL_KEYS, type SocialKey } from './website-settings.schema'

export const OWNER_ONLY_SETTING = 'Only the account owner can change two-factor authentication and invoice visibility.'
export const IMAGE_NOT_FOUND = 'Image not found'
export const IMAGE_TYPE = 'Images must be jpeg, jpg or png'
export const CURRENCY_FAILED = 'Unexpected Error Please Try Again Later'

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string; leadsOnly?: boolean } }

export type CustomizationJson = {
  companyName: string
  companyPhone: string
  companyAddress: string
  companyEmail: string
  logo: string | null
  welcomeImg: string | null
  loginImg: string | null
  cartSettings: CartSettings
} & PortalColours &
  Record<SocialKey, string | null>

const COLOUR_COLUMNS: Record<ColourKey, keyof WebsiteCustomization> = {
  topBarBgColor: 'top_bar_bg_color',
  topBarTextColor: 'top_bar_text_color',
  sideBarBgColor: 'side_bar_bg_color',
  sideBarTextColor: 'side_bar_text_color',
  sideBarActiveColor: 'side_bar_active_color',
  sideBarIconColor: 'side_bar_icon_color',
  footerBgColor: 'footer_bg_color',
  footerTextColor: 'footer_text_color',
}
const SOCIAL_COLUMNS: Record<SocialKey, keyof WebsiteCustomization> = {
  twitterLink: 'twitter_link',
  facebookLink: 'facebook_link',
  linkedinLink: 'linkedin_link',
  youtubeLink: 'youtube_link',
  instagramLink: 'instagram_link',
  pinterestLink: 'pinterest_link',
}

async function organisationBrand(t: TenantScope) {
  return t.db.selectFrom('organisations').select(['name', 'logo']).where('id', '=', t.clientId).executeTakeFirstOrThrow()
}

/** The colour columns of website_customizations, for a query that reads them with other things (the shell's). */
export const PORTAL_COLOUR_COLUMNS = Object.values(COLOUR_COLUMNS) as (typeof COLOUR_COLUMNS)[ColourKey][]

/** The colours of a row holding PORTAL_COLOUR_COLUMNS (null each when the organisation never customised). */
export function portalColoursFrom(row: Partial<Record<string, unknown>> | undefined): PortalColours {
  return Object.fromEntries(COLOUR_KEYS.map((k) => [k, (row?.[COLOUR_COLUMNS[k]] as string | null | undefined) ?? null])) as PortalColours
}

export async function getCustomization(t: TenantScope): Promise<CustomizationJson> {
  const [org, row, cartSettings] = await Promise.all([organisationBrand(t), scoped(t, 'website_customizations').selectAll().executeTakeFirst(), getCartSettings(t)])
  const colours = Object.fromEntries(COLOUR_KEYS.map((k) => [k, (row?.[COLOUR_COLUMNS[k]] as string | null | undefined) ?? null])) as PortalColours
  const links = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, (row?.[SOCIAL_COLUMNS[k]] as string | null | undefined) ?? null])) as Record<SocialKey, string | null>
  return {
    companyName: org.name,
    companyPhone: row?.company_phone ?? '',
    companyAddress: row?.company_address ?? '',
    companyEmail: row?.company_email ?? '',
    logo: org.logo,
    welcomeImg: row?.welcome_img ?? null,
    loginImg: row?.login_img ?? null,
    ...colours,
    ...links,
    cartSettings,
  }
}

/** Whether `key` is one of the organisation's current branding images (what the public image route may serve). */
export async function isBrandingImage(t: TenantScope, key: string): Promise<boolean> {
  const c = await getCustomization(t)
  return IMAGE_KEYS.some((k) => c[k] === key)
}

export type CustomizationResult = { ok: true; customization: CustomizationJson } | { ok: false; status: number; error: string; field?: string }

/** Files picked on the page (no JavaScript needed): stored only once the form is valid, on Save. */
export type ImageUploads = Partial<Record<ImageKey, SniffedUpload>>

/**
 * Saves the customization. Images arrive as keys of earlier uploads (the JSON API) or as files of
 * the page's form; an absent key leaves an image, null removes it. A leads-only user changes the
 * company details only: the other sections are hidden from them (back-office section 6).
 */
async function saveCustomization(t: Actor, input: CustomizationInput, uploads: ImageUploads = {}): Promise<CustomizationResult> {
  const leadsOnly = !!t.user.leadsOnly
  const before = await getCustomization(t)
  const images: Partial<Record<ImageKey, string | null>> = {}
  for (const key of IMAGE_KEYS) {
    if (leadsOnly && key !== 'logo') continue
    const value = input[key]
    if (value === undefined || value === before[key]) continue
    if (value === null) {
      images[key] = null
      continue
    }
    const file = await findFile(t, value)
    if (!file || file.storage_key !== value) return { ok: false, status: 400, error: IMAGE_NOT_FOUND, field: key }
    if (!(IMAGE_TYPES as readonly string[]).includes(file.mime_type)) return { ok: false, status: 400, error: IMAGE_TYPE, field: key }
    // A generic upload becomes a branding image (readable by every member, served on the portal).
    if (!(await claimFile(t, value, 'logo'))) return { ok: false, status: 400, error: IMAGE_NOT_FOUND, field: key }
    images[key] = value
  }
  for (const key of IMAGE_KEYS) {
    const upload = uploads[key]
    if (!upload || (leadsOnly && key !== 'logo')) continue
    const stored = await saveUpload(t, upload, 'logo')
    if ('error' in stored) return { ok: false, status: stored.status ?? 400, error: stored.error, field: key }
    images[key] = stored.key
  }

  const values: Record<string, unknown> = {
    company_phone: input.companyPhone,
    company_address: input.companyAddress,
    company_email: input.companyEmail,
  }
  if (!leadsOnly) {
    for (const k of COLOUR_KEYS) if (input[k] !== undefined) values[COLOUR_COLUMNS[k]] = input[k]
    for (const k of SOCIAL_KEYS) if (input[k] !== undefined) values[SOCIAL_COLUMNS[k]] = input[k]
    if (images.welcomeImg !== undefined) values.welcome_img = images.welcomeImg
    if (images.loginImg !== undefined) values.login_img = images.loginImg
  }
  await t.db
    .insertInto('website_customizations')
    .values({ client_id: t.clientId, company_phone: input.companyPhone, company_address: input.companyAddress, company_email: input.companyEmail, ...values })
    .onDuplicateKeyUpdate({ ...values, updated_at: sql<Date>`CURRENT_TIMESTAMP(3)` })
    .execute()
  const org: Record<string, unknown> = { name: input.companyName }
  if (images.logo !== undefined) org.logo = images.logo
  await t.db.updateTable('organisations').set(org).where('id', '=', t.clientId).execute()

  // An image replaced or removed is no longer shown anywhere: its bytes go.
  for (const key of IMAGE_KEYS) {
    const old = before[key]
    if (images[key] === undefined || !old || old === images[key]) continue
    const stillUsed = IMAGE_KEYS.some((k) => (images[k] !== undefined ? images[k] : before[k]) === old)
    if (!stillUsed) await deleteFile(t, old)
  }
  return { ok: true, customization: await getCustomization(t) }
}

export type FeaturesResult = { ok: true; settings: WebsiteSettings } | { ok: false; status: number; error: string }

/**
 * Two-factor and hide-invoices belong to the owner: anyone else sending a different value is refused,
 * and so is the owner's account in a log-in-as session (ADR 13: a borrowed session never changes how
 * the organisation signs in; "Login As Client" must not switch off its two-factor).
 */
async function saveFeatures(t: Actor, patch: FeaturesInput, borrowed: boolean): Promise<FeaturesResult> {
  const current = await getWebsiteSettings(t)
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<WebsiteSettings>
  if ((t.user.role !== 'client' || borrowed) && OWNER_ONLY_SETTINGS.some((k) => changes[k] !== undefined && changes[k] !== current[k])) {
    return { ok: false, status: 403, error: OWNER_ONLY_SETTING }
  }
  return { ok: true, settings: await saveWebsiteSettings(t, changes) }
}

export type CurrencyResult = { ok: true; currencyType: Currency }

async function changeCurrency(t: TenantScope, currency: Currency): Promise<CurrencyResult> {
  await t.db.updateTable('organisations').set({ currency_type: currency }).where('id', '=', t.clientId).execute()
  return { ok: true, currencyType: currency }
}

function changedSettings(before: WebsiteSettings, after: WebsiteSettings): string {
  const changed = (Object.keys(after) as (keyof WebsiteSettings)[]).filter((k) => before[k] !== after[k]).map((k) => `${k} ${after[k] ? 'on' : 'off'}`)
  return changed.length ? changed.join(', ') : 'no change'
}

export const websiteSettingsActions = {
  async saveCustomization(t: Actor, request: Request, input: CustomizationInput, uploads?: ImageUploads) {
    const result = await saveCustomization(t, input, uploads)
    return audited(
      t,
      request,
      { module: 'website_settings', action: 'ui_customization', message: result.ok ? 'Portal customization saved' : `Portal customization not saved: ${result.error}` },
      result,
    )
  },
  async saveFeatures(t: Actor, request: Request, patch: FeaturesInput) {
    const before = await getWebsiteSettings(t)
    const result = await saveFeatures(t, patch, (await impersonatorOf(request)) !== null)
    return audited(
      t,
      request,
      {
        module: 'website_settings',
        action: 'features',
        message: result.ok ? `Features saved: ${changedSettings(before, result.settings)}` : `Features not saved: ${result.error}`,
      },
      result,
    )
  },
  async changeCurrency(t: Actor, request: Request, currency: Currency) {
    return audited(t, request, { module: 'website_settings', action: 'currency', message: `Default currency set to ${currency}` }, await changeCurrency(t, currency))
  },
}
