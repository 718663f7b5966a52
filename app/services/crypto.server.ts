// Random tokens, public ids, keyed hashes and per-purpose keys: every secret the app uses comes from here.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
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

/**
 * What a derived key is for. SESSION_SECRET itself signs nothing: each use gets its own key, so a
 * value made for one purpose (a 2FA code hash, a cookie signature) is worthless for any other.
 */
export type KeyPurpose =
  | 'session-cookie'
  | 'ui-settings-cookie'
  | 'two-factor-code'
  | 'totp-encryption'
  | 'two-factor-recovery'
  | 'checkout-organisation'
  | 'dkim-encryption'
  | 'crm-encryption'
  | 'cart-cookie'

const derived = new Map<string, Buffer>()

/** A 256-bit key for one purpose, derived with HKDF-SHA256 from SESSION_SECRET (RFC 5869). */
export function deriveKey(purpose: KeyPurpose, secret = env().SESSION_SECRET): Buffer {
  const cacheKey = `${purpose}\0${secret}`
  let key = derived.get(cacheKey)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'draftdesk', `draftdesk:${purpose}`, 32))
    derived.set(cacheKey, key)
  }
  return key
}

/** The derived key as text, for APIs that take string secrets (Remix cookie `secrets`). */
export function deriveSecret(purpose: KeyPurpose): string {
  return deriveKey(purpose).toString('base64url')
}

/** Keyed SHA-256; the key is a purpose's derived key or a secret of its own (Intercom's). */
export function hmac(value: string, key: Buffer | string): string {
  return createHmac('sha256', key).update(value).digest('hex')
}

// AES-256-GCM: 12-byte random IV, 16-byte tag; stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
const SECRET_FORMAT = 'v1'

/** Encrypts a secret kept at rest (a TOTP seed) with the 'totp-encryption' key. */
export function encryptSecret(plaintext: string, key = deriveKey('totp-encryption')): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [SECRET_FORMAT, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

/** The plaintext of `encryptSecret`; null when the value was altered, truncated or made with another key. */
export function decryptSecret(stored: string, key = deriveKey('totp-encryption')): string | null {
  const [format, iv, tag, body, ...rest] = String(stored).split('.')
  if (format !== SECRET_FORMAT || iv === undefined || tag === undefined || body === undefined || rest.length) return null
  try {
    // A fixed tag length: GCM would otherwise accept a truncated (weaker) tag.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 })
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
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
