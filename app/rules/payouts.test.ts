import { describe, expect, it } from 'vitest'
import { NO_PAYOUT_PROFILE, payoutAction, payoutState, requirementLabel, type PayoutProfile } from './payouts'

const profile = (over: Partial<Omit<PayoutProfile, 'requirements'>>, due: string[] = []): PayoutProfile => ({ ...NO_PAYOUT_PROFILE, ...over, requirements: { currently_due: due } })

describe('payoutState', () => {
  it.each([
    ['no account yet', NO_PAYOUT_PROFILE, 'not_started'],
    ['account made, details not submitted', profile({}, ['external_account', 'tos_acceptance.date']), 'not_started'],
    ['submitted, items due', profile({ details_submitted: true, charges_enabled: true }, ['external_account']), 'continue'],
    ['submitted, nothing due, not enabled', profile({ details_submitted: true }), 'verifying'],
    ['submitted, charges only, nothing due', profile({ details_submitted: true, charges_enabled: true }), 'verifying'],
    ['payouts and charges enabled', profile({ details_submitted: true, charges_enabled: true, payouts_enabled: true }), 'configured'],
    ['enabled even with items due later', profile({ details_submitted: true, charges_enabled: true, payouts_enabled: true }, ['individual.id_number']), 'configured'],
  ] as const)('%s → %s', (_name, p, expected) => expect(payoutState(p)).toBe(expected))
})

describe('payoutAction', () => {
  it.each([
    ['not_started', 'Setup Payouts'],
    ['continue', 'Continue Setup'],
    ['verifying', null],
    ['configured', null],
  ] as const)('%s → %s', (state, label) => expect(payoutAction(state)).toBe(label))
})

describe('requirementLabel', () => {
  it.each([
    ['external_account', 'External account'],
    ['individual.verification.document', 'Individual verification document'],
    ['', ''],
  ])('%s → %s', (path, label) => expect(requirementLabel(path)).toBe(label))
})

it('reads an organisation without a payout profile as nothing enabled and nothing due', () => {
  expect(NO_PAYOUT_PROFILE).toEqual({ payouts_enabled: false, charges_enabled: false, details_submitted: false, requirements: { currently_due: [] } })
})
