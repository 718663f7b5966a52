// What every customer portal page shows around its content (issue 24): the organisation's name or
// logo, its colours, company details and social links, who is signed in and how full the cart is.
import { cartCount } from './carts.server'
import { getOptionalUser } from './auth-guards.server'
import { portalBrand } from './platform-domains.server'
import { getCustomer } from './portal-auth.server'
import { tenantForJob } from '#app/services/db.server'
import { cartIdFromCookie } from '#app/services/cart-cookie.server'
import { hostClientId } from '#app/services/request-host.server'
import { scoped } from '#db/tenant'
import { customerNav, type CustomerNav } from './customer-nav.server'

export type PortalShellData = {
  companyName: string
  logoUrl: string | null
  theme: Record<string, string>
  links: { label: string; href: string }[]
  contact: { phone: string; email: string; address: string } | null
  customer: { firstName: string; lastName: string; impersonated: boolean } | null
  /** A signed-in customer's bell and entries (issue 25, ADR 0063): unread notifications, invoices shown. */
  customerNav: CustomerNav | null
  /** A back-office member of this organisation is signed in here: the header offers the way back. */
  member: boolean
  cartCount: number
}

const image = (key: string | null) => (key ? `/branding/${encodeURIComponent(key)}` : null)

/** The shell of the host's organisation; null on the platform host (no portal there). */
export async function portalShell(request: Request): Promise<PortalShellData | null> {
  const clientId = hostClientId(request)
  if (clientId === null) return null
  const t = tenantForJob(clientId)
  const [brand, contact, customer, member, count] = await Promise.all([
    portalBrand(clientId),
    scoped(t, 'website_customizations').select(['company_phone', 'company_email', 'company_address']).executeTakeFirst(),
    getCustomer(request),
    getOptionalUser(request),
    cartIdFromCookie(request).then((id) => cartCount(t, id)),
  ])
  if (!brand) return null
  const nav = customer ? await customerNav(t, customer) : null
  return {
    companyName: brand.companyName,
    logoUrl: image(brand.logo),
    theme: brand.theme,
    links: brand.links,
    contact: contact ? { phone: contact.company_phone, email: contact.company_email, address: contact.company_address } : null,
    customer: customer ? { firstName: customer.firstName, lastName: customer.lastName, impersonated: customer.impersonatorUserId !== null } : null,
    customerNav: nav,
    member: member !== null && member.clientId === clientId,
    cartCount: count,
  }
}
