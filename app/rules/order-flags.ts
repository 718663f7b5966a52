// Bulk order flags (archive, test, hide): the opposite of the shared state, else set.

export const ORDER_FLAGS = ['archived', 'testOrder', 'hideOrder'] as const
export type OrderFlag = (typeof ORDER_FLAGS)[number]

/**
 * When every selected order has the same value the action flips it; with no orders or a mixed
 * selection it sets the flag (true).
 */
export function nextFlagValue(current: readonly boolean[]): boolean {
  if (current.length === 0) return true
  const first = current[0]!
  return current.every((value) => value === first) ? !first : true
}
