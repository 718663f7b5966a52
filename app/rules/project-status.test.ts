import { describe, expect, it } from 'vitest'
import { daysUntil, projectStatus } from './project-status'

const now = new Date('2026-11-23T15:30:00Z')
const inDays = (n: number, time = '09:00:00') => new Date(`${new Date(Date.UTC(2026, 10, 23 + n)).toISOString().slice(0, 10)}T${time}Z`)

describe('projectStatus', () => {
  it.each([
    ['100% is Completed whatever the due date', 100, inDays(-10), 'Completed'],
    ['100% without a due date is Completed', 100, null, 'Completed'],
    ['no due date is Pending', 40, null, 'Pending'],
    ['0% without a due date is Pending', 0, undefined, 'Pending'],
    ['3 days left is On track', 0, inDays(3), 'On track'],
    ['2 days left is Due soon', 10, inDays(2), 'Due soon'],
    ['due today (earlier hour) is Due soon', 10, inDays(0, '00:00:00'), 'Due soon'],
    ['due today (later hour) is Due soon', 10, inDays(0, '23:59:59'), 'Due soon'],
    ['1 day left is Due soon', 99, inDays(1), 'Due soon'],
    ['yesterday is Past due', 50, inDays(-1, '23:59:59'), 'Past due'],
    ['long ago is Past due', 0, inDays(-400), 'Past due'],
  ] as const)('%s', (_name, statusPercentage, dueDate, expected) => {
    expect(projectStatus({ statusPercentage, dueDate }, now)).toBe(expected)
  })

  it('accepts ISO strings', () => {
    expect(projectStatus({ statusPercentage: 0, dueDate: inDays(5).toISOString() }, now)).toBe('On track')
  })

  it('counts calendar days, not 24-hour spans', () => {
    expect(daysUntil(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-23T23:59:00Z'))).toBe(1)
    expect(daysUntil(new Date('2026-11-23T00:00:00Z'), new Date('2026-11-23T23:59:00Z'))).toBe(0)
  })
})
