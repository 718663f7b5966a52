// Failed-login and code-guessing limits (ADR 0012): who gets refused after how many failures; pure, no I/O.

export const LOGIN_LIMITS = {
  /** One address guessing one account's password: blocks that address only, so the owner is never locked out by it. */
  perAccountAndIp: { failures: 10, windowSeconds: 15 * 60 },
  /** Everyone guessing one account (a botnet): past this only addresses the owner has signed in from may try. */
  perAccount: { failures: 100, windowSeconds: 60 * 60 },
  /** One address spraying many accounts. */
  perIp: { failures: 500, windowSeconds: 60 * 60 },
  /** How long a successful sign-in makes its address a known one for the account. */
  knownSourceDays: 30,
} as const

export const TWO_FACTOR_LIMITS = {
  /** Wrong codes per account, across challenges: a new login does not buy new guesses. */
  perAccount: { failures: 10, windowSeconds: 60 * 60 },
} as const

/**
 * The account a password is tried against: realm (an organisation's id, or the public id asked for when
 * no such organisation exists) and e-mail, whether or not the account exists (nothing to enumerate).
 */
export function loginAccountKey(realm: number | string | null, email: string): string {
  return `${realm ?? 'platform'}:${email.trim().toLowerCase()}`
}

export type LoginLimitState = {
  /** Whether each limit still had room for this attempt. */
  ipOk: boolean
  accountIpOk: boolean
  accountOk: boolean
  /** The address signed in to this account successfully within knownSourceDays. */
  knownSource: boolean
}

export type LoginLimitDecision = 'allow' | 'ip-limited' | 'account-ip-limited' | 'account-limited'

/**
 * Whether a password may be checked. The per-account limit never stops an address the owner has
 * used: an attacker elsewhere can exhaust it, and that must not lock the owner out.
 */
export function loginLimitDecision(s: LoginLimitState): LoginLimitDecision {
  if (!s.accountIpOk) return 'account-ip-limited'
  if (!s.ipOk) return 'ip-limited'
  if (!s.accountOk && !s.knownSource) return 'account-limited'
  return 'allow'
}
