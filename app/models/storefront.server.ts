// The shop of an organisation's portal (issue 24): its products for sale with what each includes, and
// where a shopper may be sent after add-to-cart (only ever the organisation's own hosts).
import { forSale, organisationCurrency } from './carts.server'
import { resolveHost } from './platform-domains.server'
import { safeReturnPath } from '#app/rules/landing'
import { centsToAmount } from '#app/rules/money'
import { publicOrigin } from '#app/services/public-url.server'
import { scopedAs, scopedJoin, type TenantScope } from '#db/tenant'

export type ShopProduct = {
  _id: string
  name: string
  priceCents: number
  currency: string
  description: string
  services: { name: string; serviceType: string }[]
  downloadables: string[]
  hasContract: boolean
}

/** The spec-shaped JSON of GET /api/portal/products. */
export function toPortalProductJson(p: ShopProduct) {
  return { _id: p._id, name: p.name, price: centsToAmount(p.priceCents), currency: p.currency, description: p.description }
}

const MAX_SHOP_PRODUCTS = 200

/** The products for sale, cheapest first, with their services and downloadables (one query per link table). */
export async function shopProducts(t: TenantScope, only?: string): Promise<ShopProduct[]> {
  let query = forSale(t).select(['id', 'public_id', 'name', 'price_cents', 'description', 'contract_id'])
  if (only !== undefined) query = query.where('public_id', '=', only)
  const [rows, currency] = await Promise.all([query.orderBy('price_cents').orderBy('name').limit(MAX_SHOP_PRODUCTS).execute(), organisationCurrency(t.clientId)])
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [services, files] = await Promise.all([
    scopedAs(t, 'product_workflows', 'pw')
      .innerJoin('workflows as w', (j) => scopedJoin(t, 'w', j.onRef('w.id', '=', 'pw.workflow_id')))
      .select(['pw.product_id', 'w.name', 'w.service_type'])
      .where('pw.product_id', 'in', ids)
      .where('w.archived', '=', false)
      .orderBy('pw.position')
      .execute(),
    scopedAs(t, 'product_downloadables', 'pd')
      .innerJoin('downloadables as d', (j) => scopedJoin(t, 'd', j.onRef('d.id', '=', 'pd.downloadable_id')))
      .select(['pd.product_id', 'd.title'])
      .where('pd.product_id', 'in', ids)
      .where('d.archived', '=', false)
      .orderBy('pd.position')
      .execute(),
  ])
  return rows.map((r) => ({
    _id: r.public_id,
    name: r.name,
    priceCents: Number(r.price_cents),
    currency,
    description: r.description ?? '',
    services: services.filter((s) => s.product_id === r.id).map((s) => ({ name: s.name, serviceType: s.service_type })),
    downloadables: files.filter((f) => f.product_id === r.id).map((f) => f.title),
    hasContract: r.contract_id !== null,
  }))
}

export async function shopProduct(t: TenantScope, publicId: string): Promise<ShopProduct | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(publicId)) return null
  return (await shopProducts(t, publicId))[0] ?? null
}

/**
 * Where to go after add-to-cart: a path on this host, or an absolute address on one of this
 * organisation's own hosts (its subdomain or verified custom domain); anything else is ignored.
 */
export async function ownHostTarget(clientId: number, candidate: string | null | undefined): Promise<string | null> {
  if (!candidate) return null
  const path = safeReturnPath(candidate, '')
  if (path) return path
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  const platformScheme = new URL(publicOrigin()).protocol
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== platformScheme)) return null
  const target = await resolveHost(url.hostname)
  return target.kind === 'tenant' && target.clientId === clientId ? url.toString() : null
}
