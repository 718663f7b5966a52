// Redis-backed rate limits for the auth endpoints (brute force, code guessing, mail bombing) and the
// public checkout lookups (ADR 0034), and the addresses an account has signed in from (ADR 0012: an
// attacker cannot lock the owner out).
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { rateLimitAddress } from '#app/rules/address-key'
import { LOGIN_LIMITS, TWO_FACTOR_LIMITS } from '#app/rules/login-limits'
import { redis } from './redis.server'

function limiter(keyPrefix: string, points: number, duration: number) {
  let instance: RateLimiterRedis | undefined
  return () => (instance ??= new RateLimiterRedis({ storeClient: redis(), keyPrefix: `rl:${keyPrefix}`, points, duration }))
}

export const limits = {
  // Keyed by loginAccountKey (realm and e-mail); see app/rules/login-limits.ts for who each one stops.
  loginFailuresPerAccount: limiter('login-fail-account', LOGIN_LIMITS.perAccount.failures, LOGIN_LIMITS.perAccount.windowSeconds),
  loginFailuresPerAccountIp: limiter('login-fail-account-ip', LOGIN_LIMITS.perAccountAndIp.failures, LOGIN_LIMITS.perAccountAndIp.windowSeconds),
  loginFailuresPerIp: limiter('login-fail-ip', LOGIN_LIMITS.perIp.failures, LOGIN_LIMITS.perIp.windowSeconds),
  // Generous: the login form looks organisations up as the e-mail is typed.
  orgLookupsPerIp: limiter('org-lookup-ip', 2000, 600),
  // Lookups that found no organisation (a found one gives its point back): nobody tests address after address.
  orgLookupMissesPerIp: limiter('org-lookup-miss-ip', 30, 600),
  twoFactorPerIp: limiter('2fa-ip', 300, 600),
  // Checkout lookups (ADR 0034). The subdomain is checked 800 ms after typing stops, so generous.
  subdomainChecksPerIp: limiter('subdomain-check-ip', 600, 600),
  packageLookupsPerIp: limiter('package-lookup-ip', 300, 600),
  // Misses only (a found code is refunded): guessing codes stays slow, applying a real one never is.
  promoMissesPerIp: limiter('promo-miss-ip', 20, 600),
  // Checkout submits that reach the card network and fail (ADR 0035; a success gives its point back): card testing stays slow.
  checkoutAttemptsPerIp: limiter('checkout-attempt-ip', 10, 3600),
  // Keyed by account id: survives new challenges, so logging in again buys no new guesses.
  twoFactorFailuresPerAccount: limiter('2fa-fail-account', TWO_FACTOR_LIMITS.perAccount.failures, TWO_FACTOR_LIMITS.perAccount.windowSeconds),
  twoFactorResends: limiter('2fa-resend', 5, 600),
  resetPerIp: limiter('reset-ip', 100, 3600),
  resetPerEmail: limiter('reset-email', 10, 3600),
  autoLoginPerIp: limiter('auto-login-ip', 300, 600),
  // Customers' e-mailed sign-in links (ADR 0059): requests per address asking, and e-mails per account (counted in the worker, so unseen).
  signInLinksPerIp: limiter('sign-in-link-ip', 30, 3600),
  signInLinksPerEmail: limiter('sign-in-link-email', 5, 3600),
  // Public lead captures of a cart or checkout page (ADR 0050): a visitor leaves one or two; a script filling an organisation's list does not get far.
  leadCapturesPerIp: limiter('lead-capture-ip', 30, 600),
  // Wrong current passwords (password or e-mail change, TOTP on or off), per account: a stolen session cannot guess on.
  currentPasswordFailures: limiter('current-password-fail', 10, 3600),
}

export type LimitName = keyof typeof limits

/** Per-address limits count an IPv6 client by its /64, so a host cannot step around them. */
const subject = (name: LimitName, key: string) => (name.endsWith('PerIp') ? rateLimitAddress(key) : key)

/**
 * Consumes one point; false when the limit is exhausted. Atomic in Redis, so spending a point
 * before checking a password or code means parallel guesses can never overrun a limit.
 */
export async function consume(name: LimitName, key: string): Promise<boolean> {
  try {
    await limits[name]().consume(subject(name, key))
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

/** Gives a point back: an attempt that turned out right is not a failure. */
export async function refund(name: LimitName, key: string): Promise<void> {
  await limits[name]().reward(subject(name, key), 1)
}

export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limits[name]().delete(subject(name, key))
}

const knownSourceKey = (accountKey: string, ip: string) => `login-known:${accountKey}|${rateLimitAddress(ip)}`

/** Remembers that the account signed in from this address (for LOGIN_LIMITS.knownSourceDays). */
export async function rememberSource(accountKey: string, ip: string): Promise<void> {
  await redis().set(knownSourceKey(accountKey, ip), '1', 'EX', LOGIN_LIMITS.knownSourceDays * 24 * 3600)
}

export async function isKnownSource(accountKey: string, ip: string): Promise<boolean> {
  return (await redis().exists(knownSourceKey(accountKey, ip))) === 1
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.'
