// Host names across organisations (ADR 0044): which tenant a request's Host belongs to, whether the
// TLS proxy may get a certificate for a name, and the scheduled verification pass over custom domains.
import { canonicalHostname, subdomainOfHost } from '#app/rules/domains'
import { isLoopbackHostname } from '#app/rules/loopback'
import { themeStyle } from '#app/rules/portal-theme'
import { platformDb, tenantForJob } from '#app/services/db.server'
import type { DnsLookups } from '#app/services/dns.server'
import { IMAGE_TYPES, storage } from '#app/services/storage.server'
import { hostClientId } from '#app/services/request-host.server'
import { scoped } from '#db/tenant'
import type { OrganisationChoice } from './account.server'
import { platformHost, verifyDomain } from './domains.server'

export type HostTarget =
  /** PUBLIC_URL's host (and, outside production, loopback names): the platform and every organisation by session. */
  | { kind: 'platform' }
  /** An organisation's subdomain or verified custom domain: only that organisation's sessions count here. */
  | { kind: 'tenant'; clientId: number; host: string }
  | { kind: 'unknown' }

const POSITIVE_MS = 10_000
// Short, so a subdomain just set (or a domain just verified) answers within seconds.
const NEGATIVE_MS = 2_000
const MAX_ENTRIES = 10_000
const cache = new Map<string, { target: HostTarget; until: number }>()

async function lookupHost(host: string): Promise<HostTarget> {
  const platform = platformHost()
  if (host === platform) return { kind: 'platform' }
  // This machine by address (health checks, probes beside the app): the platform, as before. Only
  // PUBLIC_URL is ever trusted as an origin in production (services/origin.server.ts), so this opens nothing.
  if (isLoopbackHostname(host)) return { kind: 'platform' }
  const subdomain = subdomainOfHost(host, platform)
  if (subdomain !== null) {
    const org = await platformDb.selectFrom('organisations').select('id').where('subdomain', '=', subdomain).where('active', '=', true).executeTakeFirst()
    return org ? { kind: 'tenant', clientId: org.id, host } : { kind: 'unknown' }
  }
  const name = canonicalHostname(host)
  if (!name) return { kind: 'unknown' }
  const row = await platformDb
    .selectFrom('organisation_domains as d')
    .innerJoin('organisations as o', 'o.id', 'd.client_id')
    .select('d.client_id')
    .where('d.custom_domain', '=', name)
    .where('d.cname_status', '=', 'verified')
    .where('o.active', '=', true)
    .executeTakeFirst()
  return row ? { kind: 'tenant', clientId: row.client_id, host: name } : { kind: 'unknown' }
}

/**
 * Where a request's Host header points. Cached per host for a few seconds: every request asks, and
 * the answer changes only when an organisation edits its domains (ADR 0044 on the delay).
 */
export async function resolveHost(hostname: string | null, now = Date.now()): Promise<HostTarget> {
  if (!hostname) return { kind: 'unknown' }
  const hit = cache.get(hostname)
  if (hit && hit.until > now) return hit.target
  const target = await lookupHost(hostname)
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(hostname, { target, until: now + (target.kind === 'unknown' ? NEGATIVE_MS : POSITIVE_MS) })
  return target
}

export function forgetHosts() {
  cache.clear()
}

/**
 * The TLS proxy's on-demand question: may a certificate be obtained for this name? Yes only for a
 * custom domain whose CNAME was verified, of an active organisation. Subdomains are covered by the
 * wildcard certificate of the platform host, and everything else is refused, so nobody can make the
 * proxy request certificates for names we do not serve.
 */
export async function mayIssueCertificate(domain: unknown): Promise<boolean> {
  const name = canonicalHostname(domain)
  if (!name || typeof domain !== 'string' || domain.trim().toLowerCase().replace(/\.$/, '') !== name) return false
  const target = await lookupHost(name)
  return target.kind === 'tenant' && target.host === name && subdomainOfHost(name, platformHost()) === null
}

export type VerificationPass = { checked: number; verified: number; failed: number }

/**
 * The scheduled pass: every organisation with a custom domain, least recently checked first, a few
 * at a time (each check waits on DNS). Each check uses the same model function as a single run.
 */
