// Who has a reviewer's order list: staff holding REVIEWER. The owner (role client) passes every guard,
// but is nobody's reviewer, so the list is refused rather than shown empty (ADR 0025).
import { can, type Principal } from './permissions'

export const REVIEWER_ORDERS_ONLY = 'Assigned Orders are only for reviewers.'

export function mayOpenReviewerOrders(user: Principal): boolean {
  return user.role === 'user' && can(user, { all: ['REVIEWER'] })
}
