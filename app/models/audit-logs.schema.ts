// Audit log filters and paging shared by /audit-logs and GET /api/logs/view (back-office section 9).
import { z } from 'zod'
import { AUDIT_PAGE_SIZES } from './audit-logs.names'

export { AUDIT_PAGE_SIZES } from './audit-logs.names'

export const AUDIT_DEFAULT_SIZE = 100

const filter = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined)
  .catch(undefined)

export const auditQuerySchema = z.object({
  module: filter,
  action: filter,
  status: filter,
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  // Any other size falls back to the default rather than failing the page.
  size: z.coerce
    .number()
    .int()
    .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n))
    .catch(AUDIT_DEFAULT_SIZE)
    .default(AUDIT_DEFAULT_SIZE),
})

export type AuditQuery = z.infer<typeof auditQuerySchema>
