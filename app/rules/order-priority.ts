// Order priorities with their distinct colour and icon (the spec leaves the exact values to us).

export const ORDER_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]

export const PRIORITY_STYLE: Record<OrderPriority, { label: string; icon: string; className: string }> = {
  urgent: { label: 'Urgent', icon: '⏫', className: 'bg-red-100 text-red-800 ring-red-600/20' },
  high: { label: 'High', icon: '🔺', className: 'bg-orange-100 text-orange-800 ring-orange-600/20' },
  medium: { label: 'Medium', icon: '▪', className: 'bg-blue-100 text-blue-800 ring-blue-600/20' },
  low: { label: 'Low', icon: '🔻', className: 'bg-gray-100 text-gray-700 ring-gray-500/20' },
}

export function isOrderPriority(value: unknown): value is OrderPriority {
  return typeof value === 'string' && (ORDER_PRIORITIES as readonly string[]).includes(value)
}
