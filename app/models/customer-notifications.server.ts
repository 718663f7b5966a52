// A customer's notifications on the portal (issue 25, ADR 0063): the same rows and rules as the back
// office's (notifications.server.ts), read as the customer of the host's organisation, never by an id from input.
import { notificationActions, type Recipient, unreadBadgeQuery } from './notifications.server'
import type { PortalCustomer } from './portal-auth.server'
import type { TenantScope } from '#db/tenant'

/** The customer as the recipient of their own notifications in this organisation. */
export function customerRecipient(t: TenantScope, customer: Pick<PortalCustomer, 'id'>): Recipient {
  return { db: t.db, clientId: t.clientId, user: { id: customer.id } }
}

export const customerNotifications = notificationActions

/** The bell's count (at most the badge's cap). */
export async function customerUnreadBadge(t: TenantScope, customer: Pick<PortalCustomer, 'id'>): Promise<number> {
  const row = await unreadBadgeQuery(customerRecipient(t, customer)).executeTakeFirst()
  return Number(row?.n ?? 0)
}
