import { describe, expect, it } from 'vitest'
import { isSessionAlive, needsTouch, REMEMBER_COOKIE_SECONDS, SESSION_LIFETIME, sessionEndsAt } from './session-lifetime'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const signIn = Date.UTC(2026, 0, 1)

describe('isSessionAlive', () => {
  const cases: [string, { createdAt: number; lastSeenAt: number; remember: boolean }, number, boolean][] = [
    ['fresh session', { createdAt: signIn, lastSeenAt: signIn, remember: false }, signIn + MINUTE, true],
    ['idle just under 2 hours', { createdAt: signIn, lastSeenAt: signIn, remember: false }, signIn + 2 * HOUR - 1, true],
    ['idle 2 hours', { createdAt: signIn, lastSeenAt: signIn, remember: false }, signIn + 2 * HOUR, false],
    ['active but 12 hours old', { createdAt: signIn, lastSeenAt: signIn + 12 * HOUR - MINUTE, remember: false }, signIn + 12 * HOUR, false],
    ['active, 11 hours old', { createdAt: signIn, lastSeenAt: signIn + 11 * HOUR, remember: false }, signIn + 11 * HOUR + MINUTE, true],
    ['remember-me idle 3 days', { createdAt: signIn, lastSeenAt: signIn, remember: true }, signIn + 3 * DAY, true],
    ['remember-me idle just under 7 days', { createdAt: signIn, lastSeenAt: signIn, remember: true }, signIn + 7 * DAY - 1, true],
    ['remember-me idle 7 days', { createdAt: signIn, lastSeenAt: signIn, remember: true }, signIn + 7 * DAY, false],
    ['remember-me 30 days old', { createdAt: signIn, lastSeenAt: signIn + 29 * DAY, remember: true }, signIn + 30 * DAY, false],
  ]
  it.each(cases)('%s', (_name, clock, now, alive) => expect(isSessionAlive(clock, now)).toBe(alive))

  it('ends at the earlier limit', () => {
    expect(sessionEndsAt({ createdAt: signIn, lastSeenAt: signIn, remember: false })).toBe(signIn + SESSION_LIFETIME.idle.normal)
    expect(sessionEndsAt({ createdAt: signIn, lastSeenAt: signIn + 11 * HOUR, remember: false })).toBe(signIn + SESSION_LIFETIME.absolute.normal)
  })
})

describe('needsTouch', () => {
  it.each([
    [0, false],
    [30_000, false],
    [MINUTE, true],
    [HOUR, true],
  ])('%d ms after the last write: %s', (elapsed, expected) => expect(needsTouch(signIn, signIn + elapsed)).toBe(expected))
})

it('keeps a remember-me cookie for the 30 days of the session, in seconds', () => {
  expect(REMEMBER_COOKIE_SECONDS).toBe(30 * 24 * 60 * 60)
})
