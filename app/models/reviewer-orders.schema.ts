// The reviewer's order list query: archived toggle and offset paging (100, 150 or 200 a page).
import { z } from 'zod'
import { optionalBool } from './people-fields.schema'

export const REVIEWER_ORDERS_PAGE_SIZES = [100, 150, 200] as const

export const reviewerOrdersQuerySchema = z.object({
  archived: optionalBool.transform((v) => v ?? false),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? REVIEWER_ORDERS_PAGE_SIZES[0] : Number(v)),
    z.number().refine((n) => (REVIEWER_ORDERS_PAGE_SIZES as readonly number[]).includes(n), 'size must be 100, 150 or 200'),
  ),
})
export type ReviewerOrdersQuery = z.infer<typeof reviewerOrdersQuerySchema>
