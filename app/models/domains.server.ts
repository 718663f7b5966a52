// The organisation's domains (ADR 0044): its subdomain, its custom domain with the CNAME and e-mail
// DNS checks, the DKIM key of its sending domain, and the origin every link for it is built from.
import { generateKeyPair } from 'node:crypto'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import {
  checkCustomDomain,
  cnameMatches,
  CUSTOM_DOMAIN_TAKEN,
  dkimMatches,
  type EmailDnsRecord,
  emailDnsRecords,
  joinTxt,
  NO_REPLY,
  BOUNCE_LABEL,
  spfMatches,
  subdomainHost,
  SUBDOMAIN_REQUIRED,
} from '#app/rules/domains'
import { checkSubdomain, SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { decryptSecret, deriveKey, encryptSecret } from '#app/services/crypto.server'
import { type DnsLookups, isAbsentRecord } from '#app/services/dns.server'
import { env } from '#app/services/env.server'
import { enqueue } from '#app/services/queue.server'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { scoped, scopedUpdate, type TenantScope } from '#db/tenant'
import type { DnsCheckStatus, OrganisationDomain } from '#db/tables/website'
import { audited, impersonatorOf } from './audit.server'
import { isDuplicateKey } from './people.server'
import { holdingSubdomains, recordRename, subdomainAvailability } from './subdomains.server'

const generateRsaKeyPair = promisify(generateKeyPair)

/** The selector of the DKIM key made for a custom domain (a rotation would publish a second one). */
export const DKIM_SELECTOR = 'dd1'

/** PUBLIC_URL's host name: the platform's own, under which subdomains live. */
export function platformHost(): string {
  return new URL(env().PUBLIC_URL).hostname.toLowerCase()
}

/** The origin of a host name of ours: PUBLIC_URL's scheme and port, never the request's. */
export function originForHost(host: string): string {
  const url = new URL(env().PUBLIC_URL)
  url.hostname = host
  return url.origin
}

export function spfInclude(): string {
  return env().MAIL_SPF_INCLUDE || `_spf.${platformHost()}`
}

type Actor = TenantScope & { user: { id: number; firstName: string; lastName: string; role: string } }

/**
 * A custom-domain claim whose CNAME was never verified stops blocking the name this long after it was saved:
 * another organisation that then sets the name takes it, and has to prove it by DNS like anyone (ADR 0080).
 */
export const PENDING_CLAIM_TTL_MS = 72 * 60 * 60 * 1000

/** Setting, replacing or removing the custom domain is the owner's, like the two-factor switch (ADR 0080). */
export const OWNER_ONLY_DOMAIN = 'Only the account owner can change the custom domain.'

/** Whether this person may change the custom domain: an owner (role client) in a session they signed in to themselves. */
export async function mayChangeCustomDomain(t: Actor, request: Request): Promise<boolean> {
  return t.user.role === 'client' && (await impersonatorOf(request)) === null
}

/** An organisation's custom domain before and after a change, for the word to its owners. */
export type DomainChange = { clientId: number; previous: string | null; current: string | null }

export type EmailDeliveryRecord = EmailDnsRecord & { verified: boolean }

/** The spec's Domain entity plus what the page shows about the checks. */
export type DomainJson = {
  subDomain: string | null
  subDomainUrl: string | null
  customDomain: string | null
  customDomainUrl: string | null
  /** What the custom domain's CNAME must point at. */
  cnameTarget: string
  cnameStatus: DnsCheckStatus
  cnameError: string | null
  /** 'active' once the CNAME is verified: the proxy may then obtain a certificate (the ask endpoint says yes). */
  sslStatus: 'active' | 'pending'
  emailDeliveryStatus: 'active' | 'pending' | 'failed'
  emailDeliveryData: EmailDeliveryRecord[]
  emailDeliveryError: string | null
  /** The system e-mail sender (back-office section 9). */
  senderAddress: string
  lastCheckedAt: string | null
}

async function organisationSubdomain(t: TenantScope): Promise<string | null> {
  const org = await t.db.selectFrom('organisations').select('subdomain').where('id', '=', t.clientId).executeTakeFirst()
  return org?.subdomain ?? null
}

async function domainRow(t: TenantScope): Promise<OrganisationDomain | undefined> {
  return scoped(t, 'organisation_domains').selectAll().executeTakeFirst()
}

/** The subdomain's host when there is one, else the platform's own: where a custom domain's CNAME points. */
function cnameTargetFor(subdomain: string | null): string {
  return subdomain ? subdomainHost(subdomain, platformHost()) : platformHost()
}

function publicKeyBase64(row: Pick<OrganisationDomain, 'dkim_public_key'>): string | null {
  return row.dkim_public_key ?? null
}

function recordsOf(row: OrganisationDomain): EmailDeliveryRecord[] {
  const key = publicKeyBase64(row)
  if (!row.custom_domain || !key || !row.dkim_selector) return []
  const verified = row.email_records ?? {}
  return emailDnsRecords({ domain: row.custom_domain, selector: row.dkim_selector, publicKeyBase64: key, spfInclude: spfInclude() }).map((r) => ({
    ...r,
    verified: verified[r.purpose] === true,
  }))
}

function senderOf(subdomain: string | null, row: OrganisationDomain | undefined): string {
  if (row?.custom_domain && row.email_status === 'verified') return `${NO_REPLY}@${row.custom_domain}`
  return `${NO_REPLY}@${subdomain ? subdomainHost(subdomain, platformHost()) : platformHost()}`
}

export async function getDomain(t: TenantScope): Promise<DomainJson> {
  const [subdomain, row] = await Promise.all([organisationSubdomain(t), domainRow(t)])
  const verified = row?.custom_domain && row.cname_status === 'verified'
  const lastChecked = row?.cname_checked_at ?? row?.email_checked_at ?? null
  return {
    subDomain: subdomain,
    subDomainUrl: subdomain ? originForHost(subdomainHost(subdomain, platformHost())) : null,
    customDomain: row?.custom_domain ?? null,
    customDomainUrl: row?.custom_domain ? originForHost(row.custom_domain) : null,
    cnameTarget: cnameTargetFor(subdomain),
    cnameStatus: row?.custom_domain ? row.cname_status : 'pending',
    cnameError: row?.cname_error ?? null,
    sslStatus: verified ? 'active' : 'pending',
    emailDeliveryStatus: row?.custom_domain ? (row.email_status === 'verified' ? 'active' : row.email_status) : 'pending',
    emailDeliveryData: row ? recordsOf(row) : [],
    emailDeliveryError: row?.email_error ?? null,
    senderAddress: senderOf(subdomain, row),
    lastCheckedAt: lastChecked ? new Date(lastChecked).toISOString() : null,
  }
}

/**
 * The origin every absolute link for this organisation is built from: its verified custom domain,
 * else its subdomain, else PUBLIC_URL. Read from the database, never from a request.
 */
export async function tenantOrigin(t: TenantScope): Promise<string> {
  const [subdomain, row] = await Promise.all([organisationSubdomain(t), domainRow(t)])
  if (row?.custom_domain && row.cname_status === 'verified') return originForHost(row.custom_domain)
  if (subdomain) return originForHost(subdomainHost(subdomain, platformHost()))
  return env().PUBLIC_URL
}

/**
 * The organisation's subdomain origin, a host the platform controls, or null without a subdomain. Credential
 * links (password reset, welcome, sign-in links, log-in-as hand-offs) use only this, never the custom domain:
 * whoever may change the custom domain must not be able to redirect them (issue 28, ADR 0059).
 */
export async function subdomainOrigin(t: TenantScope): Promise<string | null> {
  const subdomain = await organisationSubdomain(t)
  return subdomain ? originForHost(subdomainHost(subdomain, platformHost())) : null
}

/**
 * Which configured origin of the organisation (its subdomain, or its verified custom domain) a request's
 * host name is; null when it is neither. The answer is built from the database, never from the header.
 */
export async function configuredOriginOf(t: TenantScope, hostname: string | null): Promise<string | null> {
  if (!hostname) return null
  const [subdomain, row] = await Promise.all([organisationSubdomain(t), domainRow(t)])
  if (subdomain && subdomainHost(subdomain, platformHost()) === hostname) return originForHost(hostname)
  if (row?.custom_domain && row.cname_status === 'verified' && row.custom_domain === hostname) return originForHost(row.custom_domain)
  return null
}

export type SystemSender = {
  /** no-reply@ the custom domain once its e-mail records are verified, else at the portal subdomain. */
  from: string
  /** The envelope sender (Return-Path) whose SPF record was verified; absent when sending from our own domain. */
  envelopeFrom?: string
  /** nodemailer's `dkim` option for the custom domain; absent when sending from our own domain. */
  dkim?: { domainName: string; keySelector: string; privateKey: string }
}

/** Who system e-mail of this organisation comes from, and how it is signed (back-office section 9). */
export async function systemSender(t: TenantScope): Promise<SystemSender> {
  const [subdomain, row] = await Promise.all([organisationSubdomain(t), domainRow(t)])
  const from = senderOf(subdomain, row)
  if (!row?.custom_domain || row.email_status !== 'verified' || !row.dkim_private_key || !row.dkim_selector) return { from }
  const privateKey = decryptSecret(row.dkim_private_key, deriveKey('dkim-encryption'))
  if (!privateKey) return { from: senderOf(subdomain, undefined) }
  return {
    from,
    envelopeFrom: `${NO_REPLY}@${BOUNCE_LABEL}.${row.custom_domain}`,
    dkim: { domainName: row.custom_domain, keySelector: row.dkim_selector, privateKey },
  }
}

export type DomainSaveResult = { ok: true; domain: DomainJson } | { ok: false; status: number; error: string }

/**
 * Subdomain rule of the checkout (format, reserved names), then uniqueness across the platform, names released
 * by others in the last 30 days included; the name given up is held for this organisation (ADR 0081).
 */
export async function setSubdomain(t: TenantScope, value: unknown): Promise<DomainSaveResult> {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, status: 400, error: SUBDOMAIN_REQUIRED }
  const check = checkSubdomain(value.trim())
  if (!check.ok) return { ok: false, status: 400, error: check.error }
  const refused = await holdingSubdomains(async (db): Promise<DomainSaveResult | null> => {
    const current = (await db.selectFrom('organisations').select('subdomain').where('id', '=', t.clientId).executeTakeFirst())?.subdomain ?? null
    if (current === check.subdomain) return null
    const availability = await subdomainAvailability(check.subdomain, t.clientId, db)
    if (!availability.ok) return { ok: false, status: 400, error: SUBDOMAIN_TAKEN }
    try {
      await db.updateTable('organisations').set({ subdomain: check.subdomain }).where('id', '=', t.clientId).execute()
    } catch (error) {
      // The column's unique key still settles a checkout that reserved the name outside the lock's reach.
      if (isDuplicateKey(error)) return { ok: false, status: 400, error: SUBDOMAIN_TAKEN }
      throw error
    }
    await recordRename(db, t.clientId, current, check.subdomain)
    return null
  })
  return refused ?? { ok: true, domain: await getDomain(t) }
}

