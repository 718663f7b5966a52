import { describe, expect, it } from 'vitest'
import { cspNonce } from './csp-nonce'

describe('cspNonce', () => {
  it('gives 128 bits in base64, never the same twice across many refills of its pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 256 * 40 + 7; i++) {
      const nonce = cspNonce()
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      seen.add(nonce)
    }
    expect(seen.size).toBe(256 * 40 + 7)
  })
})
