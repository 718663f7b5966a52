// Order action payloads: the spec's messages, the date-only and not-before-today rule, the bulk flag name.
import { describe, expect, it } from 'vitest'
import {
  AMOUNT_NEGATIVE,
  AMOUNT_REQUIRED,
  AMOUNT_WHOLE,
  amountPaidSchema,
  assignReviewerSchema,
  assignWriterSchema,
  bulkFlagsSchema,
  DUE_DATE_IN_PAST,
  DUE_DATE_INVALID,
  DUE_DATE_REQUIRED,
  dueDateSchema,
  FLAG_INVALID,
  hideOrderSchema,
  markCompleteSchema,
  ORDERS_REQUIRED,
  parseDateOnly,
  PRIORITY_INVALID,
  prioritySchema,
  testOrderSchema,
  todayUtc,
} from './order-actions.schema'

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message)
const addDays = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000))

describe('dueDateSchema', () => {
  it.each([
    ['today', addDays(0), null],
    ['tomorrow', addDays(1), null],
    ['next year', addDays(365), null],
    ['yesterday', addDays(-1), DUE_DATE_IN_PAST],
    ['long ago', '2001-01-01', DUE_DATE_IN_PAST],
    ['empty', '', DUE_DATE_REQUIRED],
    ['missing', undefined, DUE_DATE_REQUIRED],
    ['not a date', 'soon', DUE_DATE_INVALID],
    ['impossible day', '2099-02-30', DUE_DATE_INVALID],
    ['a number', 20991231, DUE_DATE_INVALID],
  ])('%s', (_name, dueDate, message) => {
    expect(firstMessage(dueDateSchema.safeParse({ orderIds: ['a'], dueDate }))).toBe(message)
  })

  it('keeps the date only, also from a full ISO string', () => {
    expect(dueDateSchema.parse({ orderIds: 'a', dueDate: '2099-12-31T22:15:00.000Z' })).toEqual({ orderIds: ['a'], dueDate: '2099-12-31' })
  })

  it('needs at least one order and drops blanks and repeats', () => {
    expect(firstMessage(dueDateSchema.safeParse({ orderIds: [], dueDate: addDays(1) }))).toBe(ORDERS_REQUIRED)
    expect(firstMessage(dueDateSchema.safeParse({ dueDate: addDays(1) }))).toBe(ORDERS_REQUIRED)
    expect(dueDateSchema.parse({ orderIds: ['a', ' ', 'a', 'b'], dueDate: addDays(1) }).orderIds).toEqual(['a', 'b'])
  })

  it('parses only real calendar dates', () => {
    expect(parseDateOnly('2024-02-29')).toBe('2024-02-29')
    expect(parseDateOnly('2023-02-29')).toBeNull()
    expect(parseDateOnly('29/02/2024')).toBeNull()
  })
})

describe('prioritySchema', () => {
  it.each(['urgent', 'high', 'medium', 'low'])('accepts %s', (priority) => expect(prioritySchema.parse({ priority })).toEqual({ priority }))
  it.each([['URGENT'], ['critical'], [''], [undefined], [3]])('refuses %j', (priority) => expect(firstMessage(prioritySchema.safeParse({ priority }))).toBe(PRIORITY_INVALID))
})

describe('amountPaidSchema', () => {
  it.each([
    ['empty string', '', AMOUNT_REQUIRED],
    ['missing', undefined, AMOUNT_REQUIRED],
    ['null', null, AMOUNT_REQUIRED],
    ['text', 'abc', AMOUNT_REQUIRED],
    ['negative', -1, AMOUNT_NEGATIVE],
    ['a fraction (step 1)', '12.5', AMOUNT_WHOLE],
    ['zero', '0', null],
    ['a whole number from a form', '150', null],
    ['a JSON number', 75, null],
  ])('%s', (_name, amountPaidToWriter, message) => {
    expect(firstMessage(amountPaidSchema.safeParse({ amountPaidToWriter }))).toBe(message)
  })
})

describe('flag switches', () => {
  it.each([
    [true, true],
    ['true', true],
    ['false', false],
    [['false', 'true'], true],
    [false, false],
  ])('testOrder %j is %s', (testOrder, expected) => expect(testOrderSchema.parse({ testOrder }).testOrder).toBe(expected))

  it('refuses anything but a boolean', () => {
    expect(hideOrderSchema.safeParse({ hideOrder: 'maybe' }).success).toBe(false)
    expect(hideOrderSchema.safeParse({}).success).toBe(false)
  })

  it('needs an order id to mark complete', () => {
    expect(markCompleteSchema.safeParse({ orderId: '' }).success).toBe(false)
    expect(markCompleteSchema.parse({ orderId: ' abc ' })).toEqual({ orderId: 'abc' })
  })
})

describe('bulkFlagsSchema', () => {
  it.each([
    ['archived', 'archived'],
    [{ testOrder: true }, 'testOrder'],
    [{ hideOrder: false }, 'hideOrder'],
  ] as const)('updateData %j names %s', (updateData, flag) => {
    expect(bulkFlagsSchema.parse({ selectedOrdersIds: ['a'], updateData }).updateData).toBe(flag)
  })
  it.each([[{ archived: true, testOrder: true }], ['markedAsComplete'], [{}], [undefined]])('refuses %j', (updateData) => {
    expect(firstMessage(bulkFlagsSchema.safeParse({ selectedOrdersIds: ['a'], updateData }))).toBe(FLAG_INVALID)
  })
})

describe('assignment schemas', () => {
  it('reads the writer, message and file key; empty writer unassigns', () => {
    expect(assignWriterSchema.parse({ selectedOrdersIds: ['a'], writerId: 'w1', msgToWriter: ' hi ', fileUploadToWriter: { key: 'k.pdf' } })).toEqual({
      selectedOrdersIds: ['a'],
      writerId: 'w1',
      msgToWriter: 'hi',
      fileUploadToWriter: 'k.pdf',
    })
    expect(assignWriterSchema.parse({ selectedOrdersIds: 'a', writerId: '' })).toEqual({ selectedOrdersIds: ['a'], writerId: null, msgToWriter: '', fileUploadToWriter: null })
    expect(assignWriterSchema.parse({ selectedOrdersIds: 'a', writerId: null, fileUploadToWriter: { file: { key: 'x.docx' } } }).fileUploadToWriter).toBe('x.docx')
  })

  it('ignores a browser File (the page stores it first) and an empty one', () => {
    const file = new File([], '')
    expect(assignWriterSchema.parse({ selectedOrdersIds: 'a', writerId: 'w', fileUploadToWriter: file }).fileUploadToWriter).toBeNull()
  })

  it('refuses a message over the limit and a missing selection', () => {
    expect(assignWriterSchema.safeParse({ selectedOrdersIds: ['a'], writerId: 'w', msgToWriter: 'x'.repeat(5001) }).success).toBe(false)
    expect(firstMessage(assignReviewerSchema.safeParse({ selectedOrdersIds: [], reviewerId: 'r' }))).toBe(ORDERS_REQUIRED)
    expect(assignReviewerSchema.parse({ selectedOrdersIds: ['a'], reviewerId: undefined }).reviewerId).toBeNull()
  })
})