/** A fresh RSA-2048 DKIM key: the private key encrypted for storage, the public key as DNS wants it. */
async function newDkimKey() {
  // Off the event loop: an RSA key takes a noticeable moment, and other requests must not wait for it.
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  return { publicKey: publicKey.toString('base64'), privateKey: encryptSecret(privateKey, deriveKey('dkim-encryption')) }
}

/**
 * Sets (or changes) the custom domain: its checks start over as pending, and the sending domain
 * gets a DKIM key the first time. The same name again changes nothing. A name held by another
 * organisation's expired pending claim is taken from it (`released` says whose, for the word to its owners).
 */
export async function setCustomDomain(t: TenantScope, value: unknown): Promise<DomainSaveResult & { changed?: boolean; previous?: string | null; released?: DomainChange }> {
  const check = checkCustomDomain(value, platformHost())
  if (!check.ok) return { ok: false, status: 400, error: check.error }
  const row = await domainRow(t)
  const previous = row?.custom_domain ?? null
  if (previous === check.domain) return { ok: true, domain: await getDomain(t), changed: false, previous }
  // A name another organisation holds is refused before a DKIM key is made (an RSA key costs CPU), unless its claim expired.
  const holder = await otherHolder(t, check.domain)
  const released = holder === null ? undefined : await releaseExpiredClaim(holder, check.domain)
  if (holder !== null && !released) return { ok: false, status: 400, error: CUSTOM_DOMAIN_TAKEN }
  try {
    await writeCustomDomain(t, row, check.domain)
  } catch (error) {
    // The unique key (platform-wide) settles two organisations saving the same name at once (a release still counts).
    if (isDuplicateKey(error)) return { ok: false, status: 400, error: CUSTOM_DOMAIN_TAKEN, released }
    throw error
  }
  return { ok: true, domain: await getDomain(t), changed: true, previous, released }
}

