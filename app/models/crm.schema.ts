// CRM users and the messaging integration: messages and zod schemas shared by the forms and the JSON API.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { CRM_PASSWORD_MESSAGE, CRM_PASSWORD_RULE } from '#app/rules/crm'
import { email, firstName, lastName, MESSAGES } from './people-fields.schema'

export { CRM_USER_DELETED, CRM_USERS_PAGE_SIZES } from './crm.names'

/** Back-office section 8, letter for letter. */
export const CRM_NOT_ACTIVE = 'CRM is not active! Please wait for the CRM to get enabled'
/** A log-in-as session may look at the CRM, not change its accounts or credentials (ADR 0053). */
export const CRM_OWN_SESSION = 'You are signed in as someone else: CRM users and integrations can only be changed in your own session.'
export const CRM_USER_CREATED = 'User Created Successfully'
export const CRM_USER_UPDATED = 'User Updated Successfully'
export const CRM_INTEGRATION_SAVED = 'Saved Successfully!'
export const CRM_USER_NOT_FOUND = 'CRM user not found'
export const CRM_ADMIN_NOT_FOUND = 'Admin CRM account not found'
export const CRM_ADMIN_LOCKED = 'The admin CRM user cannot be edited or deleted'
export const CRM_USER_EXISTS = 'A CRM user with this email already exists'
export const CRM_LIMIT_REACHED = (max: number) => `Your plan allows ${max} CRM user${max === 1 ? '' : 's'}. Upgrade your plan to add more.`
export const ACCOUNT_SID_REQUIRED = 'Enter Account SID'
export const AUTH_TOKEN_REQUIRED = 'Enter Auth Token'
export const CRM_BAD_PERMISSIONS = 'crmPermissions must be a list of flag names or an object of flags'

/** Back-office section 9: CRM users page 100, 150 or 200 (default 100). */
export const MESSAGING_INTEGRATIONS = ['twilio'] as const

/**
 * The flags asked for, as { flag: true }. The form posts one `crmPermissions` value per ticked box
 * (plus an empty hidden one so "none" is still said); the JSON API sends an object of booleans.
 * Which of them the plan allows is decided by the model (filterCrmPermissions), not here.
 */
const crmPermissions = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.union(
    [
      z.string().transform((s) => (s ? { [s]: true } : {})),
      z
        .array(z.string().max(64))
        .max(100)
        .transform((list) => Object.fromEntries(list.filter(Boolean).map((k) => [k, true]))),
      z.record(
        z.string().max(64),
        z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).transform((f) => f === true || f === 'true' || f === 'on'),
      ),
    ],
    { errorMap: () => ({ message: CRM_BAD_PERMISSIONS }) },
  ),
) as z.ZodType<Record<string, boolean>, z.ZodTypeDef, unknown>

const requiredPassword = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ invalid_type_error: MESSAGES.password }).min(1, MESSAGES.password).max(200).regex(CRM_PASSWORD_RULE, CRM_PASSWORD_MESSAGE),
)
const optionalPassword = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string({ invalid_type_error: CRM_PASSWORD_MESSAGE }).max(200).regex(CRM_PASSWORD_RULE, CRM_PASSWORD_MESSAGE).optional(),
)

export const crmUserCreateSchema = z.object({ firstName, lastName, email, password: requiredPassword, crmPermissions })
export const crmUserUpdateSchema = z.object({ firstName, lastName, email, password: optionalPassword, crmPermissions })
/** POST /api/client/user/update names the user in the body. */
export const crmUserUpdateApiSchema = crmUserUpdateSchema.extend({
  userId: z.string({ required_error: CRM_USER_NOT_FOUND, invalid_type_error: CRM_USER_NOT_FOUND }).min(1, CRM_USER_NOT_FOUND).max(64),
})

export type CrmUserCreateInput = z.infer<typeof crmUserCreateSchema>
export type CrmUserUpdateInput = z.infer<typeof crmUserUpdateSchema>

const required = (message: string, max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ invalid_type_error: message }).trim().min(1, message).max(max))

export const crmIntegrationSchema = z.object({
  accountSid: required(ACCOUNT_SID_REQUIRED, 64),
  authToken: required(AUTH_TOKEN_REQUIRED, 256),
  integration: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'twilio' : v),
    z.enum(MESSAGING_INTEGRATIONS, { errorMap: () => ({ message: 'Unknown integration' }) }),
  ),
})
export type CrmIntegrationInput = z.infer<typeof crmIntegrationSchema>

export const crmUserCreateValidator = withZod(crmUserCreateSchema)
export const crmUserUpdateValidator = withZod(crmUserUpdateSchema)
export const crmIntegrationValidator = withZod(crmIntegrationSchema)
