// Subscription plan (client package) rules shared by /packages/create and POST /api/packages/client/create.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const PACKAGE_CREATED = 'Package Created Sucessfully'
export const PACKAGE_ACTIVATED = 'Package is Activated!'
export const PACKAGE_DEACTIVATED = 'Package is Deactivated!'
export const PACKAGE_CHANGED = 'Changed Successfully!'
export const DESCRIPTION_SAVED = 'Saved Successfully!'
/** Back-office section 8: package failures (a provider error included). */
export const PACKAGE_FAILED = 'Unexpected Error Please Try again'
// The spec has no text of its own for an unknown plan: section 8's package failure text, with status 404.
export const PACKAGE_NOT_FOUND = PACKAGE_FAILED

export const NAME_REQUIRED = 'Enter Package Name'
export const MAX_USERS_REQUIRED = 'Enter Max Users (at least 1)'
export const PRICE_REQUIRED = 'Enter Price'
export const PRICE_FORMAT = 'Enter a correct number, ex. 365.50'
export const PRICE_ID_FORMAT = 'Enter a valid payment provider price id (price_...)'
export const MAX_CRM_USERS_REQUIRED = 'Enter Max CRM Users (at least 1)'
export const INTERVAL_REQUIRED = 'Select Recurring Interval'
export const TRIAL_DAYS_RANGE = 'Trial days must be a whole number from 1 to 365'
export const UNKNOWN_CRM_PERMISSION = 'Unknown CRM permission'

export const RECURRING_INTERVALS = ['month', 'year'] as const
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number]
/** Back-office section 9: the default recurring interval. */
export const DEFAULT_INTERVAL: RecurringInterval = 'month'
/** A trial plan saved without days gets these (the spec leaves trialDays optional; ADR 0032). */
export const DEFAULT_TRIAL_DAYS = 14

/** Back-office section 3: the crmUserPermissions flags, in the form's order, each defaulting to true. */
export const CRM_PERMISSIONS = [
  { key: 'campaignsEnabled', label: 'Campaigns' },
  { key: 'contactsEnabled', label: 'Contacts' },
  { key: 'workflowsEnabled', label: 'Workflows' },
  { key: 'triggersEnabled', label: 'Triggers' },
  { key: 'funnelsEnabled', label: 'Funnels' },
  { key: 'websitesEnabled', label: 'Websites' },
  { key: 'opportunitiesEnabled', label: 'Opportunities' },
  { key: 'dashboardStatsEnabled', label: 'Dashboard Stats' },
  { key: 'bulkRequestsEnabled', label: 'Bulk Requests' },
  { key: 'appointmentsEnabled', label: 'Appointments' },
  { key: 'reviewsEnabled', label: 'Reviews' },
  { key: 'onlineListingsEnabled', label: 'Online Listings' },
  { key: 'phoneCallEnabled', label: 'Phone Call' },
  { key: 'conversationsEnabled', label: 'Conversations' },
  { key: 'assignedDataOnlyEnabled', label: 'Assigned Data Only' },
  { key: 'adwordsReportingEnabled', label: 'Adwords Reporting' },
  { key: 'membershipEnabled', label: 'Membership' },
  { key: 'facebookAdsReportingEnabled', label: 'Facebook Ads Reporting' },
  { key: 'attributionsReportingEnabled', label: 'Attributions Reporting' },
  { key: 'settingsEnabled', label: 'Settings' },
  { key: 'tagsEnabled', label: 'Tags' },
  { key: 'leadValueEnabled', label: 'Lead Value' },
  { key: 'marketingEnabled', label: 'Marketing' },
] as const

export type CrmPermissionKey = (typeof CRM_PERMISSIONS)[number]['key']
export const CRM_PERMISSION_KEYS: CrmPermissionKey[] = CRM_PERMISSIONS.map((p) => p.key)
const CRM_KEY_SET = new Set<string>(CRM_PERMISSION_KEYS)

