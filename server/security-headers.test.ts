import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, contentSecurityPolicyFor } from './security-headers'

const base = { nonce: 'abc123', publicOrigin: 'https://app.example.com', production: true, intercom: false, analytics: false }

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce, with strict-dynamic, and locks the rest down', () => {
    const d = directives(contentSecurityPolicy(base))
    expect(d['script-src']).toEqual(["'nonce-abc123'", "'strict-dynamic'"])
    expect(d['object-src']).toEqual(["'none'"])
    expect(d['base-uri']).toEqual(["'self'"])
    expect(d['frame-ancestors']).toEqual(["'self'"])
    expect(d['form-action']).toEqual(["'self'"])
    expect(d['connect-src']).toEqual(["'self'", 'wss://app.example.com'])
    expect(d['upgrade-insecure-requests']).toEqual([])
  })

  it('does not upgrade requests outside production (http://localhost)', () => {
    const d = directives(contentSecurityPolicy({ ...base, production: false, publicOrigin: 'http://localhost:3000' }))
    expect(d['upgrade-insecure-requests']).toBeUndefined()
    expect(d['connect-src']).toContain('ws://localhost:3000')
  })

  it('widens connect, image and frame sources only for configured widgets', () => {
    const plain = contentSecurityPolicy(base)
    expect(plain).not.toMatch(/intercom|segment/)
    const both = directives(contentSecurityPolicy({ ...base, intercom: true, analytics: true }))
    expect(both['connect-src']).toContain('wss://*.intercom.io')
    expect(both['connect-src']).toContain('https://api.segment.io')
    expect(both['frame-src']).toContain('https://intercom-sheets.com')
    expect(both['script-src']).toEqual(["'nonce-abc123'", "'strict-dynamic'"])
  })

  it('lets Stripe Elements frame and call Stripe only when a publishable key is configured', () => {
    expect(contentSecurityPolicy(base)).not.toMatch(/stripe/)
    const stripe = directives(contentSecurityPolicy({ ...base, stripe: true }))
    expect(stripe['frame-src']).toContain('https://js.stripe.com')
    expect(stripe['connect-src']).toContain('https://api.stripe.com')
    expect(stripe['script-src']).toEqual(["'nonce-abc123'", "'strict-dynamic'"])
  })

  it('built once per configuration, gives the same policy for each nonce', () => {
    for (const options of [base, { ...base, production: false, intercom: true, analytics: true, stripe: true }]) {
      const policy = contentSecurityPolicyFor(options)
      for (const nonce of ['abc123', 'Zm9vYmFyYmF6cXV4MTIzNA==']) expect(policy(nonce)).toBe(contentSecurityPolicy({ ...options, nonce }))
    }
  })
})
