// Payment-provider ids the demo seed writes without calling the provider (ADR 0032; payments and
// refunds of order invoices, ADR 0046): never sent to it.

const PLACEHOLDER = /^(price|prod|coupon|promo|pi|re)_seed_/

export function isPlaceholderProviderId(id: string | null | undefined): boolean {
  return !!id && PLACEHOLDER.test(id)
}
