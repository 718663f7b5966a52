import { describe, expect, it } from 'vitest'
import { canMarkPaid, canRefund, checkRefundAmount, refundBounds } from './refund'

const paid = { status: 'paid' as const, providerPaidCents: 36550 }

describe('invoice state rules', () => {
  it('offers Mark As Paid for unpaid invoices only', () => {
    expect(canMarkPaid({ status: 'unpaid', providerPaidCents: 0 })).toBe(true)
    expect(canMarkPaid(paid)).toBe(false)
    expect(canMarkPaid({ status: 'refunded', providerPaidCents: 100 })).toBe(false)
  })
  it('refunds paid invoices the provider collected', () => {
    expect(canRefund(paid)).toBe(true)
    expect(canRefund({ status: 'paid', providerPaidCents: 0 })).toBe(false)
    expect(canRefund({ status: 'unpaid', providerPaidCents: 100 })).toBe(false)
    expect(canRefund({ status: 'refunded', providerPaidCents: 100 })).toBe(false)
  })
})

describe('refund amount', () => {
  it('defaults to the provider-paid price', () => expect(refundBounds(36550)).toEqual({ min: 1, max: 365.5, default: 365.5 }))
  it.each([
    [1, true],
    [365.5, true],
    [200.25, true],
    [0.99, false],
    [0, false],
    [-5, false],
    [365.51, false],
    [Number.NaN, false],
    [10.005, false],
  ])('%s -> %s', (amount, ok) => {
    expect(checkRefundAmount(paid, amount).ok).toBe(ok)
  })
  it('answers cents', () => expect(checkRefundAmount(paid, 365.5)).toEqual({ ok: true, cents: 36550 }))
  it('refuses a refunded invoice', () => expect(checkRefundAmount({ status: 'refunded', providerPaidCents: 100 }, 1).ok).toBe(false))
})

// Edges mutation testing found untested (ADR 0103): each refusal with its text, and a fraction of a cent.
describe('refund refusals with their texts', () => {
  const invoice = { status: 'paid' as const, providerPaidCents: 50000 }
  it.each([
    [{ status: 'refunded' as const, providerPaidCents: 100 }, 1, 'This invoice cannot be refunded'],
    [invoice, Number.NaN, 'Enter a refund amount'],
    [invoice, 0.5, 'The refund amount must be at least 1'],
    [invoice, 500.01, 'The refund amount cannot be more than 500'],
    [invoice, 10.005, 'Enter a correct number, ex. 365.50'],
  ])('%j, %d: %s', (inv, amount, error) => expect(checkRefundAmount(inv, amount)).toEqual({ ok: false, error }))
  it('takes a whole number of cents, up to the paid price', () => {
    expect(checkRefundAmount(invoice, 500)).toEqual({ ok: true, cents: 50000 })
    expect(checkRefundAmount(invoice, 0.1 + 0.2)).toEqual({ ok: false, error: 'The refund amount must be at least 1' })
    expect(checkRefundAmount(invoice, 1.1 + 2.2)).toEqual({ ok: true, cents: 330 })
  })
})
