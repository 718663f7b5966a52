// The orders list's names that the browser needs (sorts, page sizes, filter parameters), without zod:
// the list pages' components import these, and orders-list.schema.ts (the parsing, with zod) re-exports
// them, so zod stays out of the pages' JavaScript (ADR 0073).

export const ORDER_SORTS = ['createdAt', 'dueDate', 'updatedAt', 'customer', 'product'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]
export type SortDir = 'asc' | 'desc'

/** Back-office section 9: order table page size 50, options 50, 100, 200. */
export const ORDER_PAGE_SIZES = [50, 100, 200] as const
export type OrderPageSize = (typeof ORDER_PAGE_SIZES)[number]

export const ORDER_STATUS_FILTERS = ['completed', 'in-progress'] as const
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number]

/** The contributor filter's value for orders without a contributor. */
export const UNASSIGNED = 'unassigned'

/** The filters, each a URL parameter of the page (repeatable) and an id of the API's `filters`. */
export const FILTER_PARAMS = ['product', 'contributor', 'priority', 'projectStatus', 'orderStatus', 'testOrder', 'hideOrder'] as const
export type FilterParam = (typeof FILTER_PARAMS)[number]

/** Where the browser keeps the last filters (back-office section 2). */
export const FILTERS_STORAGE_KEY = 'viewOrderFilters'

/** Whether the URL names any filter (the browser then leaves its stored filters alone). */
export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_PARAMS.some((name) => params.getAll(name).some((v) => v !== '' && v !== 'all'))
}
