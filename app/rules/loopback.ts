// Which addresses and host names can only mean this machine: the dev mailbox's gate and the loopback
// origins trusted outside production (same-origin.ts). No I/O here.

/** A host name that can only mean this machine (a DNS name pointed at 127.0.0.1 does not count). */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || isLoopback(hostname)
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}
