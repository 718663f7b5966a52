import { describe, expect, test } from 'vitest'
import { CUSTOMER_REQUIRED, hasAtMostTwoDecimals, orderCreateFormSchema, orderCreateSchema, PRICE_INVALID, PRODUCT_REQUIRED } from './order-create.schema'
import { refundFormSchema, refundSchema } from './order-invoices.schema'

const ids = { customer_id: 'c1', package_id: 'p1' }
const firstError = (input: unknown) => {
  const result = orderCreateSchema.safeParse(input)
  return result.success ? null : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('orderCreateSchema price', () => {
  test.each([
    ['365.50', 365.5],
    ['365.5', 365.5],
    ['365', 365],
    [' 12.34 ', 12.34],
    [0, 0],
    [365.5, 365.5],
    ['', undefined],
    [undefined, undefined],
    [null, undefined],
  ])('%j is accepted as %j', (price, expected) => {
    const result = orderCreateSchema.safeParse({ ...ids, price })
    expect(result.success).toBe(true)
    expect(result.success && result.data.price).toBe(expected)
  })

  test.each(['365.505', 365.505, '-1', -1, 'abc', '1e3', '1,000', '$10', '.5', '12.', 1e9, Number.NaN, true])('%j is refused with the spec message', (price) => {
    expect(firstError({ ...ids, price })).toEqual({ price: PRICE_INVALID })
  })

  test('two decimals, read in cents', () => {
    expect(hasAtMostTwoDecimals(19.99)).toBe(true)
    expect(hasAtMostTwoDecimals(1.005)).toBe(false)
  })
})

describe('orderCreateSchema ids and toggles', () => {
  test("missing customer and product give the spec's messages", () => {
    expect(firstError({})).toEqual({ customer_id: CUSTOMER_REQUIRED, package_id: PRODUCT_REQUIRED })
    expect(firstError({ customer_id: '  ', package_id: 5 })).toEqual({ customer_id: CUSTOMER_REQUIRED, package_id: PRODUCT_REQUIRED })
  })

  test('JSON: markAsPaid defaults off and createInvoice on; the form reads an absent box as off', () => {
    expect(orderCreateSchema.parse(ids)).toMatchObject({ markAsPaid: false, createInvoice: true })
    expect(orderCreateFormSchema.parse(ids)).toMatchObject({ markAsPaid: false, createInvoice: false })
    expect(orderCreateFormSchema.parse({ ...ids, markAsPaid: 'on', createInvoice: 'on' })).toMatchObject({ markAsPaid: true, createInvoice: true })
    expect(orderCreateSchema.parse({ ...ids, markAsPaid: true, createInvoice: false })).toMatchObject({ markAsPaid: true, createInvoice: false })
  })
})

describe('refund schemas', () => {
  test('the JSON amount is optional (the default is the maximum); the dialog needs one', () => {
    expect(refundSchema.parse({ invoice_id: 'i1' })).toEqual({ invoice_id: 'i1', amount: undefined })
    expect(refundSchema.parse({ invoice_id: 'i1', amount: '50.50' })).toEqual({ invoice_id: 'i1', amount: 50.5 })
    expect(refundSchema.safeParse({ invoice_id: 'i1', amount: 'abc' }).success).toBe(false)
    expect(refundFormSchema.safeParse({ amount: '' }).success).toBe(false)
    expect(refundFormSchema.parse({ amount: '199' })).toEqual({ amount: 199 })
  })
})
