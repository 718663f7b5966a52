// TOTP (RFC 6238) time steps, the replay rule and the shapes of codes people type; pure, no I/O.

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** The previous and the next step count too: phone clocks drift and typing takes time. */
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown as two groups of five. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export const RECOVERY_CODE_LENGTH = 10

/** The RFC 6238 counter at a moment: whole periods since the Unix epoch. */
export function timeStep(epochMs: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(epochMs / 1000 / period)
}

/** The steps a code typed at `epochMs` may belong to, the current one first. */
export function acceptedSteps(epochMs: number, window = TOTP_WINDOW): number[] {
  const current = timeStep(epochMs)
  const steps = [current]
  for (let d = 1; d <= window; d++) steps.push(current - d, current + d)
  return steps
}

/**
 * A code is taken only for a step later than the last one accepted: a code seen once (read over a
 * shoulder, logged by a proxy) never works again, and neither does any older one.
 */
export function isFreshStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep
}

/** Compares in time independent of where the strings differ (codes are short; lengths are public). */
function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * The step of the window whose code is `code` and that has not been used yet, or null.
 * `codeForStep` computes the authenticator's code for a step (HOTP with the step as counter).
 */
export function findFreshStep(code: string, epochMs: number, lastUsedStep: number | null, codeForStep: (step: number) => string): number | null {
  let found: number | null = null
  // Every candidate is computed and compared, so timing does not tell which step matched.
  for (const step of acceptedSteps(epochMs)) {
    if (sameCode(codeForStep(step), code) && isFreshStep(step, lastUsedStep) && found === null) found = step
  }
  return found
}

/** What people type: spaces and dashes are decoration, letters are case-free. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toLowerCase()
}

export type CodeKind = 'numeric' | 'recovery' | 'invalid'

/** Six digits are an authenticator (or e-mailed) code; ten letters and digits a recovery code. */
export function codeKind(input: string): CodeKind {
  const code = normalizeCode(input)
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return 'numeric'
  if (code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c))) return 'recovery'
  return 'invalid'
}

/** `abcde-fghjk`: easier to read out and copy than ten characters in a row. */
export function formatRecoveryCode(code: string): string {
  const plain = normalizeCode(code)
  return `${plain.slice(0, 5)}-${plain.slice(5)}`
}