export async function runDomainVerification(dns: DnsLookups, now = new Date(), opts: { batch?: number; concurrency?: number } = {}): Promise<VerificationPass> {
  const rows = await platformDb
    .selectFrom('organisation_domains as d')
    .innerJoin('organisations as o', 'o.id', 'd.client_id')
    .select('d.client_id')
    .where('d.custom_domain', 'is not', null)
    .where('o.active', '=', true)
    .orderBy('d.cname_checked_at')
    .limit(opts.batch ?? 5000)
    .execute()
  const pass: VerificationPass = { checked: 0, verified: 0, failed: 0 }
  const queue = rows.map((r) => r.client_id)
  const worker = async () => {
    for (let clientId = queue.shift(); clientId !== undefined; clientId = queue.shift()) {
      const result = await verifyDomain(tenantForJob(clientId), dns, now)
      if (!result) continue
      pass.checked++
      if (result.cname === 'verified') pass.verified++
      else if (result.cname === 'failed') pass.failed++
    }
  }
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, queue.length) }, worker))
  return pass
}

/**
 * The login picker on an organisation's own host offers that organisation only (its public id
 * read by the id server/tenant-host.ts resolved); on the platform host, every choice.
 */
export async function choicesForHost<C extends { client_id: string | null }>(request: Request, choices: C[] | null): Promise<C[] | null> {
  const clientId = hostClientId(request)
  if (clientId === null || !choices) return choices
  const org = await platformDb.selectFrom('organisations').select('public_id').where('id', '=', clientId).executeTakeFirst()
  return choices.filter((c) => c.client_id !== null && c.client_id === org?.public_id)
}

/** The one organisation the sign-in of its own host is for, as a picker choice (ADR 0059). */
export async function organisationChoiceOf(clientId: number): Promise<OrganisationChoice> {
  const org = await platformDb.selectFrom('organisations').select(['public_id', 'name', 'logo']).where('id', '=', clientId).executeTakeFirstOrThrow()
  return { client_id: org.public_id, role: 'user', companyDetails: { companyName: org.name, logo: org.logo } }
}

/**
 * A branding image (logo, welcome or login image) of an organisation, by its storage key: only a
 * key that is one of its current images, so an old or other file key is never served this way.
 */
export async function readBrandingImage(clientId: number, key: string): Promise<{ data: Buffer; mimeType: string } | null> {
  // The Host named the organisation (resolveHost): its rows are read through the tenant guard like any other.
  const t = tenantForJob(clientId)
  const [org, custom] = await Promise.all([
    platformDb.selectFrom('organisations').select('logo').where('id', '=', clientId).executeTakeFirst(),
    scoped(t, 'website_customizations').select(['welcome_img', 'login_img']).executeTakeFirst(),
  ])
  if (![org?.logo, custom?.welcome_img, custom?.login_img].includes(key)) return null
  const file = await scoped(t, 'files').select(['mime_type', 'storage_key']).where('storage_key', '=', key).executeTakeFirst()
  if (!file || !(IMAGE_TYPES as readonly string[]).includes(file.mime_type)) return null
  const data = await storage().get(file.storage_key)
  return data ? { data, mimeType: file.mime_type } : null
}

export type PortalBrand = {
  companyName: string
  logo: string | null
  welcomeImg: string | null
  loginImg: string | null
  links: { label: string; href: string }[]
  theme: Record<string, string>
}

const LINK_COLUMNS = [
  ['twitter_link', 'Twitter'],
  ['facebook_link', 'Facebook'],
  ['linkedin_link', 'LinkedIn'],
  ['youtube_link', 'YouTube'],
  ['instagram_link', 'Instagram'],
  ['pinterest_link', 'Pinterest'],
] as const

/** What the signed-out pages of an organisation's own host show: its name, images, links and colours. */
export async function portalBrand(clientId: number): Promise<PortalBrand | null> {
  const [org, c] = await Promise.all([
    platformDb.selectFrom('organisations').select(['name', 'logo']).where('id', '=', clientId).executeTakeFirst(),
    scoped(tenantForJob(clientId), 'website_customizations').selectAll().executeTakeFirst(),
  ])
  if (!org) return null
  return {
    companyName: org.name,
    logo: org.logo,
    welcomeImg: c?.welcome_img ?? null,
    loginImg: c?.login_img ?? null,
    links: LINK_COLUMNS.flatMap(([column, label]) => (c?.[column] ? [{ label, href: c[column]! }] : [])),
    theme: themeStyle({
      topBarBgColor: c?.top_bar_bg_color,
      topBarTextColor: c?.top_bar_text_color,
      sideBarBgColor: c?.side_bar_bg_color,
      sideBarTextColor: c?.side_bar_text_color,
      sideBarActiveColor: c?.side_bar_active_color,
      sideBarIconColor: c?.side_bar_icon_color,
      footerBgColor: c?.footer_bg_color,
      footerTextColor: c?.footer_text_color,
    }),
  }
}
