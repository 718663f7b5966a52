// What the portal shell shows a signed-in customer beyond the shop (issue 25, ADR 0063): the notification
// bell's unread count and whether the Invoices entry is there (`hide_invoices` off).
import { customerUnreadBadge } from './customer-notifications.server'
import { getWebsiteSettings } from './organisation-settings.server'
import type { TenantScope } from '#db/tenant'

export type CustomerNav = { unread: number; invoices: boolean }

export async function customerNav(t: TenantScope, customer: { id: number }): Promise<CustomerNav> {
  const [unread, settings] = await Promise.all([customerUnreadBadge(t, customer), getWebsiteSettings(t)])
  return { unread, invoices: !settings.hide_invoices }
}