async function writeCustomDomain(t: TenantScope, row: OrganisationDomain | undefined, domain: string): Promise<void> {
  const reset = {
    custom_domain: domain,
    cname_status: 'pending' as const,
    cname_checked_at: null,
    cname_verified_at: null,
    cname_error: null,
    email_status: 'pending' as const,
    email_checked_at: null,
    email_error: null,
    email_records: null,
    // When the claim was made: a pending claim expires PENDING_CLAIM_TTL_MS after it (the DNS pass never writes it).
    updated_at: sql<Date>`CURRENT_TIMESTAMP(3)`,
  }
  if (row) {
    const keys = row.dkim_private_key
      ? {}
      : (({ publicKey, privateKey }) => ({ dkim_selector: DKIM_SELECTOR, dkim_public_key: publicKey, dkim_private_key: privateKey }))(await newDkimKey())
    await scopedUpdate(t, 'organisation_domains')
      .set({ ...reset, ...keys })
      .execute()
    return
  }
  const { publicKey, privateKey } = await newDkimKey()
  await t.db
    .insertInto('organisation_domains')
    .values({ client_id: t.clientId, ...reset, dkim_selector: DKIM_SELECTOR, dkim_public_key: publicKey, dkim_private_key: privateKey })
    .execute()
}

/** The other organisation whose row holds `domain` (a cross-tenant read by name, like host resolution), or null. */
async function otherHolder(t: TenantScope, domain: string): Promise<number | null> {
  const row = await platformDb.selectFrom('organisation_domains').select('client_id').where('custom_domain', '=', domain).executeTakeFirst()
  return row && row.client_id !== t.clientId ? row.client_id : null
}

