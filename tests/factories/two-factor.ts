// Two-factor fixtures: an organisation owner account, and TOTP switched on for an account through the model
// (enrollment itself is tested in tests/integration/two-factor-totp.test.ts and the profile e2e spec).
import { HOTP, Secret } from 'otpauth'
import { type AuthUser, loadAuthUser } from '#app/models/account.server'
import { confirmTotpEnrollment, startTotpEnrollment, twoFactorStatus } from '#app/models/two-factor.server'
import { timeStep } from '#app/rules/two-factor'
import { createOrganisation, createUser, TEST_PASSWORD } from './index'

/** An organisation (with these settings, e.g. enable_2FA) and its owner's account. */
export async function orgAccount(settings: Record<string, boolean> = {}) {
  const org = await createOrganisation({ settings })
  const user = await createUser({ memberships: [{ clientId: org.id, role: 'client' }] })
  return { org, user }
}

/** The code of one time step for a base32 secret. */
export function totpCodeAt(secret: string, step: number): string {
  return new HOTP({ secret: Secret.fromBase32(secret) }).generate({ counter: step })
}

/** Turns TOTP on for an account (whose password is TEST_PASSWORD) and returns a generator of its codes by time step. */
export async function withTotp(userId: number, clientId: number): Promise<(step: number) => string> {
  const account = (await loadAuthUser(userId, clientId)) as AuthUser
  const started = await startTotpEnrollment(account, { password: TEST_PASSWORD }, { ip: '10.1.1.1' })
  if (!started.ok) throw new Error(started.message)
  const secret = (await twoFactorStatus(account)).pending!.secret
  const enrolled = await confirmTotpEnrollment(account, totpCodeAt(secret, timeStep(Date.now()) - 1), { ip: '10.1.1.1' })
  if (!enrolled.ok) throw new Error(enrolled.message)
  return (step: number) => totpCodeAt(secret, step)
}