/** Every flag on: what a plan gets when nothing is said. */
export function allCrmPermissions(): Record<CrmPermissionKey, boolean> {
  return Object.fromEntries(CRM_PERMISSION_KEYS.map((k) => [k, true])) as Record<CrmPermissionKey, boolean>
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1' || v === 1
const bool = z.preprocess(truthy, z.boolean())
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6

/**
 * The flags come two ways. The JSON API sends an object; a flag left out stays true. The form sends
 * one `crmUserPermissions` value per ticked box plus an empty hidden one, so a list names exactly the
 * flags that are on (all boxes cleared still posts the empty value).
 */
const crmPermissionsField = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value) || typeof value === 'string') {
      const listed = (Array.isArray(value) ? value : [value]).map(String).filter(Boolean)
      for (const key of listed) if (!CRM_KEY_SET.has(key)) ctx.addIssue({ code: 'custom', message: `${UNKNOWN_CRM_PERMISSION}: ${key}` })
      return
    }
    if (typeof value !== 'object') return void ctx.addIssue({ code: 'custom', message: UNKNOWN_CRM_PERMISSION })
    for (const [key, flag] of Object.entries(value)) {
      if (!CRM_KEY_SET.has(key)) ctx.addIssue({ code: 'custom', message: `${UNKNOWN_CRM_PERMISSION}: ${key}` })
      else if (typeof flag !== 'boolean' && !['true', 'false', 'on', '1', '0', 1, 0].includes(flag as never)) {
        ctx.addIssue({ code: 'custom', message: `${key} must be true or false` })
      }
    }
  })
  .transform((value): Record<CrmPermissionKey, boolean> => {
    const flags = allCrmPermissions()
    if (value === undefined || value === null) return flags
    if (Array.isArray(value) || typeof value === 'string') {
      const listed = new Set((Array.isArray(value) ? value : [value]).map(String))
      for (const key of CRM_PERMISSION_KEYS) flags[key] = listed.has(key)
      return flags
    }
    for (const [key, flag] of Object.entries(value as Record<string, unknown>)) flags[key as CrmPermissionKey] = truthy(flag)
    return flags
  })

/** Whole days from 1 to 365, else null. */
function trialDaysOf(value: number | string): number | null {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : null
}

const positiveInt = (required: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ required_error: required, invalid_type_error: required }).int(required).min(1, required).max(1_000_000, required))

export const clientPackageSchema = z
  .object({
    packageName: z.string({ required_error: NAME_REQUIRED, invalid_type_error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'The package name is too long'),
    maxUsers: positiveInt(MAX_USERS_REQUIRED),
    price: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ required_error: PRICE_REQUIRED, invalid_type_error: PRICE_REQUIRED }).min(0, PRICE_FORMAT).max(999_999.99, PRICE_FORMAT).refine(twoDecimals, PRICE_FORMAT),
    ),
    // Left empty, the server creates the provider's product and price and stores that id.
    priceId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : emptyToUndefined(v)),
      z
        .string({ invalid_type_error: PRICE_ID_FORMAT })
        .regex(/^price_[A-Za-z0-9_]{1,200}$/, PRICE_ID_FORMAT)
        .optional(),
    ),
    trialPackage: bool.default(false),
    // Checked only on a trial plan: the form hides (but still posts) the field otherwise.
    trialDays: z.preprocess(emptyToUndefined, z.union([z.number(), z.string()]).optional()),
    oneTimePay: bool.default(false),
    leadsPackage: bool.default(false),
    usersUpgradePackage: bool.default(false),
    recurringInterval: z.preprocess(emptyToUndefined, z.enum(RECURRING_INTERVALS, { errorMap: () => ({ message: INTERVAL_REQUIRED }) }).optional()),
    description: z.preprocess(emptyToUndefined, z.string({ invalid_type_error: 'The description must be text' }).trim().max(2000, 'The description is too long').optional()),
    // The create form leaves these out (a new plan is visible and active); the API may set them.
    isVisible: z.preprocess((v) => (v === undefined || v === '' ? true : truthy(v)), z.boolean()),
    active: z.preprocess((v) => (v === undefined || v === '' ? true : truthy(v)), z.boolean()),
    crmUserPermissions: crmPermissionsField,
    maxCrmUsers: positiveInt(MAX_CRM_USERS_REQUIRED),
  })
  .superRefine((v, ctx) => {
    if (v.usersUpgradePackage && !v.recurringInterval) ctx.addIssue({ code: 'custom', path: ['recurringInterval'], message: INTERVAL_REQUIRED })
    if (v.trialPackage && v.trialDays !== undefined && trialDaysOf(v.trialDays) === null) ctx.addIssue({ code: 'custom', path: ['trialDays'], message: TRIAL_DAYS_RANGE })
  })
  .transform((v) => ({
    ...v,
    recurringInterval: v.recurringInterval ?? DEFAULT_INTERVAL,
    // Trial days belong to trial plans only.
    trialDays: v.trialPackage ? (v.trialDays === undefined ? DEFAULT_TRIAL_DAYS : trialDaysOf(v.trialDays)!) : null,
    description: v.description || null,
  }))

export type ClientPackageInput = z.infer<typeof clientPackageSchema>

export const clientPackageValidator = withZod(clientPackageSchema)

/** The form's starting values: every CRM flag ticked, a monthly plan. */
export const CLIENT_PACKAGE_DEFAULTS = {
  recurringInterval: DEFAULT_INTERVAL,
  maxCrmUsers: 1,
  crmUserPermissions: CRM_PERMISSION_KEYS,
}

export const visibleSchema = z.object({
  isVisible: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ required_error: 'isVisible must be true or false', invalid_type_error: 'isVisible must be true or false' }),
  ),
})
export const descriptionSchema = z.object({
  description: z.string({ required_error: 'Enter Description', invalid_type_error: 'Enter Description' }).trim().max(2000, 'The description is too long'),
})
export const descriptionValidator = withZod(descriptionSchema)
