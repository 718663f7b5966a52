import { stringify } from 'csv-stringify/sync'
import { describe, expect, it } from 'vitest'
import { neutraliseFormula, orderedFields, presetRange, rangeInstants, REPORT_FIELD_KEYS, REPORT_FIELDS, reportHeader, reportRow, type ReportOrder } from './order-reports'
import { CSV_FORMAT } from '#app/rules/csv'

const NOW = new Date('2026-06-15T12:00:00.000Z')

const order: ReportOrder = {
  publicId: 'ord123',
  createdAt: new Date('2026-06-01T09:30:00.000Z'),
  customerName: 'Ann "Quote" Able',
  customerEmail: 'ann@example.test',
  packageName: 'Resume, Deluxe',
  priceCents: 19950,
  currency: 'usd',
  paymentStatus: 'paid',
  statusPercentage: 40,
  dueDate: new Date('2026-06-16T00:00:00.000Z'),
  completedAt: null,
  contributor: 'Wes Writer',
  reviewer: null,
  tags: ['vip', 'rush'],
  priority: 'high',
  amountPaidToWriterCents: 5000,
}

describe('the report field catalogue', () => {
  it('has the spec’s 17 options, each key once', () => {
    expect(REPORT_FIELDS).toHaveLength(17)
    expect(new Set(REPORT_FIELD_KEYS).size).toBe(17)
  })

  it('keeps chosen fields in catalogue order, each once, unknown keys dropped', () => {
    expect(orderedFields(['price', 'orderId', 'price', 'nope'])).toEqual(['orderId', 'price'])
  })
})

describe('one order as CSV cells', () => {
  it.each([
    ['orderId', 'ord123'],
    ['purchaseDate', '2026-06-01T09:30:00.000Z'],
    ['customerName', 'Ann "Quote" Able'],
    ['customerEmail', 'ann@example.test'],
    ['product', 'Resume, Deluxe'],
    ['price', '199.50'],
    ['currency', 'USD'],
    ['paymentStatus', 'paid'],
    ['orderStatus', 'In progress'],
    ['projectStatus', 'Due soon'],
    ['dueDate', '2026-06-16'],
    ['contributor', 'Wes Writer'],
    ['reviewer', ''],
    ['completedDate', ''],
    ['tags', 'vip; rush'],
    ['priority', 'high'],
    ['amountPaidToContributor', '50.00'],
  ] as const)('%s → %j', (key, expected) => {
    expect(reportRow(order, [key], [], undefined, NOW)).toEqual([expected])
  })

  it('says so when there is no invoice, completed at 100 percent, and no amount paid', () => {
    const done = { ...order, paymentStatus: null, statusPercentage: 100, completedAt: new Date('2026-06-10T08:00:00Z'), amountPaidToWriterCents: null }
    expect(reportRow(done, ['paymentStatus', 'orderStatus', 'projectStatus', 'completedDate', 'amountPaidToContributor'], [], undefined, NOW)).toEqual([
      'no invoice',
      'Completed',
      'Completed',
      '2026-06-10',
      '',
    ])
  })

  it('adds one column per question, with the answer or empty', () => {
    const questions = [
      { formId: 'f1', questionId: 'q1', header: 'Intake: Target role?' },
      { formId: 'f1', questionId: 'q2', header: 'Intake: Years?' },
    ]
    expect(reportHeader(['orderId'], questions)).toEqual(['Order ID', 'Intake: Target role?', 'Intake: Years?'])
    expect(reportRow(order, ['orderId'], questions, new Map([['f1:q1', 'Engineer']]), NOW)).toEqual(['ord123', 'Engineer', ''])
  })

  it('shows customer-typed formulas as text', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain', ''].map(neutraliseFormula)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", 'plain', ''])
    expect(reportRow({ ...order, customerName: '=HYPERLINK("x")' }, ['customerName'], [], undefined, NOW)).toEqual([`'=HYPERLINK("x")`])
  })

  it('is quoted by the CSV library: commas, quotes and line breaks survive', () => {
    const row = reportRow({ ...order, packageName: 'Line\nbreak' }, ['customerName', 'product'], [], undefined, NOW)
    expect(stringify([row], CSV_FORMAT)).toBe('"Ann ""Quote"" Able","Line\nbreak"\r\n')
  })
})

describe('date range presets (UTC days, inclusive)', () => {
  it.each([
    ['last7', '2026-06-09', '2026-06-15'],
    ['last30', '2026-05-17', '2026-06-15'],
    ['last90', '2026-03-18', '2026-06-15'],
    ['thisMonth', '2026-06-01', '2026-06-15'],
    ['lastMonth', '2026-05-01', '2026-05-31'],
    ['thisYear', '2026-01-01', '2026-06-15'],
  ] as const)('%s', (preset, startDate, endDate) => {
    expect(presetRange(preset, NOW)).toEqual({ startDate, endDate })
  })

  it('leaves custom to the two dates; last month of January is December', () => {
    expect(presetRange('custom', NOW)).toBeNull()
    expect(presetRange('lastMonth', new Date('2026-01-10T00:00:00Z'))).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' })
  })

  it('turns days into a half-open instant range', () => {
    expect(rangeInstants('2026-06-01', '2026-06-01')).toEqual({ from: new Date('2026-06-01T00:00:00.000Z'), to: new Date('2026-06-02T00:00:00.000Z') })
  })
})
