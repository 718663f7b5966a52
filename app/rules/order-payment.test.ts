import { describe, expect, test } from 'vitest'
import { paymentLabel, paymentState, showsCustomerPrice, type InvoiceState } from './order-payment'

const inv = (status: InvoiceState['status'], priceCents = 1000, refundCents: number | null = null): InvoiceState => ({ status, priceCents, refundCents })

describe('paymentState', () => {
  test.each<[string, InvoiceState[], string]>([
    ['no invoice', [], 'No invoice'],
    ['one paid', [inv('paid')], 'Paid'],
    ['one unpaid', [inv('unpaid')], 'Unpaid'],
    ['refunded in full', [inv('refunded', 1000, 1000)], 'Refunded'],
    ['refunded, amount unknown', [inv('refunded', 1000, null)], 'Refunded'],
    ['refunded in part', [inv('refunded', 1000, 400)], 'Partially refunded'],
    ['one paid, one refunded', [inv('paid'), inv('refunded', 500, 500)], 'Partially refunded'],
    ['unpaid wins', [inv('paid'), inv('unpaid'), inv('refunded')], 'Unpaid'],
  ])('%s', (_, invoices, label) => {
    expect(paymentLabel(paymentState(invoices))).toBe(label)
  })
})

describe('showsCustomerPrice', () => {
  const owner = { role: 'client', permissions: [] as string[] }
  const staff = { role: 'user', permissions: ['READ_ORDERS'] }
  const reviewer = { role: 'user', permissions: ['REVIEWER', 'READ_ORDERS'] }
  const writer = { role: 'user', permissions: ['WRITER', 'READ_ORDERS'] }
  test.each([
    ['owner', owner, true, true],
    ['staff', staff, true, true],
    ['reviewer', reviewer, true, false],
    ['writer', writer, true, false],
    ['reviewer, setting off', reviewer, false, true],
  ] as const)('%s', (_, user, hide, shown) => {
    expect(showsCustomerPrice(user as never, { hide_customer_price: hide })).toBe(shown)
  })
})
