import { describe, expect, it } from 'vitest'
import { isCompletedOrder, NO_SCHEDULING_LINK_WARNING, schedulingLinkWarning, truncateTitle } from './order-assignment'

const order = (...modules: string[]) => ({ services: [{ serviceModules: modules.map((id) => ({ id })) }] })

describe('isCompletedOrder', () => {
  it.each([
    [{ statusPercentage: 100, markedAsComplete: false }, true],
    [{ statusPercentage: 40, markedAsComplete: true }, true],
    [{ statusPercentage: 99, markedAsComplete: false }, false],
    [{ statusPercentage: 0, markedAsComplete: false }, false],
  ])('%j is %s', (o, expected) => expect(isCompletedOrder(o)).toBe(expected))
})

describe('schedulingLinkWarning', () => {
  it.each([
    ['appointment module, no link', [order('previous_document', 'schedule_appointment')], null, NO_SCHEDULING_LINK_WARNING],
    ['appointment module, blank link', [order('schedule_appointment')], '  ', NO_SCHEDULING_LINK_WARNING],
    ['appointment module, with link', [order('schedule_appointment')], 'https://cal.example/x', null],
    ['no appointment module', [order('previous_document', 'final_document')], null, null],
    ['one of several orders books an appointment', [order('final_document'), order('schedule_appointment')], undefined, NO_SCHEDULING_LINK_WARNING],
  ])('%s', (_name, orders, link, expected) => expect(schedulingLinkWarning(orders, link)).toBe(expected))
})

describe('truncateTitle', () => {
  it('keeps short titles and cuts long ones at 80 characters', () => {
    expect(truncateTitle('Resume Writing')).toBe('Resume Writing')
    const long = 'x'.repeat(120)
    expect(truncateTitle(long)).toHaveLength(80)
    expect(truncateTitle(long).endsWith('…')).toBe(true)
    expect(truncateTitle('y'.repeat(80))).toBe('y'.repeat(80))
  })
})
