// Host names of the portal (ADR 0044): the custom domain rule, the Host header a request arrives
// on, the CNAME a custom domain must have, and the e-mail DNS records of its sending domain.

export const SUBDOMAIN_REQUIRED = 'Enter Subdomain'
export const CUSTOM_DOMAIN_REQUIRED = 'Enter Custom Domain'
export const CUSTOM_DOMAIN_INVALID = 'Enter a valid domain name, e.g. portal.example.com'
export const CUSTOM_DOMAIN_PLATFORM = 'This domain belongs to the platform: use the subdomain instead'
export const CUSTOM_DOMAIN_TAKEN = 'Custom domain is already taken'

/** The envelope-sender (Return-Path) label under the custom domain; SPF is published there (see emailDnsRecords). */
export const BOUNCE_LABEL = 'bounce'
/** The no-reply local part of the system e-mail sender (back-office section 9). */
export const NO_REPLY = 'no-reply'

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/**
 * The canonical form of a host name someone typed: trimmed, lowercase, without a scheme, a trailing
 * slash or a trailing dot. Null when it is not a plain DNS name of two labels or more (no IP
 * address, port, path, credentials, wildcard or unicode: IDNs are entered as punycode).
 */
export function canonicalHostname(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '')
    .replace(/\.$/, '')
  if (host.length === 0 || host.length > 253) return null
  const labels = host.split('.')
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null
  return TLD.test(labels[labels.length - 1]!) ? host : null
}

/** The host itself or any name below it. */
export function isWithin(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`)
}

export type CustomDomainCheck = { ok: true; domain: string } | { ok: false; error: string }

/** Everything but availability. `platformHost` is PUBLIC_URL's host name: names under it are ours to give out. */
export function checkCustomDomain(value: unknown, platformHost: string): CustomDomainCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, error: CUSTOM_DOMAIN_REQUIRED }
  const domain = canonicalHostname(value)
  if (!domain) return { ok: false, error: CUSTOM_DOMAIN_INVALID }
  if (isWithin(domain, platformHost.toLowerCase())) return { ok: false, error: CUSTOM_DOMAIN_PLATFORM }
  return { ok: true, domain }
}

/**
 * The host name of a Host header ('Acme.Example.com:443' → 'acme.example.com'); null when it is
 * missing or malformed. IPv6 literals keep their brackets ('[::1]').
 */
export function hostnameOfHeader(header: string | null | undefined): string | null {
  if (!header) return null
  const value = header.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    if (end < 0) return null
    const rest = value.slice(end + 1)
    return rest === '' || /^:\d{1,5}$/.test(rest) ? value.slice(0, end + 1) : null
  }
  const match = /^([a-z0-9.-]{1,253})(?::\d{1,5})?$/.exec(value)
  return match ? match[1]!.replace(/\.$/, '') : null
}

/** A tenant's portal host under the platform's: `{subdomain}.{platformHost}` (portal section 9). */
export function subdomainHost(subdomain: string, platformHost: string): string {
  return `${subdomain}.${platformHost}`
}

/** The subdomain label of a host directly under the platform host, or null. */
export function subdomainOfHost(host: string, platformHost: string): string | null {
  if (!host.endsWith(`.${platformHost}`)) return null
  const label = host.slice(0, -(platformHost.length + 1))
  return label && !label.includes('.') ? label : null
}

/** DNS answers end with or without the root dot and in any case. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '')
}

export function cnameMatches(answers: readonly string[], target: string): boolean {
  return answers.some((a) => sameName(a, target))
}

/** A TXT answer comes in chunks of at most 255 bytes: the record is their concatenation (RFC 7208 3.3). */
export function joinTxt(records: readonly (readonly string[])[]): string[] {
  return records.map((chunks) => chunks.join(''))
}

/** One SPF record (v=spf1) that includes ours. */
export function spfMatches(txt: readonly string[], include: string): boolean {
  const spf = txt.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()))
  if (spf.length !== 1) return false
  return spf[0]!
    .trim()
    .split(/\s+/)
    .some((term) => /^[+]?include:/i.test(term) && sameName(term.replace(/^[+]?include:/i, ''), include))
}

/** A DKIM record whose p= is our public key (whitespace inside the key is ignored, as verifiers do). */
export function dkimMatches(txt: readonly string[], publicKeyBase64: string): boolean {
  return txt.some((record) => {
    const tags = new Map(
      record
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const eq = part.indexOf('=')
          return eq < 0 ? [part.toLowerCase(), ''] : [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, '')]
        }),
    )
    if ((tags.get('v') ?? 'DKIM1') !== 'DKIM1') return false
    return tags.get('p') === publicKeyBase64.replace(/\s+/g, '')
  })
}

export type EmailDnsRecord = { type: 'TXT'; purpose: 'spf' | 'dkim'; host: string; data: string }

/**
 * The records the organisation publishes so mail from no-reply@{domain} passes SPF and DKIM. SPF
 * goes on the bounce (envelope sender) name, not the custom domain itself: that name is a CNAME,
 * and a CNAME may not sit beside any other record (RFC 1034 3.6.2). Both align with the From
 * domain under DMARC's relaxed rule.
 */
export function emailDnsRecords(opts: { domain: string; selector: string; publicKeyBase64: string; spfInclude: string }): EmailDnsRecord[] {
  return [
    { type: 'TXT', purpose: 'spf', host: `${BOUNCE_LABEL}.${opts.domain}`, data: `v=spf1 include:${opts.spfInclude} ~all` },
    { type: 'TXT', purpose: 'dkim', host: `${opts.selector}._domainkey.${opts.domain}`, data: `v=DKIM1; k=rsa; p=${opts.publicKeyBase64}` },
  ]
}
