// Pure rules of the orders list: the order of an order's tags, row numbers, and who sees Needs Action.
import type { Principal } from './permissions'

/** Back-office section 4: Archived, Mark As Completed, Test Order, Hidden Order, then the custom tags (the plain name follows them). */
export function orderTagLabels(order: { archived: boolean; markedAsComplete: boolean; testOrder: boolean; hideOrder: boolean; customTags: readonly { text: string }[] }): string[] {
  return [
    ...(order.archived ? ['Archived'] : []),
    ...(order.markedAsComplete ? ['Mark As Completed'] : []),
    ...(order.testOrder ? ['Test Order'] : []),
    ...(order.hideOrder ? ['Hidden Order'] : []),
    ...order.customTags.map((tag) => tag.text),
  ]
}

/**
 * The # of a row at 0-based position `index` of the whole result: ascending lists count up from 1,
 * descending ones count down from the total, so the newest of 600 orders is #600 whichever page shows it.
 */
export function rowNumber(index: number, total: number, dir: 'asc' | 'desc'): number {
  return dir === 'desc' ? Math.max(total - index, 1) : index + 1
}

/**
 * The spec hides the Needs Action tab for the reviewer role: a staff member whose only order role is
 * REVIEWER (not also a contributor). Owners and staff without that switch see it.
 */
export function isReviewerOnly(user: Principal): boolean {
  return user.role === 'user' && user.permissions.includes('REVIEWER') && !user.permissions.includes('WRITER')
}
