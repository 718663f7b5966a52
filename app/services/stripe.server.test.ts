import { describe, expect, it } from 'vitest'
import { parseEnv, stripeConnection } from './env.server'
import { createStripeClient } from './stripe.server'

const base = { DATABASE_URL: 'mysql://x', REDIS_URL: 'redis://x', SESSION_SECRET: 'a-secret-of-sixteen+' }

describe('stripeConnection', () => {
  it('uses the emulator outside production when no key is set', () => {
    expect(stripeConnection(parseEnv({ ...base, APP_ENV: 'development' }))).toEqual({ apiKey: 'sk_test_emulator', apiUrl: 'http://127.0.0.1:12111' })
    expect(stripeConnection(parseEnv({ ...base, APP_ENV: 'test', STRIPE_API_URL: 'http://127.0.0.1:13000' }))?.apiUrl).toBe('http://127.0.0.1:13000')
  })

  it('talks to Stripe itself with a real key, and is off in production without one', () => {
    expect(stripeConnection(parseEnv({ ...base, APP_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_abc' }))).toEqual({ apiKey: 'sk_test_abc', apiUrl: null })
    expect(stripeConnection(parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'https://app.example.com' }))).toBeNull()
  })

  it('refuses what is not a secret key or an origin', () => {
    expect(() => parseEnv({ ...base, APP_ENV: 'development', STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => parseEnv({ ...base, APP_ENV: 'development', STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_URL/)
  })
})

describe('createStripeClient', () => {
  it('points the SDK at another origin with host, port and protocol', () => {
    const client = createStripeClient('sk_test_x', 'http://127.0.0.1:12111')
    expect(client.getApiField('host')).toBe('127.0.0.1')
    expect(client.getApiField('port')).toBe(12111)
    expect(client.getApiField('protocol')).toBe('http')
  })
})
