// Custom domain verification against a DNS server on loopback: the CNAME, the SPF and DKIM records,
// what a server that cannot answer changes (nothing), the TLS ask, host resolution, and the BullMQ job.
import { createSign, createVerify, createPublicKey } from 'node:crypto'
import { Worker } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The job's resolver reads DNS_SERVERS from the environment: point it at this file's server before anything reads it.
const DNS_PORT = vi.hoisted(() => {
  const port = 20000 + (process.pid % 20000)
  process.env.DNS_SERVERS = `127.0.0.1:${port}`
  return port
})

import { getDomain, setCustomDomain, setSubdomain, systemSender, tenantOrigin, verifyDomain, verifyDomainSoon } from '#app/models/domains.server'
import { forgetHosts, mayIssueCertificate, resolveHost, runDomainVerification } from '#app/models/platform-domains.server'
import { CUSTOM_DOMAIN_TAKEN } from '#app/rules/domains'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { dnsLookups } from '#app/services/dns.server'
import { newRedisConnection } from '#app/services/redis.server'
import { queue } from '#app/services/queue.server'
import { DOMAIN_VERIFICATION_SCHEDULER_ID, domainVerificationJob, scheduleDomainVerification } from '#jobs/domain-verification'
import { createOrganisation } from '#tests/factories/index'
import { TestDnsServer } from './dns-server'

let dns: TestDnsServer
beforeAll(async () => {
  dns = await new TestDnsServer().start(DNS_PORT)
})
afterAll(async () => {
  await dns.stop()
})

const suffix = () => Math.random().toString(36).slice(2, 8)

async function tenantWithSubdomain() {
  const org = await createOrganisation()
  const sub = `dns${suffix()}`
  await platformDb.updateTable('organisations').set({ subdomain: sub }).where('id', '=', org.id).execute()
  return { org, sub, t: tenantForJob(org.id) }
}

/** What the organisation must publish, read back from the API answer. */
async function publish(t: ReturnType<typeof tenantForJob>, opts: { cname?: string; spf?: boolean; dkim?: boolean } = {}) {
  const domain = await getDomain(t)
  const name = domain.customDomain!
  if (opts.cname !== undefined) dns.set(name, { CNAME: [opts.cname] })
  for (const record of domain.emailDeliveryData) {
    if ((record.purpose === 'spf' && opts.spf) || (record.purpose === 'dkim' && opts.dkim)) {
      // Long TXT data comes in 255-byte chunks, as DNS carries it.
      const chunks = record.data.match(/.{1,255}/g)!
      dns.set(record.host, { TXT: [['google-site-verification=abc'], chunks] })
    }
  }
  return domain
}

