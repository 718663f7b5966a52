// Stripe-looking object ids (`cus_`, `sub_`, `in_` ...) and request ids.
import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`
}
