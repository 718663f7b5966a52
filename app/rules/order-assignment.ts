// Who may be put on an order and when: the completed-order rule and the scheduling-link warning (ADR 0020).

export const COMPLETED_ORDER_ASSIGNMENT = 'Completed orders cannot be assigned or unassigned.'

export const NO_SCHEDULING_LINK_WARNING = 'Contributor does not have a scheduling link attached to their profile'

/** The module whose appointment the customer books through the contributor's scheduling link. */
export const SCHEDULE_APPOINTMENT_MODULE = 'schedule_appointment'

/** Marked as completed, or every module done: either way the team of the order is final. */
export function isCompletedOrder(order: { statusPercentage: number; markedAsComplete: boolean }): boolean {
  return order.markedAsComplete || order.statusPercentage >= 100
}

type ServicesOf = { serviceModules: readonly { id: string }[] }[]

export function needsSchedulingLink(services: ServicesOf): boolean {
  return services.some((s) => s.serviceModules.some((m) => m.id === SCHEDULE_APPOINTMENT_MODULE))
}

/**
 * The warning to show before assigning `schedulingLink`'s owner to these orders: only when one of
 * them books an appointment and the contributor has no link. A warning, never a refusal.
 */
export function schedulingLinkWarning(orders: readonly { services: ServicesOf }[], schedulingLink: string | null | undefined): string | null {
  if (schedulingLink?.trim()) return null
  return orders.some((o) => needsSchedulingLink(o.services)) ? NO_SCHEDULING_LINK_WARNING : null
}

/** The assign dialog's title: the orders' product names, cut at 80 characters. */
export const ASSIGN_TITLE_MAX = 80

export function truncateTitle(title: string, max = ASSIGN_TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max - 1).trimEnd()}…` : title
}
