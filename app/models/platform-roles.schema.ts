// Platform role rules shared by the role forms and the JSON API: the assignable module keys and the name rule.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const NAME_REQUIRED = 'Enter Name'
export const ROLE_CREATED = 'Role Created Successfully'
export const ROLE_UPDATED = 'Role Updated Successfully'
export const UNKNOWN_MODULE = 'Unknown permission'

/** Back-office section 6: the keys a platform role may hold, in the order the form lists them. */
export const ROLE_MODULES = [
  { key: 'roles', label: 'Roles' },
  { key: 'users', label: 'Users' },
  { key: 'clients', label: 'Clients' },
  { key: 'client_packages', label: 'Client Packages' },
  { key: 'promotions', label: 'Promotions' },
  { key: 'questionnaire-template', label: 'Form Template' },
  { key: 'audit-logs', label: 'Audit Logs' },
  { key: 'payments', label: 'Payments' },
  { key: 'contract-template', label: 'Contract Template' },
] as const

export type RoleModule = (typeof ROLE_MODULES)[number]['key']
const MODULE_KEYS = new Set<string>(ROLE_MODULES.map((m) => m.key))

/** The stored form (comma-separated, as the spec's Role entity) as a list in the form's order. */
export function parseModules(value: string | null | undefined): RoleModule[] {
  const held = new Set((value ?? '').split(',').map((s) => s.trim()))
  return ROLE_MODULES.map((m) => m.key).filter((k) => held.has(k))
}

export function formatModules(modules: readonly string[]): string {
  return parseModules(modules.join(',')).join(',')
}

// A form posts one `permissions` field per checked box, the API a list or a comma-separated string.
const permissionsField = z
  .union([z.array(z.string()), z.string(), z.undefined(), z.null()])
  .transform((v) => (v == null ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .superRefine((list, ctx) => {
    for (const key of list) if (!MODULE_KEYS.has(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${UNKNOWN_MODULE}: ${key}` })
  })
  .transform((list) => ROLE_MODULES.map((m) => m.key).filter((k) => list.includes(k)))

export const roleSchema = z.object({
  name: z.string({ required_error: NAME_REQUIRED, invalid_type_error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100),
  permissions: permissionsField,
})

export type RoleInput = z.infer<typeof roleSchema>

/** The role's key: a slug of its name; the user forms post it as the user's role. */
export function roleKeyFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80)
  return slug || 'role'
}

export const roleValidator = withZod(roleSchema)
