// The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 network.
// One host usually holds a whole /64, so limits keyed by the full IPv6 address are free to dodge.

const V6_GROUPS = 8

/** The eight 16-bit groups of an IPv6 address (zone dropped, '::' expanded), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/i.test(bare)) return null
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0]!)
  const tail = halves.length === 2 ? parse(halves[1]!) : []
  // A trailing dotted IPv4 (::ffff:1.2.3.4) fills two groups.
  const last = (halves.length === 2 ? tail : head).at(-1)
  const dotted = last && last.includes('.') ? 1 : 0
  const missing = V6_GROUPS - head.length - tail.length - dotted
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  return groups.every((g) => g.includes('.') || /^[0-9a-f]{1,4}$/i.test(g)) ? groups : null
}

export function rateLimitAddress(address: string): string {
  const groups = ipv6Groups(address)
  if (!groups) return address
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address itself.
  const mapped = /^(?:0:){5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(groups.join(':'))
  if (mapped) return mapped[1]!
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
