// DNS lookups of custom domains (CNAME and TXT) through Node's resolver, against DNS_SERVERS when set.
import { Resolver } from 'node:dns/promises'
import { env } from './env.server'

export type DnsLookups = {
  resolveCname(name: string): Promise<string[]>
  resolveTxt(name: string): Promise<string[][]>
}

/** Answers that say the record is not there (as opposed to a server that could not answer). */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME'])

export function isAbsentRecord(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException)?.code ?? '')
}

/** A resolver asking `servers` (e.g. ['127.0.0.1:5353']), else DNS_SERVERS, else the system's. */
export function dnsLookups(servers?: string[]): DnsLookups {
  // A check must not hang the job: 3 s per try, 2 tries.
  const resolver = new Resolver({ timeout: 3000, tries: 2 })
  const configured =
    servers ??
    (env().DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (configured.length) resolver.setServers(configured)
  return { resolveCname: (name) => resolver.resolveCname(name), resolveTxt: (name) => resolver.resolveTxt(name) }
}
