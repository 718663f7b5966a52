// The Content-Security-Policy nonce of each response: 128 fresh bits from the CSPRNG, drawn from a pool that
// is refilled 256 nonces at a time. randomBytes(16) asked the kernel on every request, and a system call is
// dear here (ADR 0114); each nonce is still used once and never derived from another.
import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
const pool = Buffer.allocUnsafe(NONCE_BYTES * 256)
let next = pool.length

export function cspNonce(): string {
  if (next === pool.length) {
    randomFillSync(pool)
    next = 0
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES)
  next += NONCE_BYTES
  return nonce
}
