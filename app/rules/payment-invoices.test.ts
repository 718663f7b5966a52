import { describe, expect, it } from 'vitest'
import { isPayable, paymentInvoiceRows, RECEIPT_NUMBER, type ChargeFacts, type InvoiceFacts } from './payment-invoices'

const user = { firstName: 'Ada', lastName: 'Owner', email: 'ada@example.test' }
const invoice = (id: string, over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  id,
  number: `INV-${id}`,
  status: 'paid',
  amountDueCents: 2900,
  amountPaidCents: 2900,
  currency: 'usd',
  created: 1000,
  hostedInvoiceUrl: `https://pay.example/${id}`,
  invoicePdf: `https://pay.example/${id}.pdf`,
  paymentIntentId: `pi_${id}`,
  ...over,
})
const charge = (id: string, over: Partial<ChargeFacts> = {}): ChargeFacts => ({
  id,
  paymentIntentId: `pi_${id}`,
  amountCents: 2900,
  amountRefundedCents: 0,
  currency: 'usd',
  status: 'succeeded',
  created: 1000,
  receiptUrl: `https://pay.example/receipts/${id}`,
  receiptNumber: null,
  ...over,
})

describe('paymentInvoiceRows', () => {
  it('gives each invoice the receipt of the charge that paid it, not of a failed attempt', () => {
    const rows = paymentInvoiceRows({
      invoices: [invoice('a')],
      charges: [
        charge('fail', { paymentIntentId: 'pi_a', status: 'failed', receiptUrl: 'https://pay.example/receipts/fail' }),
        charge('ok', { paymentIntentId: 'pi_a', receiptNumber: '1234-5678' }),
      ],
      user,
      invoicesComplete: true,
    })
    expect(rows).toEqual([
      {
        _id: 'a',
        user,
        invoice_number: 'INV-a',
        receipt_number: '1234-5678',
        amount_due: 2900,
        amount_paid: 2900,
        currency: 'usd',
        status: 'paid',
        created: 1000,
        invoice_url: 'https://pay.example/a',
        invoice_pdf: 'https://pay.example/a.pdf',
        receipt_url: 'https://pay.example/receipts/ok',
      },
    ])
  })

  it('lists an open invoice without a receipt, and leaves drafts out', () => {
    const rows = paymentInvoiceRows({
      invoices: [invoice('open', { status: 'open', amountPaidCents: 0 }), invoice('draft', { status: 'draft', number: null })],
      charges: [charge('x', { paymentIntentId: 'pi_open', status: 'failed' })],
      user,
      invoicesComplete: true,
    })
    expect(rows.map((r) => [r._id, r.status, r.amount_paid, r.receipt_url])).toEqual([['open', 'open', 0, null]])
  })

  it("makes a paid charge with no invoice a receipt ('n/a'), refunded when fully refunded; failed charges are no receipts", () => {
    const rows = paymentInvoiceRows({
      invoices: [invoice('a', { created: 100 })],
      charges: [charge('one', { created: 300 }), charge('back', { created: 200, amountRefundedCents: 2900 }), charge('declined', { status: 'failed', created: 400 })],
      user,
      invoicesComplete: true,
    })
    expect(rows.map((r) => [r._id, r.invoice_number, r.status, r.amount_due, r.amount_paid])).toEqual([
      ['one', RECEIPT_NUMBER, 'paid', 2900, 2900],
      ['back', RECEIPT_NUMBER, 'refunded', 2900, 2900],
      ['a', 'INV-a', 'paid', 2900, 2900],
    ])
  })

  it('does not take a charge older than the page of invoices for a receipt when more invoices exist', () => {
    const page = { invoices: [invoice('new', { created: 500 })], charges: [charge('old', { created: 100 }), charge('later', { created: 600 })], user }
    expect(paymentInvoiceRows({ ...page, invoicesComplete: false }).map((r) => r._id)).toEqual(['later', 'new'])
    expect(paymentInvoiceRows({ ...page, invoicesComplete: true }).map((r) => r._id)).toEqual(['later', 'new', 'old'])
  })

  it('falls back to the invoice id while Stripe has given no number', () => {
    expect(paymentInvoiceRows({ invoices: [invoice('nn', { number: null, status: 'open' })], charges: [], user, invoicesComplete: true })[0]!.invoice_number).toBe('nn')
  })
})

describe('isPayable', () => {
  it.each([
    [{ status: 'open', invoice_number: 'INV-1' }, true],
    [{ status: 'paid', invoice_number: 'INV-1' }, false],
    [{ status: 'void', invoice_number: 'INV-1' }, false],
    [{ status: 'open', invoice_number: RECEIPT_NUMBER }, false],
  ])('%o → %s', (row, expected) => expect(isPayable(row)).toBe(expected))
})
