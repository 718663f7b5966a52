// Website settings payloads (ADR 0044): one zod schema per form, shared by the pages and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { canonicalHostname, CUSTOM_DOMAIN_INVALID, CUSTOM_DOMAIN_REQUIRED, SUBDOMAIN_REQUIRED } from '#app/rules/domains'
import { canonicalColour, COLOUR_INVALID, COLOUR_KEYS, type ColourKey } from '#app/rules/portal-theme'
import { isSubdomainFormat, SUBDOMAIN_FORMAT } from '#app/rules/subdomain'

export const COMPANY_NAME_REQUIRED = 'Enter Company Name'
export const COMPANY_PHONE_REQUIRED = 'Enter Company Phone'
export const COMPANY_ADDRESS_REQUIRED = 'Enter Company Address'
export const COMPANY_EMAIL_REQUIRED = 'Enter Company Email'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const LINK_INVALID = 'Please, enter a valid link'
export const CURRENCY_REQUIRED = 'Please select a currency'
export const UNKNOWN_SETTING = 'Unknown setting'

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v)

// ---- Domain

export const subdomainSchema = z.object({
  subDomain: z.preprocess(
    trimmed,
    z
      .string({ invalid_type_error: SUBDOMAIN_REQUIRED })
      .min(1, SUBDOMAIN_REQUIRED)
      .refine((v) => isSubdomainFormat(v), SUBDOMAIN_FORMAT),
  ),
})
export const subdomainValidator = withZod(subdomainSchema)

export const customDomainSchema = z.object({
  customDomain: z.preprocess(
    trimmed,
    z
      .string({ invalid_type_error: CUSTOM_DOMAIN_REQUIRED })
      .min(1, CUSTOM_DOMAIN_REQUIRED)
      .refine((v) => canonicalHostname(v) !== null, CUSTOM_DOMAIN_INVALID),
  ),
})
export const customDomainValidator = withZod(customDomainSchema)

// ---- Customize Client Portal

const requiredText = (message: string, max: number) => z.preprocess(trimmed, z.string({ invalid_type_error: message }).min(1, message).max(max, message))

/** '' clears a colour (back to the default look); a set one is stored as lowercase #rrggbb. */
const colour = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || (typeof v === 'string' && v.trim() === '') ? null : (canonicalColour(v) ?? v)),
  z
    .string({ invalid_type_error: COLOUR_INVALID })
    .regex(/^#[0-9a-f]{6}$/, COLOUR_INVALID)
    .nullable()
    .optional(),
)

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password
  } catch {
    return false
  }
}

/** Social links are optional: '' clears one; a set one must be an http(s) address. */
const link = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || (typeof v === 'string' && v.trim() === '') ? null : trimmed(v)),
  z.string({ invalid_type_error: LINK_INVALID }).max(2048, LINK_INVALID).refine(isWebLink, LINK_INVALID).nullable().optional(),
)

/** An image: a storage key from POST /api/file/upload; '' or null removes it; absent leaves it. */
const imageKey = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || (typeof v === 'string' && v.trim() === '') ? null : trimmed(v)),
  z.string({ invalid_type_error: 'Image not found' }).max(200, 'Image not found').nullable().optional(),
)

export const SOCIAL_KEYS = ['twitterLink', 'facebookLink', 'linkedinLink', 'youtubeLink', 'instagramLink', 'pinterestLink'] as const
export type SocialKey = (typeof SOCIAL_KEYS)[number]
export const SOCIAL_LABELS: Record<SocialKey, string> = {
  twitterLink: 'Twitter',
  facebookLink: 'Facebook',
  linkedinLink: 'LinkedIn',
  youtubeLink: 'YouTube',
  instagramLink: 'Instagram',
  pinterestLink: 'Pinterest',
}

/** Branding images are small; the limit keeps a logo from eating the storage quota. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Recommended heights (back-office section 9). */
export const IMAGE_HEIGHTS = { logo: 50, welcomeImg: 120, loginImg: 120 } as const

export const IMAGE_KEYS = ['logo', 'welcomeImg', 'loginImg'] as const
export type ImageKey = (typeof IMAGE_KEYS)[number]

