import { describe, expect, test } from 'vitest'
import { invoicePlan, showsCreateInvoice } from './create-order'

describe('invoicePlan', () => {
  test.each([
    { markAsPaid: false, createInvoice: false, plan: 'unpaid' },
    { markAsPaid: false, createInvoice: true, plan: 'unpaid' },
    { markAsPaid: true, createInvoice: true, plan: 'paid' },
    { markAsPaid: true, createInvoice: false, plan: 'none' },
  ] as const)('markAsPaid $markAsPaid, createInvoice $createInvoice → $plan', ({ markAsPaid, createInvoice, plan }) => {
    expect(invoicePlan({ markAsPaid, createInvoice })).toBe(plan)
  })

  test('the Create Invoice toggle shows only with Mark As Paid on', () => {
    expect(showsCreateInvoice(true)).toBe(true)
    expect(showsCreateInvoice(false)).toBe(false)
  })
})