/**
 * Frees `domain` from the organisation `holder` when its claim was never verified and is older than
 * PENDING_CLAIM_TTL_MS. One conditional UPDATE on the holder's row, so a claim verified meanwhile is never
 * touched; of two organisations freeing it at once, the unique key gives the name to one.
 */
async function releaseExpiredClaim(holder: number, domain: string): Promise<DomainChange | undefined> {
  const freed = await scopedUpdate(tenantForJob(holder), 'organisation_domains')
    .set({
      custom_domain: null,
      cname_status: 'pending',
      cname_checked_at: null,
      cname_verified_at: null,
      cname_error: null,
      email_status: 'pending',
      email_error: null,
      email_records: null,
    })
    .where('custom_domain', '=', domain)
    .where('cname_status', '<>', 'verified')
    .where('updated_at', '<', new Date(Date.now() - PENDING_CLAIM_TTL_MS))
    .executeTakeFirst()
  return Number(freed.numUpdatedRows) === 1 ? { clientId: holder, previous: domain, current: null } : undefined
}

/** Runs after a custom domain is saved: check it now rather than at the next scheduled pass. */
export type VerificationTrigger = (clientId: number) => Promise<void>

export const domainActions = {
  async setSubdomain(t: Actor, request: Request, value: unknown) {
    const result = await setSubdomain(t, value)
    return audited(
      t,
      request,
      { module: 'website_settings', action: 'subdomain', message: result.ok ? `Subdomain set to ${result.domain.subDomain}` : `Subdomain not changed: ${result.error}` },
      result,
    )
  },
  /**
   * Owner-only (ADR 0080): the custom domain decides where the portal answers, so staff with WRITE_DOMAIN may
   * read it and change the subdomain, not this. Every owner is told of each change, including a release.
   */
  async setCustomDomain(t: Actor, request: Request, value: unknown, hooks: { verifyNow: VerificationTrigger; tellOwners: (change: DomainChange) => Promise<void> }) {
    if (!(await mayChangeCustomDomain(t, request))) {
      const refused = { ok: false as const, status: 403, error: OWNER_ONLY_DOMAIN }
      return audited(t, request, { module: 'website_settings', action: 'custom_domain', message: `Custom domain not changed: ${OWNER_ONLY_DOMAIN}` }, refused)
    }
    const result = await setCustomDomain(t, value)
    await audited(
      t,
      request,
      {
        module: 'website_settings',
        action: 'custom_domain',
        message: result.ok ? `Custom domain set to ${result.domain.customDomain}` : `Custom domain not changed: ${result.error}`,
      },
      result,
    )
    if (result.ok && result.changed) {
      await hooks.verifyNow(t.clientId)
      await hooks.tellOwners({ clientId: t.clientId, previous: result.previous ?? null, current: result.domain.customDomain })
    }
    if (result.released) await hooks.tellOwners(result.released)
    return result
  },
}

