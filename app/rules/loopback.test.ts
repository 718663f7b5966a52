import { describe, expect, it } from 'vitest'
import { isLoopback, isLoopbackHostname } from './loopback'

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['192.168.1.127', false],
    ['1127.0.0.1', false],
    ['127.10.200.30', true],
    ['127.0.0.1234', false],
    ['127.0.0.1.evil.test', false],
    ['x127.0.0.1', false],
    ['', false],
    [null, false],
  ] as const)('%s', (address, expected) => expect(isLoopback(address)).toBe(expected))
})

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['localhost.evil.test', false],
    ['127.0.0.1.nip.io', false],
    ['127.1.20.255', true],
    ['evil.test', false],
    ['10.0.0.1', false],
  ])('%s', (hostname, expected) => expect(isLoopbackHostname(hostname)).toBe(expected))
})