describe('custom domain verification', () => {
  it('fails a domain with no records, verifies the CNAME, then e-mail once SPF and DKIM are published', async () => {
    const { org, sub, t } = await tenantWithSubdomain()
    const custom = `portal.${sub}.example`
    const saved = await setCustomDomain(t, `https://Portal.${sub}.Example/`)
    expect(saved).toMatchObject({ ok: true, changed: true })
    const pending = await getDomain(t)
    expect(pending).toMatchObject({ customDomain: custom, cnameStatus: 'pending', sslStatus: 'pending', emailDeliveryStatus: 'pending', cnameTarget: `${sub}.localhost` })
    expect(pending.emailDeliveryData.map((r) => r.host)).toEqual([`bounce.${custom}`, `dd1._domainkey.${custom}`])
    expect(pending.senderAddress).toBe(`no-reply@${sub}.localhost`)

    const lookups = dnsLookups([dns.server])
    expect(await verifyDomain(t, lookups)).toMatchObject({ cname: 'failed', email: 'failed' })
    expect((await getDomain(t)).cnameError).toContain('No CNAME record')
    expect(await mayIssueCertificate(custom)).toBe(false)

    await publish(t, { cname: `${sub}.LOCALHOST.` })
    expect(await verifyDomain(t, lookups)).toMatchObject({ cname: 'verified', email: 'failed', records: { spf: false, dkim: false } })
    expect(await getDomain(t)).toMatchObject({
      cnameStatus: 'verified',
      sslStatus: 'active',
      customDomainUrl: expect.stringMatching(new RegExp(`^http://${custom.replace(/\./g, '\\.')}(:\\d+)?$`)),
    })
    expect(await mayIssueCertificate(custom)).toBe(true)
    expect(await mayIssueCertificate(custom.toUpperCase())).toBe(true)
    forgetHosts()
    expect(await resolveHost(custom)).toEqual({ kind: 'tenant', clientId: org.id, host: custom })
    expect(await tenantOrigin(t)).toMatch(new RegExp(`^http://${custom.replace(/\./g, '\\.')}`))

    await publish(t, { spf: true })
    expect(await verifyDomain(t, lookups)).toMatchObject({ email: 'failed', records: { spf: true, dkim: false } })
    await publish(t, { dkim: true })
    expect(await verifyDomain(t, lookups)).toMatchObject({ email: 'verified', records: { spf: true, dkim: true } })
    const active = await getDomain(t)
    expect(active.emailDeliveryStatus).toBe('active')
    expect(active.emailDeliveryData.every((r) => r.verified)).toBe(true)
    expect(active.senderAddress).toBe(`no-reply@${custom}`)

    // The stored private key signs, and the published public key verifies it.
    const sender = await systemSender(t)
    expect(sender).toMatchObject({ from: `no-reply@${custom}`, envelopeFrom: `no-reply@bounce.${custom}`, dkim: { domainName: custom, keySelector: 'dd1' } })
    const signature = createSign('sha256').update('message').sign(sender.dkim!.privateKey)
    const publicKey = createPublicKey({ key: Buffer.from(active.emailDeliveryData[1]!.data.split('p=')[1]!, 'base64'), format: 'der', type: 'spki' })
    expect(createVerify('sha256').update('message').verify(publicKey, signature)).toBe(true)
    const stored = await platformDb.selectFrom('organisation_domains').select('dkim_private_key').where('client_id', '=', org.id).executeTakeFirstOrThrow()
    expect(stored.dkim_private_key).not.toContain('PRIVATE KEY')
  })

  it('keeps a verified domain when the DNS server cannot answer, and fails it on a definite wrong answer', async () => {
    const { sub, t } = await tenantWithSubdomain()
    const custom = `www.${sub}.example`
    await setCustomDomain(t, custom)
    await publish(t, { cname: `${sub}.localhost`, spf: true, dkim: true })
    const lookups = dnsLookups([dns.server])
    expect(await verifyDomain(t, lookups)).toMatchObject({ cname: 'verified', email: 'verified' })

    dns.failing = true
    try {
      expect(await verifyDomain(t, lookups)).toMatchObject({ cname: 'verified', email: 'verified' })
      expect((await getDomain(t)).cnameError).toContain('will be retried')
    } finally {
      dns.failing = false
    }
    expect(await mayIssueCertificate(custom)).toBe(true)

    dns.set(custom, { CNAME: ['someone-else.example.net'] })
    expect(await verifyDomain(t, lookups)).toMatchObject({ cname: 'failed' })
    expect((await getDomain(t)).cnameError).toContain('someone-else.example.net')
    expect(await mayIssueCertificate(custom)).toBe(false)
    forgetHosts()
    expect(await resolveHost(custom)).toEqual({ kind: 'unknown' })
  })

  it('starts over when the domain changes, keeping the DKIM key; a name another organisation holds is refused', async () => {
    const { sub, t } = await tenantWithSubdomain()
    await setCustomDomain(t, `a.${sub}.example`)
    await publish(t, { cname: `${sub}.localhost` })
    await verifyDomain(t, dnsLookups([dns.server]))
    const before = await getDomain(t)
    expect(before.cnameStatus).toBe('verified')
    expect(await setCustomDomain(t, `a.${sub}.example`)).toMatchObject({ ok: true, changed: false })

    const moved = await setCustomDomain(t, `b.${sub}.example`)
    expect(moved).toMatchObject({ ok: true, changed: true, domain: { customDomain: `b.${sub}.example`, cnameStatus: 'pending', sslStatus: 'pending' } })
    expect(moved.ok && moved.domain.emailDeliveryData[1]!.data).toBe(before.emailDeliveryData[1]!.data)
    expect(await mayIssueCertificate(`a.${sub}.example`)).toBe(false)

    const other = await tenantWithSubdomain()
    expect(await setCustomDomain(other.t, `B.${sub}.example`)).toEqual({ ok: false, status: 400, error: CUSTOM_DOMAIN_TAKEN })
    expect(await setCustomDomain(other.t, `x.${sub}.localhost`)).toMatchObject({ ok: false, status: 400 })
  })

  it('gives a subdomain to one organisation only, in any letter case', async () => {
    const a = await tenantWithSubdomain()
    const b = await tenantWithSubdomain()
    expect(await setSubdomain(b.t, a.sub.toUpperCase())).toEqual({ ok: false, status: 400, error: SUBDOMAIN_TAKEN })
    expect(await setSubdomain(b.t, 'www')).toEqual({ ok: false, status: 400, error: SUBDOMAIN_TAKEN })
    const fresh = `n${suffix()}`
    expect(await setSubdomain(b.t, fresh.toUpperCase())).toMatchObject({ ok: true, domain: { subDomain: fresh } })
    forgetHosts()
    expect(await resolveHost(`${fresh}.localhost`)).toMatchObject({ kind: 'tenant', clientId: b.org.id })
    expect(await resolveHost(`${b.sub}.localhost`)).toEqual({ kind: 'unknown' })
    // Subdomains are served by the platform's wildcard certificate: the proxy never asks for them.
    expect(await mayIssueCertificate(`${fresh}.localhost`)).toBe(false)
  })
})

