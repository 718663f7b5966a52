// The tenant subdomain rule shared by the checkout form and the server: suggestion, format, reserved names, suffix.

export const SUBDOMAIN_MIN_LENGTH = 3
export const SUBDOMAIN_MAX_LENGTH = 20
/** The random suffix appended to a taken, auto-filled name is below this (spec section 9). */
export const SUBDOMAIN_SUFFIX_LIMIT = 10_000

export const SUBDOMAIN_FORMAT = 'Subdomain must be 3 to 20 alphanumeric characters'
// The checkout appends a suffix when the message contains 'already taken' (spec section 8), so a
// reserved name answers the same text: to a buyer it is simply not available (ADR 0034).
export const SUBDOMAIN_TAKEN = 'Subdomain is already taken'

/**
 * Names that would collide with our own hosts, mail and DNS records, or impersonate the platform.
 * Lowercase; names shorter than 3 characters (ns, mx) already fail the format rule.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'app',
  'api',
  'admin',
  'administrator',
  'superadmin',
  'root',
  'platform',
  'draftdesk',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'webmail',
  'mx1',
  'mx2',
  'ns1',
  'ns2',
  'dns',
  'ftp',
  'static',
  'assets',
  'cdn',
  'media',
  'files',
  'uploads',
  'auth',
  'login',
  'logout',
  'signin',
  'signup',
  'account',
  'accounts',
  'sso',
  'oauth',
  'secure',
  'checkout',
  'billing',
  'payments',
  'pay',
  'stripe',
  'webhooks',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'portal',
  'dashboard',
  'dev',
  'staging',
  'test',
  'localhost',
])

const FORMAT = /^[A-Za-z0-9]{3,20}$/

/** Subdomains are compared and stored lowercase: DNS names are case-insensitive. */
export function canonicalSubdomain(value: string): string {
  return value.toLowerCase()
}

export function isSubdomainFormat(value: string): boolean {
  return FORMAT.test(value)
}

export function isReservedSubdomain(value: string): boolean {
  return RESERVED_SUBDOMAINS.has(canonicalSubdomain(value))
}

export type SubdomainCheck = { ok: true; subdomain: string } | { ok: false; error: string }

/** Everything but availability: the format, then the reserved names; `subdomain` is the canonical form. */
export function checkSubdomain(value: unknown): SubdomainCheck {
  if (typeof value !== 'string' || !isSubdomainFormat(value)) return { ok: false, error: SUBDOMAIN_FORMAT }
  if (isReservedSubdomain(value)) return { ok: false, error: SUBDOMAIN_TAKEN }
  return { ok: true, subdomain: canonicalSubdomain(value) }
}

/**
 * The suggestion the checkout fills in from the business name: spaces removed, lowercased, accents
 * folded ('Café' → 'cafe'), every other non-alphanumeric dropped, cut to 20. It may still be shorter
 * than 3 (the format rule then says so).
 */
export function suggestSubdomain(businessName: string): string {
  return businessName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH)
}

/** `base` with the number `suffix` (0 to 9999) appended, the base trimmed so the whole stays within 20. */
export function withSuffix(base: string, suffix: number): string {
  if (!Number.isInteger(suffix) || suffix < 0 || suffix >= SUBDOMAIN_SUFFIX_LIMIT) throw new RangeError(`Subdomain suffix out of range: ${suffix}`)
  const digits = String(suffix)
  return base.slice(0, SUBDOMAIN_MAX_LENGTH - digits.length) + digits
}

/** A taken, auto-filled name with a random suffix below 10000 (spec section 4); `random` is injectable for tests. */
export function withRandomSuffix(base: string, random: () => number = Math.random): string {
  const n = Math.min(SUBDOMAIN_SUFFIX_LIMIT - 1, Math.max(0, Math.floor(random() * SUBDOMAIN_SUFFIX_LIMIT)))
  return withSuffix(base, n)
}
