// Random tokens, public ids and keyed hashes: every secret the app hands out comes from here.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { env } from './env.server'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** Non-sequential ids for URLs and the API's `_id` (24 chars of base36, ~124 bits). */
export function newPublicId(): string {
  let id = ''
  for (let i = 0; i < 24; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return id
}

/** 256-bit URL-safe token for sessions, reset and auto-login links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function hmac(value: string, secret = env().SESSION_SECRET): string {
  return createHmac('sha256', secret).update(value).digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Six digits from the CSPRNG, zero padded. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