export const customizationSchema = z.object({
  companyName: requiredText(COMPANY_NAME_REQUIRED, 191),
  companyPhone: requiredText(COMPANY_PHONE_REQUIRED, 64),
  companyAddress: requiredText(COMPANY_ADDRESS_REQUIRED, 500),
  companyEmail: z.preprocess(
    trimmed,
    z
      .string({ invalid_type_error: COMPANY_EMAIL_REQUIRED })
      .min(1, COMPANY_EMAIL_REQUIRED)
      .max(191, EMAIL_INVALID)
      .email(EMAIL_INVALID)
      .transform((e) => e.toLowerCase()),
  ),
  ...(Object.fromEntries(COLOUR_KEYS.map((k) => [k, colour])) as Record<ColourKey, typeof colour>),
  ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, link])) as Record<SocialKey, typeof link>),
  ...(Object.fromEntries(IMAGE_KEYS.map((k) => [k, imageKey])) as Record<ImageKey, typeof imageKey>),
})
export type CustomizationInput = z.infer<typeof customizationSchema>
export const customizationValidator = withZod(customizationSchema)

// ---- Platform Features

export const SETTING_LABELS = {
  disable_writer_customer_chat: ['Disable contributor and customer chat', 'Customers and contributors cannot message each other.'],
  enable_revisions_approval_feature: ['Enable revisions approval', 'Drafts wait for your approval on the Revisions Approval page before the customer sees them.'],
  enable_2FA: ['Enable two-factor authentication', 'Everyone signing in to your organisation confirms a code sent by e-mail.'],
  hide_invoices: ['Hide invoices', 'Customers are not sent invoices or shown them.'],
  hide_tip: ['Hide tip', 'Customers are not offered to tip their contributor.'],
  disable_customer_rating: ['Disable customer rating', 'Customers cannot rate drafts; drafts are finalized without a rating.'],
  disable_customer_email_reassign: ['Disable customer e-mail reassignment', 'Customers cannot move their order to another e-mail address.'],
  enable_writer_notes: ['Enable contributor notes', 'Contributors can attach notes to their drafts.'],
  hide_customer_price: ['Hide customer price', 'Contributors do not see what the customer paid.'],
  hide_click_to_upload: ['Hide click to upload', 'Customers upload by dragging files only.'],
  hide_ms_word_document: ['Hide MS Word document', 'Customers receive drafts as PDF only.'],
  enable_boards: ['Enable boards', 'Orders can be followed on a board view.'],
  disable_customer_job_search: ['Disable customer job search', 'Customers do not see the job search.'],
  enable_open_pool: ['Enable the open pool', 'Contributors can claim unassigned orders of products they write, first come first served.'],
  show_customer_contact_to_writers: ['Show customer contact details to contributors', 'Contributors see the customer’s e-mail, phone, address and last name.'],
} as const

/** Settings only the owner (role client) sees and changes (back-office section 6). */
export const OWNER_ONLY_SETTINGS = ['enable_2FA', 'hide_invoices'] as const

const SETTING_KEYS = Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[]

/** A form posts a hidden 'false' then the checkbox's 'true': the last value wins. Absent leaves the setting. */
const setting = z.preprocess(
  (v) => {
    const last = Array.isArray(v) ? v[v.length - 1] : v
    if (last === undefined || last === null || last === '') return undefined
    if (last === true || last === 'true' || last === 'on' || last === '1') return true
    if (last === false || last === 'false' || last === 'off' || last === '0') return false
    return last
  },
  z.boolean({ invalid_type_error: 'Settings are true or false' }).optional(),
)

const settingFields = Object.fromEntries(SETTING_KEYS.map((k) => [k, setting])) as Record<keyof typeof SETTING_LABELS, typeof setting>

/** The page's form (other fields, such as intent, are dropped). */
export const featuresSchema = z.object(settingFields)
export type FeaturesInput = z.infer<typeof featuresSchema>
export const featuresValidator = withZod(featuresSchema)

/** POST /api/client/website/settings {settings}: a name the spec does not list is a mistake worth a 400. */
export const settingsBodySchema = z.object({
  settings: z.preprocess((v) => v ?? {}, z.object(settingFields).strict(UNKNOWN_SETTING)),
})

// ---- Currency

export const CURRENCIES = ['usd', 'cad', 'aud', 'gbp', 'eur'] as const
export type Currency = (typeof CURRENCIES)[number]

export const currencySchema = z.object({
  selectedCurrency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(CURRENCIES, { errorMap: () => ({ message: CURRENCY_REQUIRED }) })),
})
export const currencyValidator = withZod(currencySchema)
