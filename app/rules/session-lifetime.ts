// How long a session lives: an idle timeout and an absolute lifetime from sign-in, longer with
// remember-me. Every number about session lifetime lives here.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const SESSION_LIFETIME = {
  /** Without a request for this long the session ends. */
  idle: { normal: 2 * HOUR, remember: 7 * DAY },
  /** From sign-in (the session's creation), however active it is. */
  absolute: { normal: 12 * HOUR, remember: 30 * DAY },
  /** lastSeenAt is written at most this often, so a busy session is not a write per request. */
  touchEvery: MINUTE,
} as const

/** The browser keeps a remember-me cookie this long; otherwise it is a browser-session cookie. */
export const REMEMBER_COOKIE_SECONDS = SESSION_LIFETIME.absolute.remember / 1000

export type SessionClock = { createdAt: number; lastSeenAt: number; remember: boolean }

/** When the session ends if nothing else happens (epoch ms): whichever limit comes first. */
export function sessionEndsAt(s: SessionClock): number {
  const kind = s.remember ? 'remember' : 'normal'
  return Math.min(s.createdAt + SESSION_LIFETIME.absolute[kind], s.lastSeenAt + SESSION_LIFETIME.idle[kind])
}

export function isSessionAlive(s: SessionClock, now: number): boolean {
  return now < sessionEndsAt(s)
}

export function needsTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_LIFETIME.touchEvery
}
