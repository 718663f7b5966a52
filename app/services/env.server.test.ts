import { describe, expect, it } from 'vitest'
import { parseEnv, parseFeePercent, parseTrustProxy, publicOriginOf } from './env.server'

const base = { DATABASE_URL: 'mysql://x', REDIS_URL: 'redis://x', SESSION_SECRET: 'a-secret-of-sixteen+' }

describe('PUBLIC_URL', () => {
  it('is required in production', () => {
    expect(() => parseEnv({ ...base, APP_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/)
  })

  it('defaults to localhost and the port outside production', () => {
    expect(parseEnv({ ...base, APP_ENV: 'development', PORT: '3456' }).PUBLIC_URL).toBe('http://localhost:3456')
    expect(parseEnv({ ...base, APP_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000')
  })

  it('keeps only the origin', () => {
    expect(parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'https://app.example.com/' }).PUBLIC_URL).toBe('https://app.example.com')
  })

  it('must be https in production, where the session cookie is Secure', () => {
    expect(() => parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'http://app.example.com' })).toThrow(/PUBLIC_URL: must be https in production/)
    expect(() => parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toThrow(/must be https/)
    expect(parseEnv({ ...base, APP_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toBe('http://localhost:3000')
  })

  it.each(['https://app.example.com/portal', 'ftp://app.example.com', 'app.example.com', 'https://u:p@app.example.com'])('refuses %s', (value) => {
    expect(publicOriginOf(value)).toBeNull()
    expect(() => parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: value })).toThrow(/PUBLIC_URL/)
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
    ['yes', null],
    ['10.0.0.0/33', null],
    ['10.0.0.0/8/1', null],
    ['example.com', null],
  ] as const)('%s', (value, expected) => expect(parseTrustProxy(value)).toEqual(expected))

  it('fails fast on a bad value and defaults to off', () => {
    expect(() => parseEnv({ ...base, APP_ENV: 'test', TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(parseEnv({ ...base, APP_ENV: 'test' }).TRUST_PROXY).toBe(false)
  })
})

describe('HOST', () => {
  it('is loopback outside production whatever is set, and all interfaces by default in production', () => {
    expect(parseEnv({ ...base, APP_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('127.0.0.1')
    expect(parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'https://a.example' }).HOST).toBeUndefined()
    expect(parseEnv({ ...base, APP_ENV: 'production', PUBLIC_URL: 'https://a.example', HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3')
  })
})

describe('PLATFORM_APPLICATION_FEE_PERCENT', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['2.5', 2.5],
    [' 10 ', 10],
    ['100', 100],
    ['0.0125', 0.0125],
    ['100.5', null],
    ['101', null],
    ['-1', null],
    ['5%', null],
    ['2.12345', null],
    ['abc', null],
  ] as const)('%s', (value, expected) => expect(parseFeePercent(value)).toBe(expected))

  it('defaults to 0 and fails fast on a bad value', () => {
    expect(parseEnv({ ...base, APP_ENV: 'test' }).PLATFORM_APPLICATION_FEE_PERCENT).toBe(0)
    expect(parseEnv({ ...base, APP_ENV: 'test', PLATFORM_APPLICATION_FEE_PERCENT: '2.9' }).PLATFORM_APPLICATION_FEE_PERCENT).toBe(2.9)
    expect(() => parseEnv({ ...base, APP_ENV: 'test', PLATFORM_APPLICATION_FEE_PERCENT: '150' })).toThrow(/PLATFORM_APPLICATION_FEE_PERCENT: must be a percentage/)
  })
})
