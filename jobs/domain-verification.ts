// Custom domain verification (ADR 0044): one organisation's domain right after it is saved, and a
// scheduled pass over every custom domain, each through verifyDomain with Node's DNS resolver.
import type { Job } from 'bullmq'
import { verifyDomain, type DomainCheck } from '#app/models/domains.server'
import { runDomainVerification, type VerificationPass } from '#app/models/platform-domains.server'
import { dnsLookups } from '#app/services/dns.server'
import { queue, type Payload } from './queues'
import { tenantForJob } from '#app/services/db.server'

export const DOMAIN_VERIFICATION_SCHEDULER_ID = 'domain-verification-pass'

/** Every 15 minutes: a domain pointed at us is served soon after, and one taken away stops being served. */
const EVERY_15_MINUTES = '*/15 * * * *'

export async function domainVerificationJob(job: Job<Payload<'domain-verification'>>): Promise<DomainCheck | VerificationPass | null> {
  const dns = dnsLookups()
  if (job.data.clientId === null) return runDomainVerification(dns)
  return verifyDomain(tenantForJob(job.data.clientId), dns)
}

export async function scheduleDomainVerification(): Promise<void> {
  await queue('domain-verification').upsertJobScheduler(
    DOMAIN_VERIFICATION_SCHEDULER_ID,
    { pattern: EVERY_15_MINUTES, tz: 'UTC' },
    { name: 'domain-verification', data: { clientId: null } },
  )
}
