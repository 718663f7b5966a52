// The checkout's body (POST /api/checkout, the /checkout page), as a buyer fills it in: one shape for the API specs
// and the integration tests.
import { randomBytes } from 'node:crypto'

/** A complete checkout body for the plan `item`, with a fresh e-mail, business and subdomain, so tests never meet. */
export function checkoutBody(item: string, over: Record<string, unknown> = {}) {
  const id = randomBytes(5).toString('hex')
  return {
    firstName: 'Ann',
    lastName: 'Buyer',
    email: `ann.${id}@buyer.test`,
    password: 'Secret-pass-2026',
    businessName: `Ann Writes ${id}`,
    address: '1 Main Street',
    city: 'Austin',
    postalCode: '73301',
    website: 'annwrites.test',
    country: 'CA',
    timeZone: 'America/Toronto',
    payment: 'pm_card_visa',
    item,
    subDomain: `ann${id}`,
    ...over,
  }
}
