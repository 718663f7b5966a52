// Redis-backed rate limits for the auth endpoints (brute force, code guessing, mail bombing).
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { redis } from './redis.server'

function limiter(keyPrefix: string, points: number, duration: number) {
  let instance: RateLimiterRedis | undefined
  return () => (instance ??= new RateLimiterRedis({ storeClient: redis(), keyPrefix: `rl:${keyPrefix}`, points, duration }))
}

export const limits = {
  loginFailuresPerAccount: limiter('login-fail-account', 100, 3600),
  loginFailuresPerIp: limiter('login-fail-ip', 500, 3600),
  // Generous: the login form looks organisations up as the e-mail is typed.
  orgLookupsPerIp: limiter('org-lookup-ip', 2000, 600),
  twoFactorPerIp: limiter('2fa-ip', 300, 600),
  twoFactorResends: limiter('2fa-resend', 5, 600),
  resetPerIp: limiter('reset-ip', 100, 3600),
  resetPerEmail: limiter('reset-email', 10, 3600),
  autoLoginPerIp: limiter('auto-login-ip', 300, 600),
}

export type LimitName = keyof typeof limits

/** True when the key has points left; does not consume. */
export async function isAllowed(name: LimitName, key: string): Promise<boolean> {
  const res = await limits[name]().get(key)
  return !res || res.remainingPoints > 0
}

/** Consumes one point; false when the limit is exhausted. */
export async function consume(name: LimitName, key: string): Promise<boolean> {
  try {
    await limits[name]().consume(key)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limits[name]().delete(key)
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.'
