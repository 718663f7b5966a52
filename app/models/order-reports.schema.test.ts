import { describe, expect, it } from 'vitest'
import { CHOOSE_FIRST_DATE, CHOOSE_SECOND_DATE, createReportSchema, DATES_REVERSED, FIELD_REQUIRED, INVALID_DATE, parseReportForm, UNKNOWN_FIELD } from './order-reports.schema'

const TODAY = new Date('2026-06-15T12:00:00.000Z')
const valid = { startDate: '2026-06-01', endDate: '2026-06-30', finalQuestionnaires: [], reportsFields: ['price', 'orderId'] }

function firstError(body: unknown) {
  const r = createReportSchema.safeParse(body)
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]))
}

describe('POST /api/client/create-reports body', () => {
  it('accepts dates (or ISO date-times), orders the fields and drops repeated questionnaires', () => {
    const r = createReportSchema.parse({ ...valid, startDate: '2026-06-01T00:00:00.000Z', finalQuestionnaires: ['a', 'a', 'b'] })
    expect(r).toEqual({ startDate: '2026-06-01', endDate: '2026-06-30', finalQuestionnaires: ['a', 'b'], reportsFields: ['orderId', 'price'] })
  })

  it.each([
    [{ ...valid, endDate: undefined }, 'endDate', CHOOSE_SECOND_DATE],
    [{ ...valid, endDate: '' }, 'endDate', CHOOSE_SECOND_DATE],
    [{ ...valid, startDate: undefined }, 'startDate', CHOOSE_FIRST_DATE],
    [{ ...valid, endDate: '2026-02-30' }, 'endDate', INVALID_DATE],
    [{ ...valid, endDate: 20260630 }, 'endDate', INVALID_DATE],
    [{ ...valid, endDate: '2026-05-31' }, 'endDate', DATES_REVERSED],
    [{ ...valid, reportsFields: [] }, 'reportsFields', FIELD_REQUIRED],
    [{ ...valid, reportsFields: undefined }, 'reportsFields', FIELD_REQUIRED],
    [{ ...valid, reportsFields: ['price', 'password'] }, 'reportsFields', UNKNOWN_FIELD],
    [{ ...valid, reportsFields: [{}] }, 'reportsFields', UNKNOWN_FIELD],
  ])('%j → %s: %s', (body, field, message) => {
    expect(firstError(body)?.[field]).toBe(message)
  })

  it('refuses more than 20 questionnaires', () => {
    expect(firstError({ ...valid, finalQuestionnaires: Array.from({ length: 21 }, (_, i) => `f${i}`) })?.finalQuestionnaires).toBeTruthy()
  })
})

describe('the page form', () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData()
    for (const [k, v] of entries) f.append(k, v)
    return f
  }

  it('fills a preset’s dates from today', () => {
    const r = parseReportForm(
      form([
        ['range', 'last7'],
        ['reportsFields', 'orderId'],
      ]),
      TODAY,
    )
    expect(r).toMatchObject({ ok: true, data: { startDate: '2026-06-09', endDate: '2026-06-15', reportsFields: ['orderId'] } })
  })

  it('custom range without the second date: the spec’s message, and the input kept', () => {
    const r = parseReportForm(
      form([
        ['range', 'custom'],
        ['startDate', '2026-06-01'],
        ['endDate', ''],
        ['reportsFields', 'price'],
        ['finalQuestionnaires', 'f1'],
      ]),
      TODAY,
    )
    expect(r).toEqual({
      ok: false,
      errors: { endDate: CHOOSE_SECOND_DATE },
      values: { range: 'custom', startDate: '2026-06-01', endDate: '', reportsFields: ['price'], finalQuestionnaires: ['f1'] },
    })
  })

  it('no field chosen: a field error', () => {
    const r = parseReportForm(form([['range', 'last30']]), TODAY)
    expect(r.ok ? null : r.errors).toEqual({ reportsFields: FIELD_REQUIRED })
  })

  it('an unknown range reads as custom', () => {
    const r = parseReportForm(
      form([
        ['range', 'forever'],
        ['reportsFields', 'price'],
      ]),
      TODAY,
    )
    expect(r.ok ? null : r.errors).toEqual({ startDate: CHOOSE_FIRST_DATE, endDate: CHOOSE_SECOND_DATE })
  })
})
