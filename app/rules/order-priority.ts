// Order priorities: a text label on its own colour with a dot of a darker shade (the spec leaves the exact
// values to us). No emoji: they render as empty boxes without an emoji font and are read out by name (ADR 0071).

export const ORDER_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]

/** `className`: the badge (text at least 4.5:1 on its background); `dot`: the dot beside the label (at least 3:1). */
export const PRIORITY_STYLE: Record<OrderPriority, { label: string; dot: string; className: string }> = {
  urgent: { label: 'Urgent', dot: 'bg-red-600', className: 'bg-red-100 text-red-800 ring-red-600/20' },
  high: { label: 'High', dot: 'bg-orange-600', className: 'bg-orange-100 text-orange-800 ring-orange-600/20' },
  medium: { label: 'Medium', dot: 'bg-blue-600', className: 'bg-blue-100 text-blue-800 ring-blue-600/20' },
  low: { label: 'Low', dot: 'bg-gray-500', className: 'bg-gray-100 text-gray-700 ring-gray-500/20' },
}

export function isOrderPriority(value: unknown): value is OrderPriority {
  return typeof value === 'string' && (ORDER_PRIORITIES as readonly string[]).includes(value)
}
