// What the portal shell shows a signed-in customer beyond the shop (issue 25, ADR 0063): the notification
// bell's unread count and whether the Invoices entry is there (`hide_invoices` off).
import { customerUnreadTotal } from './customer-messages.server'
import { customerUnreadBadge } from './customer-notifications.server'
import { getWebsiteSettings } from './organisation-settings.server'
import type { TenantScope } from '#db/tenant'

export type CustomerNav = { unread: number; invoices: boolean; /** Unread messages from the team and writers. */ messages: number }

export async function customerNav(t: TenantScope, customer: { id: number }): Promise<CustomerNav> {
  const [unread, settings, messages] = await Promise.all([customerUnreadBadge(t, customer), getWebsiteSettings(t), customerUnreadTotal(t, customer.id)])
  return { unread, invoices: !settings.hide_invoices, messages }
}
