// My work's query (page and GET /api/writer/orders alike): filter, offset paging and, on the page, list or board.
import { z } from 'zod'
import { WORK_FILTERS } from '#app/rules/work-list'

export const WORK_PAGE_SIZES = [10, 25, 50] as const
export const WORK_DEFAULT_SIZE = 25

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const workListQuerySchema = z.object({
  filter: z.preprocess(blankToUndefined, z.enum(WORK_FILTERS, { errorMap: () => ({ message: `filter must be one of ${WORK_FILTERS.join(', ')}` }) }).default('open')),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .max(10_000, 'page must be at most 10000')
      .default(1),
  ),
  size: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? WORK_DEFAULT_SIZE : Number(v)),
    z.number().refine((n) => (WORK_PAGE_SIZES as readonly number[]).includes(n), `size must be ${WORK_PAGE_SIZES.join(', ')}`),
  ),
  view: z.preprocess(blankToUndefined, z.enum(['list', 'board'], { errorMap: () => ({ message: 'view must be list or board' }) }).default('list')),
})
export type WorkListQuery = z.infer<typeof workListQuerySchema>

export const boardMoveSchema = z.object({
  orderId: z.string().trim().min(1, 'Order not found').max(64, 'Order not found'),
  to: z.string().trim().min(1, 'Choose a column').max(120, 'Choose a column'),
})

export const poolClaimSchema = z.object({ orderId: z.string().trim().min(1, 'Order not found').max(64, 'Order not found') })