describe('host resolution', () => {
  it('knows the platform host and loopback names, and nothing else', async () => {
    forgetHosts()
    expect(await resolveHost('localhost')).toEqual({ kind: 'platform' })
    expect(await resolveHost('127.0.0.1')).toEqual({ kind: 'platform' })
    expect(await resolveHost('evil.example')).toEqual({ kind: 'unknown' })
    expect(await resolveHost('nosuchtenant.localhost')).toEqual({ kind: 'unknown' })
    expect(await resolveHost(null)).toEqual({ kind: 'unknown' })
  })

  it('does not serve an inactive organisation or an unverified custom domain', async () => {
    const { org, sub, t } = await tenantWithSubdomain()
    await setCustomDomain(t, `portal.${sub}.example`)
    forgetHosts()
    expect(await resolveHost(`portal.${sub}.example`)).toEqual({ kind: 'unknown' })
    await platformDb.updateTable('organisations').set({ active: false }).where('id', '=', org.id).execute()
    expect(await resolveHost(`${sub}.localhost`)).toEqual({ kind: 'unknown' })
  })
})

describe('the verification job', () => {
  it('checks a saved domain through BullMQ with the configured resolver, and the scheduled pass checks every domain', async () => {
    const { org, sub, t } = await tenantWithSubdomain()
    await setCustomDomain(t, `job.${sub}.example`)
    await publish(t, { cname: `${sub}.localhost` })
    const worker = new Worker('domain-verification', domainVerificationJob, { connection: newRedisConnection() })
    try {
      await verifyDomainSoon(org.id)
      await expect.poll(async () => (await getDomain(t)).cnameStatus, { timeout: 10_000 }).toBe('verified')
      expect(dns.asked).toContain(`CNAME job.${sub}.example`)
    } finally {
      await worker.close()
    }

    const second = await tenantWithSubdomain()
    await setCustomDomain(second.t, `pass.${second.sub}.example`)
    await publish(second.t, { cname: `${second.sub}.localhost`, spf: true, dkim: true })
    const pass = await runDomainVerification(dnsLookups())
    expect(pass.checked).toBeGreaterThanOrEqual(2)
    expect(await getDomain(second.t)).toMatchObject({ cnameStatus: 'verified', emailDeliveryStatus: 'active' })

    await scheduleDomainVerification()
    await scheduleDomainVerification()
    const schedulers = await queue('domain-verification').getJobSchedulers()
    expect(schedulers.filter((s) => s.key === DOMAIN_VERIFICATION_SCHEDULER_ID || s.id === DOMAIN_VERIFICATION_SCHEDULER_ID)).toHaveLength(1)
  })
})