type Lookup<T> = { found: true; value: T } | { found: false; absent: boolean; error: string }

async function lookup<T>(work: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { found: true, value: await work() }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code ?? 'error'
    return { found: false, absent: isAbsentRecord(error), error: code }
  }
}

export type DomainCheck = {
  domain: string
  cname: DnsCheckStatus
  email: DnsCheckStatus
  records: { spf: boolean; dkim: boolean }
}

/**
 * One verification of the custom domain: its CNAME must name our target, the bounce name must
 * publish an SPF record including ours, and the DKIM selector our public key. A server that does
 * not answer (timeout, SERVFAIL) changes nothing: only a definite answer fails a verified domain.
 * The row is written only if the domain was not changed meanwhile.
 */
export async function verifyDomain(t: TenantScope, dns: DnsLookups, now = new Date()): Promise<DomainCheck | null> {
  const [subdomain, row] = await Promise.all([organisationSubdomain(t), domainRow(t)])
  if (!row?.custom_domain) return null
  const domain = row.custom_domain
  const target = cnameTargetFor(subdomain)
  const key = publicKeyBase64(row)

  const [cname, spf, dkim] = await Promise.all([
    lookup(() => dns.resolveCname(domain)),
    lookup(async () => joinTxt(await dns.resolveTxt(`${BOUNCE_LABEL}.${domain}`))),
    lookup(async () => joinTxt(await dns.resolveTxt(`${row.dkim_selector ?? DKIM_SELECTOR}._domainkey.${domain}`))),
  ])

  let cnameStatus = row.cname_status
  let cnameError: string | null = row.cname_error
  if (cname.found) {
    const ok = cnameMatches(cname.value, target)
    cnameStatus = ok ? 'verified' : 'failed'
    cnameError = ok ? null : `The CNAME record points to ${cname.value[0] ?? 'nothing'}, not ${target}`
  } else if (cname.absent) {
    cnameStatus = 'failed'
    cnameError = `No CNAME record found for ${domain}`
  } else {
    cnameError = `The DNS lookup failed (${cname.error}); it will be retried`
  }

  const spfOk = spf.found && spfMatches(spf.value, spfInclude())
  const dkimOk = dkim.found && !!key && dkimMatches(dkim.value, key)
  const transient = (!spf.found && !spf.absent) || (!dkim.found && !dkim.absent)
  let emailStatus = row.email_status
  let emailError: string | null = row.email_error
  if (spfOk && dkimOk) {
    emailStatus = 'verified'
    emailError = null
  } else if (!transient) {
    emailStatus = 'failed'
    emailError = [spfOk ? null : 'SPF record missing or not including ours', dkimOk ? null : 'DKIM record missing or not matching'].filter(Boolean).join('; ')
  } else {
    emailError = 'The DNS lookup failed; it will be retried'
  }
  const records = { spf: spfOk, dkim: dkimOk }

  await scopedUpdate(t, 'organisation_domains')
    .set({
      cname_status: cnameStatus,
      cname_error: cnameError?.slice(0, 255) ?? null,
      cname_checked_at: now,
      cname_verified_at: cnameStatus === 'verified' ? (row.cname_verified_at ?? now) : null,
      email_status: emailStatus,
      email_error: emailError?.slice(0, 255) ?? null,
      email_checked_at: now,
      email_records: JSON.stringify(records),
    })
    .where('custom_domain', '=', domain)
    .execute()
  return { domain, cname: cnameStatus, email: emailStatus, records }
}

/** Checks one organisation's domain now (a save); a second save in the same second adds no second job. */
export async function verifyDomainSoon(clientId: number): Promise<void> {
  await enqueue('domain-verification', { clientId }, { jobId: `domain-${clientId}-${Math.floor(Date.now() / 1000)}` })
}
