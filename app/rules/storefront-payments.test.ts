import { describe, expect, it } from 'vitest'
import { NOT_TAKING_ORDERS, type PayoutAccountCheck, storefrontPaymentsFrom } from './storefront-payments'

const found = (chargesEnabled: boolean, detailsSubmitted: boolean, currentlyDue: string[] = []): PayoutAccountCheck => ({
  kind: 'found',
  chargesEnabled,
  detailsSubmitted,
  currentlyDue,
})

describe('storefrontPaymentsFrom', () => {
  it.each<[string | null, PayoutAccountCheck | null, string]>([
    [null, null, NOT_TAKING_ORDERS.noAccount],
    ['acct_1', null, NOT_TAKING_ORDERS.noAccount],
    [null, { kind: 'unconfigured' }, NOT_TAKING_ORDERS.unconfigured],
    ['acct_1', { kind: 'unconfigured' }, NOT_TAKING_ORDERS.unconfigured],
    ['acct_1', { kind: 'missing' }, NOT_TAKING_ORDERS.accountGone],
    ['acct_1', { kind: 'unreachable' }, NOT_TAKING_ORDERS.providerDown],
    ['acct_1', found(false, false, ['external_account']), NOT_TAKING_ORDERS.detailsMissing],
    ['acct_1', found(false, true, ['individual.verification.document']), NOT_TAKING_ORDERS.moreDetailsDue],
    ['acct_1', found(false, true), NOT_TAKING_ORDERS.chargesDisabled],
  ])('%s with %o: not taking orders (%s)', (accountId, check, reason) => {
    expect(storefrontPaymentsFrom(accountId, check)).toEqual({ takingOrders: false, reason })
  })

  it('takes orders once charges are enabled, payouts or not', () => {
    expect(storefrontPaymentsFrom('acct_1', found(true, true))).toEqual({ takingOrders: true, accountId: 'acct_1' })
    expect(storefrontPaymentsFrom('acct_1', found(true, true, ['external_account']))).toEqual({ takingOrders: true, accountId: 'acct_1' })
  })
})
